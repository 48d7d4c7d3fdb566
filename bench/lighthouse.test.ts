import { describe, expect, test } from 'vitest'
import { coldCacheCookies } from './lighthouse.ts'

describe('coldCacheCookies', () => {
	test('drops the cookie that says the stylesheet is cached, and keeps the session', () => {
		expect(coldCacheCookies('__session=abc; css=Ii9hc3NldHMiw%3D; toast=x')).toBe('__session=abc; toast=x')
		expect(coldCacheCookies('css=abc')).toBeUndefined()
		expect(coldCacheCookies(undefined)).toBeUndefined()
		// Only the cookie of that name: one whose name merely starts with it stays.
		expect(coldCacheCookies('cssx=1;css=2')).toBe('cssx=1')
	})
})
