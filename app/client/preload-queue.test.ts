import { describe, expect, test } from 'vitest'
import { MAX_PENDING_PRELOADS, PreloadQueue } from './preload-queue.ts'

/** A loader whose files arrive when the test says so. */
function manual() {
	const started: string[] = []
	const finish = new Map<string, (ok: boolean) => void>()
	const load = (url: string) =>
		new Promise<void>((resolve, reject) => {
			started.push(url)
			finish.set(url, (ok) => (ok ? resolve() : reject(new Error('failed'))))
		})
	return { started, finish, load }
}

const tick = () => new Promise((r) => setTimeout(r, 0))

describe('route preloads (spec section 9)', () => {
	test('at most 4 are pending; the next starts as one arrives', async () => {
		const files = manual()
		const queue = new PreloadQueue(files.load)
		for (let i = 1; i <= 6; i++) queue.add(`/assets/route-${i}.js`)
		expect(MAX_PENDING_PRELOADS).toBe(4)
		expect(files.started).toHaveLength(4)
		expect(queue.inFlight).toBe(4)
		expect(queue.queued).toBe(2)
		files.finish.get('/assets/route-1.js')!(true)
		await tick()
		expect(files.started).toEqual([
			'/assets/route-1.js',
			'/assets/route-2.js',
			'/assets/route-3.js',
			'/assets/route-4.js',
			'/assets/route-5.js',
		])
		expect(queue.inFlight).toBe(4)
	})

	test('a file is preloaded once; one that failed may be asked for again', async () => {
		const files = manual()
		const queue = new PreloadQueue(files.load)
		queue.add('/a.js')
		queue.add('/a.js')
		expect(files.started).toEqual(['/a.js'])
		files.finish.get('/a.js')!(false)
		await tick()
		queue.add('/a.js')
		expect(files.started).toEqual(['/a.js', '/a.js'])
	})

	test('when too many wait, the oldest wish is dropped', () => {
		const files = manual()
		const queue = new PreloadQueue(files.load, 1, 2)
		for (const url of ['/1.js', '/2.js', '/3.js', '/4.js']) queue.add(url)
		expect(files.started).toEqual(['/1.js'])
		expect(queue.queued).toBe(2)
	})
})
