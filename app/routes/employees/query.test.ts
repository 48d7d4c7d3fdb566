import { expect, test } from 'vitest'
import { employeesHref } from './query.ts'

test('a staff list’s next page keeps its filters, then says where it starts; an empty path stays on the page', () => {
	const page = { cursor: 'Okafor|9f1c', from: 21 }
	expect(employeesHref('/employees', { q: 'ada', status: '', sort: 'name' }, page)).toBe(
		'/employees?q=ada&sort=name&cursor=Okafor%7C9f1c&from=21',
	)
	expect(employeesHref('/employees', { q: '', status: 'active' })).toBe('/employees?status=active')
	expect(employeesHref('', { q: undefined }, page)).toBe('?cursor=Okafor%7C9f1c&from=21')
})
