import { EventEmitter } from 'node:events'
import type { NextFunction, Request, Response } from 'express'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { loopWatch, PAGES_AT_ONCE, PAGES_WHILE_BUSY, requestGate } from './request-gate.ts'

/** A request and its answer as far as the gate reads them: the answer's events and whether it is over. */
function exchange() {
	const res = Object.assign(new EventEmitter(), { destroyed: false, writableFinished: false })
	const req = { socket: { destroyed: false } }
	let passed = false
	const next: NextFunction = () => {
		passed = true
	}
	return {
		req: req as unknown as Request,
		res: res as unknown as Response,
		next,
		get passed() {
			return passed
		},
		finish() {
			res.writableFinished = true
			res.emit('finish')
			res.emit('close')
		},
		hangUp() {
			res.destroyed = true
			req.socket.destroyed = true
			res.emit('close')
		},
	}
}

describe('the gate in front of the portal’s pages', () => {
	test('lets its limit through, then each in order of arrival as one before it is answered', () => {
		const gate = requestGate(2)
		const [a, b, c, d] = [exchange(), exchange(), exchange(), exchange()]
		for (const x of [a, b, c, d]) gate(x.req, x.res, x.next)
		expect([a.passed, b.passed, c.passed, d.passed]).toEqual([true, true, false, false])
		expect([gate.active, gate.waiting]).toEqual([2, 2])
		b.finish()
		expect([c.passed, d.passed]).toEqual([true, false])
		a.finish()
		expect(d.passed).toBe(true)
		// Finish and close both fire for one answer: it leaves once.
		c.finish()
		d.finish()
		expect([gate.active, gate.waiting]).toEqual([0, 0])
	})

	test('a client that hangs up frees its place, and one that hung up while waiting leaves the line', () => {
		const gate = requestGate(1)
		const [a, b, c] = [exchange(), exchange(), exchange()]
		for (const x of [a, b, c]) gate(x.req, x.res, x.next)
		b.hangUp()
		expect(gate.waiting).toBe(1)
		a.hangUp()
		expect([b.passed, c.passed]).toEqual([false, true])
		c.finish()
		expect([gate.active, gate.waiting]).toEqual([0, 0])
	})

	test('a client gone before its turn comes never holds a place', () => {
		const gate = requestGate(1)
		const [a, b, c] = [exchange(), exchange(), exchange()]
		gate(a.req, a.res, a.next)
		gate(b.req, b.res, b.next)
		// Gone without a close the gate heard (it was already closed when it got there, say).
		;(b.res as unknown as { destroyed: boolean }).destroyed = true
		a.finish()
		expect(b.passed).toBe(false)
		gate(c.req, c.res, c.next)
		expect(c.passed).toBe(true)
		expect(gate.active).toBe(1)
	})

	test('while the processor is busy lets only a few through; the rest go, in order, once it is not', async () => {
		let busy = true
		const gate = requestGate(4, { whileBusy: 1, busy: () => busy, recheckMs: 1 })
		const [a, b, c, d, e] = [exchange(), exchange(), exchange(), exchange(), exchange()]
		for (const x of [a, b, c]) gate(x.req, x.res, x.next)
		expect([a.passed, b.passed, c.passed]).toEqual([true, false, false])
		a.finish()
		// One leaves: the next goes in its place, busy or not.
		expect([b.passed, c.passed]).toEqual([true, false])
		gate(d.req, d.res, d.next)
		busy = false
		// The line is looked at again without anyone leaving or coming: those waiting go through.
		await new Promise((resolve) => setTimeout(resolve, 20))
		expect([c.passed, d.passed]).toEqual([true, true])
		busy = true
		// Busy again, with three under way: a newcomer waits for the first to leave.
		gate(e.req, e.res, e.next)
		expect(e.passed).toBe(false)
		expect([gate.active, gate.waiting]).toEqual([3, 1])
		b.finish()
		c.finish()
		expect(e.passed).toBe(false)
		d.finish()
		expect(e.passed).toBe(true)
	})

	test('one that comes while others wait goes after them', () => {
		let busy = true
		const gate = requestGate(4, { whileBusy: 1, busy: () => busy })
		const order: string[] = []
		const all = ['a', 'b', 'c', 'd'].map((name) => {
			const x = exchange()
			return { ...x, name, next: () => order.push(name) }
		})
		for (const x of all.slice(0, 3)) gate(x.req, x.res, x.next)
		expect(order).toEqual(['a'])
		busy = false
		gate(all[3]!.req, all[3]!.res, all[3]!.next)
		expect(order).toEqual(['a', 'b', 'c', 'd'])
	})

	test('lets a few dozen through at once, and a few while busy', () => {
		expect(PAGES_AT_ONCE).toBeGreaterThanOrEqual(16)
		expect(PAGES_WHILE_BUSY).toBeGreaterThanOrEqual(2)
		expect(PAGES_WHILE_BUSY).toBeLessThanOrEqual(8)
		const gate = requestGate(PAGES_AT_ONCE, { whileBusy: PAGES_WHILE_BUSY, busy: () => false })
		const all = Array.from({ length: PAGES_AT_ONCE + 1 }, exchange)
		for (const x of all) gate(x.req, x.res, x.next)
		expect(all.filter((x) => x.passed)).toHaveLength(PAGES_AT_ONCE)
	})
})

describe('loopWatch', () => {
	afterEach(() => {
		vi.useRealTimers()
	})

	test('is busy while a turn runs long, and after a late tick until one comes on time', () => {
		vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
		let clock = 0
		const watch = loopWatch(5, 20, () => clock)
		clock = 5
		vi.advanceTimersByTime(5)
		expect(watch.busy).toBe(false)
		// A turn of 30 ms, still under way: the timer cannot fire.
		clock = 35
		expect(watch.busy).toBe(true)
		// It fires 25 ms late.
		vi.advanceTimersByTime(5)
		clock = 36
		expect(watch.busy).toBe(true)
		// On time again.
		clock = 40
		vi.advanceTimersByTime(5)
		expect(watch.busy).toBe(false)
		watch.stop()
	})
})
