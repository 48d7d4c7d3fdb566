import { describe, expect, test } from 'vitest'
import { loginUrl, safeReturnUrl, withReturnUrl } from './return-url.ts'

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

	test('a step carries a return_url on, only one on this site', () => {
		expect(withReturnUrl('/verify-account', '/register/5/payment')).toBe('/verify-account?return_url=%2Fregister%2F5%2Fpayment')
		expect(withReturnUrl('/update/kyc', 'https://evil.example/')).toBe('/update/kyc')
		expect(withReturnUrl('/update/kyc', null)).toBe('/update/kyc')
	})
})
