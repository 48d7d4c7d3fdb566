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

	// Each as the query's return_url, decoded as the server reads it; a browser would leave the site for any.
	test.each([
		'/%09/evil.example',
		'/%0A/evil.example',
		'/%0D%0A/evil.example',
		'/%5Cevil.example',
		'%2F%2Fevil.example',
		'%2F%5Cevil.example',
		'/%5C/evil.example',
		'/\\evil.example',
		'%2F%09%2Fevil.example',
		'//evil.example/wallet',
		'///evil.example',
		'/\t/evil.example',
		'javascript:alert(1)',
		'/javascript:alert(1)//%0a',
		'%20//evil.example',
		'http:/evil.example',
		'https:evil.example',
	])('return_url=%s stays on the site', (raw) => {
		const value = new URLSearchParams(`return_url=${raw}`).get('return_url')
		const safe = safeReturnUrl(value)
		const followed = new URL(safe, 'https://portal.example/login')
		expect(followed.origin).toBe('https://portal.example')
		expect(safe).not.toMatch(/[\t\r\n\\]/)
	})

	test('a CR or LF in a path on this site is no header injection: the path comes back without it', () => {
		expect(safeReturnUrl('/wallet\r\nSet-Cookie: a=b')).toBe('/walletSet-Cookie:%20a=b')
		expect(safeReturnUrl('/mycover/12?tab=plans#top')).toBe('/mycover/12?tab=plans#top')
	})

	test('a step carries a return_url on, only one on this site', () => {
		expect(withReturnUrl('/verify-account', '/register/5/payment')).toBe('/verify-account?return_url=%2Fregister%2F5%2Fpayment')
		expect(withReturnUrl('/update/kyc', 'https://evil.example/')).toBe('/update/kyc')
		expect(withReturnUrl('/update/kyc', null)).toBe('/update/kyc')
	})
})
