import { describe, expect, it, vi } from 'vitest'
import { keptByKey } from './kept.server.ts'

describe('kept by key', () => {
	it('makes a value once per key and hands back the one it made', () => {
		const keep = keptByKey<{ n: number }>(10)
		const make = vi.fn(() => ({ n: 1 }))
		const first = keep('a', make)
		expect(keep('a', make)).toBe(first)
		expect(make).toHaveBeenCalledTimes(1)
		keep('b', make)
		expect(make).toHaveBeenCalledTimes(2)
	})

	it('lets the key kept longest go once the limit is reached, and keeps the rest', () => {
		const keep = keptByKey<string>(2)
		const make = vi.fn((key: string) => key.toUpperCase())
		for (const key of ['a', 'b', 'c']) keep(key, () => make(key))
		expect(make).toHaveBeenCalledTimes(3)
		keep('b', () => make('b'))
		keep('c', () => make('c'))
		expect(make).toHaveBeenCalledTimes(3)
		expect(keep('a', () => make('a'))).toBe('A')
		expect(make).toHaveBeenCalledTimes(4)
	})
})
