import { expect, test } from 'vitest'
import { isOriginOrAny, withoutKitQuery } from './kit.ts'

test('closing the kit takes only the payload out of the address', () => {
	expect(withoutKitQuery(new URL('http://p.test/login?inspectionSdk=abc&return_url=%2F#x'))).toBe('/login?return_url=%2F#x')
	expect(withoutKitQuery(new URL('http://p.test/?inspectionSdk=abc'))).toBe('/')
	expect(withoutKitQuery(new URL('http://p.test/wallet?page=2'))).toBe('/wallet?page=2')
})

test('a host origin is one origin or any, never more', () => {
	expect(isOriginOrAny('https://bank.example')).toBe(true)
	expect(isOriginOrAny('http://127.0.0.1:4000')).toBe(true)
	expect(isOriginOrAny('*')).toBe(true)
	for (const bad of ['https://bank.example/', "https://a.example 'unsafe-inline'", 'javascript:alert(1)', 'https://a.example;b', '']) {
		expect(isOriginOrAny(bad)).toBe(false)
	}
})
