import { expect, test } from 'vitest'
import { SameRequestAuth } from './app.ts'

// One token lookup per portal page (decision 117): shared while under way and for a few seconds, bounded.

const found = (id: string) => ({ auth: { id } }) as unknown as NonNullable<Awaited<ReturnType<Parameters<SameRequestAuth['share']>[2]>>>

test('calls of one page share one lookup, including while it is under way', async () => {
	const memo = new SameRequestAuth(5_000, 10)
	let lookups = 0
	const lookup = async () => {
		lookups++
		return found('u1')
	}
	const [a, b] = [memo.share('req1 tok', 0, lookup), memo.share('req1 tok', 1, lookup)]
	expect([a.shared, b.shared]).toEqual([false, true])
	expect((await b.found)?.auth.id).toBe('u1')
	expect(memo.share('req1 tok', 4_999, lookup).shared).toBe(true)
	expect(lookups).toBe(1)
	// Another page, or the same page after the time, looks again.
	expect(memo.share('req2 tok', 10, lookup).shared).toBe(false)
	expect(memo.share('req1 tok', 5_000, lookup).shared).toBe(false)
	expect(lookups).toBe(3)
})

test('a forgotten key looks again, a failed lookup is not kept, and the memo stays within its bound', async () => {
	const memo = new SameRequestAuth(5_000, 3)
	memo.share('a', 0, async () => found('u'))
	memo.delete('a')
	expect(memo.share('a', 0, async () => found('u')).shared).toBe(false)
	const failing = memo.share('b', 0, async () => {
		throw new Error('database down')
	})
	await expect(failing.found).rejects.toThrow('database down')
	expect(memo.share('b', 1, async () => found('u')).shared).toBe(false)
	for (const key of ['c', 'd', 'e', 'f']) memo.share(key, 2, async () => found(key))
	expect(memo.size).toBe(3)
})
