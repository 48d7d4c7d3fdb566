import { describe, expect, test } from 'vitest'
import { dialogHref, filteredHref, formHref, pageHref, readDialog, readForm, readPage, withQuery } from './query.ts'

describe('query helpers (spec section 2)', () => {
	test('set and remove parameters, keeping the others', () => {
		expect(withQuery('/employees?q=ada', { dialog: 'add' })).toBe('/employees?q=ada&dialog=add')
		expect(withQuery('/employees?q=ada&dialog=add', { dialog: null })).toBe('/employees?q=ada')
		expect(withQuery('/rewards', { page: null })).toBe('/rewards')
	})
	test('page 1 is the list without a page; later pages name theirs', () => {
		expect(pageHref('/rewards/all?page=3', 1)).toBe('/rewards/all')
		expect(pageHref('/rewards/all', 2)).toBe('/rewards/all?page=2')
	})
	test('closing a dialog closes the form it held', () => {
		const open = formHref(dialogHref('/employees?q=a', 'add'), 'employee', 'create')
		expect(open).toBe('/employees?q=a&dialog=add&form=employee&form_method=create')
		expect(dialogHref(open, null)).toBe('/employees?q=a')
	})
	test('reading: a bad page is page 1; unknown dialogs and forms are none; form_method defaults to create', () => {
		expect(readPage(new URLSearchParams('page=4'))).toBe(4)
		for (const bad of ['0', '-1', '1.5', 'x', '10001']) expect(readPage(new URLSearchParams({ page: bad }))).toBe(1)
		expect(readDialog(new URLSearchParams('dialog=add'), ['add'])).toBe('add')
		expect(readDialog(new URLSearchParams('dialog=evil'), ['add'])).toBeNull()
		expect(readForm(new URLSearchParams('form=employee'), ['employee'])).toEqual({ form: 'employee', method: 'create' })
		expect(readForm(new URLSearchParams('form=employee&form_method=edit'), ['employee'])).toEqual({ form: 'employee', method: 'edit' })
		expect(readForm(new URLSearchParams('form=other'), ['employee'])).toBeNull()
	})
})

test('a filtered list’s address carries the filters that are set, in their order, then a page past the first', () => {
	const filters = { type: 'purchase', status: '', from: '2026-11-01', to: undefined }
	expect(filteredHref('/transaction-history', filters)).toBe('/transaction-history?type=purchase&from=2026-11-01')
	expect(filteredHref('/transaction-history', filters, 3)).toBe('/transaction-history?type=purchase&from=2026-11-01&page=3')
	expect(filteredHref('/invoice.csv', { status: '', from: '' })).toBe('/invoice.csv')
	expect(filteredHref('/invoice', { status: 'paid & due' }, 2)).toBe('/invoice?status=paid+%26+due&page=2')
})
