import { describe, expect, test } from 'vitest'
import { PORTAL_ORIGIN_HEADER } from '../contract/common.ts'
import { portalUrlOf } from './portal-origin.ts'

const unset = { publicUrl: 'http://localhost:3000', publicUrlFixed: false }
const headers = (origin?: string) => new Headers(origin ? { [PORTAL_ORIGIN_HEADER]: origin } : {})

describe('portalUrlOf', () => {
	test('without PUBLIC_URL, the origin the portal was reached at', () => {
		expect(portalUrlOf(headers('http://127.0.0.1:3480'), unset, true)).toBe('http://127.0.0.1:3480')
		expect(portalUrlOf(headers('https://cover.example'), unset, true)).toBe('https://cover.example')
	})

	test('PUBLIC_URL, when set, wins', () => {
		expect(portalUrlOf(headers('http://127.0.0.1:3480'), { publicUrl: 'https://cover.example', publicUrlFixed: true }, true)).toBe(
			'https://cover.example',
		)
	})

	test('an untrusted caller cannot choose where the gateway returns', () => {
		expect(portalUrlOf(headers('https://evil.example'), unset, false)).toBe('http://localhost:3000')
	})

	test('anything but a bare http(s) origin is ignored', () => {
		for (const value of [
			'javascript:alert(1)',
			'https://evil.example/path',
			'https://user:pw@evil.example',
			'not a url',
			'ftp://x.example',
		]) {
			expect(portalUrlOf(headers(value), unset, true)).toBe('http://localhost:3000')
		}
		expect(portalUrlOf(headers(), unset, true)).toBe('http://localhost:3000')
	})
})
