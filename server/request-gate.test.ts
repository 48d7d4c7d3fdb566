import { EventEmitter } from 'node:events'
import type { NextFunction, Request, Response } from 'express'
import { describe, expect, test } from 'vitest'
import { pagesAtOnce, requestGate } from './request-gate.ts'

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

	test('lets a few pages through at once: more when the API is another process, which the pages wait on', () => {
		expect(pagesAtOnce(true)).toBe(4)
		expect(pagesAtOnce(false)).toBe(8)
		const gate = requestGate(pagesAtOnce(true))
		const all = Array.from({ length: 5 }, exchange)
		for (const x of all) gate(x.req, x.res, x.next)
		expect(all.map((x) => x.passed)).toEqual([true, true, true, true, false])
	})
})
