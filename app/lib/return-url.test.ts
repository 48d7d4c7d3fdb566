import { describe, expect, test } from 'vitest'
import { loginUrl, safeReturnUrl } from './return-url.ts'

describe('return_url', () => {
	test('keeps the original query and adds the path asked for', () => {
		expect(loginUrl('http://x/mycover/12?utm_source=facebook&campaign=ny')).toBe(
			'/login?utm_source=facebook&campaign=ny&return_url=%2Fmycover%2F12',
		)
		expect(loginUrl('http://x/')).toBe('/login?return_url=%2F')
	})

	test('an earlier return_url in the query is replaced, not repeated', () => {
		expect(loginUrl('http://x/wallet?return_url=/evil')).toBe('/login?return_url=%2Fwallet')
	})

	test.each([
		['/wallet', '/wallet'],
		['/update/kyc?x=1', '/update/kyc?x=1'],
		['//evil.example', '/'],
		['/\\evil.example', '/'],
		['https://evil.example/', '/'],
		['', '/'],
		[null, '/'],
	])('safeReturnUrl(%s) is %s', (value, expected) => {
		expect(safeReturnUrl(value)).toBe(expected)
	})
})
