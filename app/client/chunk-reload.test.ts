import { expect, test } from 'vitest'
import { mayReloadForChunk } from './chunk-reload.ts'

test('a failed chunk load reloads a path at most once per 10 s', () => {
	const store = new Map<string, string>()
	const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) }
	expect(mayReloadForChunk('/wallet', 100_000, storage)).toBe(true)
	expect(mayReloadForChunk('/wallet', 109_999, storage)).toBe(false)
	expect(mayReloadForChunk('/claims', 109_999, storage)).toBe(true)
	expect(mayReloadForChunk('/wallet', 110_000, storage)).toBe(true)
})
