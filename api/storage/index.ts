import { randomBytes } from 'node:crypto'
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'

/** Where uploaded files live: out of the web root, each under a random key. One module for all of them. */
export type Storage = {
	put: (bytes: Uint8Array) => Promise<string>
	/** The bytes under a key, or null when there are none. */
	get: (key: string) => Promise<Uint8Array | null>
	/** Forget the bytes under a key; a key with none is no error. */
	remove: (key: string) => Promise<void>
	/** The keys whose bytes were written before `before` (the sweep of files no record references). */
	listBefore: (before: Date) => Promise<string[]>
}

const KEY = /^[0-9a-f]{32}$/

/** Local disk under `dir` (DATA_DIR/uploads by default), two levels of fan-out by key. */
export function createDiskStorage(dir: string): Storage {
	const file = (key: string) => path.join(dir, key.slice(0, 2), key)
	return {
		async put(bytes) {
			const key = randomBytes(16).toString('hex')
			await mkdir(path.dirname(file(key)), { recursive: true })
			await writeFile(file(key), bytes, { flag: 'wx' })
			return key
		},
		async get(key) {
			if (!KEY.test(key)) return null
			try {
				return new Uint8Array(await readFile(file(key)))
			} catch (error) {
				if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
				throw error
			}
		},
		async remove(key) {
			if (KEY.test(key)) await rm(file(key), { force: true })
		},
		async listBefore(before) {
			const keys: string[] = []
			const fans = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
				if (error.code === 'ENOENT') return [] as string[]
				throw error
			})
			for (const fan of fans) {
				if (!/^[0-9a-f]{2}$/.test(fan)) continue
				for (const key of await readdir(path.join(dir, fan))) {
					if (KEY.test(key) && (await stat(file(key))).mtime < before) keys.push(key)
				}
			}
			return keys
		},
	}
}

/** The most one uploaded file may be. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024

export const UPLOAD_TYPES = { 'image/jpeg': 'jpg', 'image/png': 'png', 'application/pdf': 'pdf' } as const
export type UploadType = keyof typeof UPLOAD_TYPES

/** What a file is by its first bytes, whatever its name or declared type says: JPG, PNG, PDF or null. */
export function sniffType(bytes: Uint8Array): UploadType | null {
	const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b)
	if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg'
	if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png'
	if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'application/pdf'
	return null
}
