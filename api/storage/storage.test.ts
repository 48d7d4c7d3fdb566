import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test } from 'vitest'
import { createDiskStorage, sniffType } from './index.ts'

test('files are stored under random keys and read back; unknown or malformed keys give null', async () => {
	const dir = await mkdtemp(path.join(tmpdir(), 'storage-'))
	try {
		const storage = createDiskStorage(dir)
		const key = await storage.put(new Uint8Array([1, 2, 3]))
		expect(key).toMatch(/^[0-9a-f]{32}$/)
		expect([...((await storage.get(key)) ?? [])]).toEqual([1, 2, 3])
		expect(await storage.get('0'.repeat(32))).toBeNull()
		expect(await storage.get('../../etc/passwd')).toBeNull()
	} finally {
		await rm(dir, { recursive: true })
	}
})

test('types are told by their first bytes', () => {
	expect(sniffType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg')
	expect(sniffType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png')
	expect(sniffType(new TextEncoder().encode('%PDF-1.7'))).toBe('application/pdf')
	expect(sniffType(new TextEncoder().encode('GIF89a'))).toBeNull()
	expect(sniffType(new Uint8Array([]))).toBeNull()
})
