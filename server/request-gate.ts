import type { RequestHandler } from 'express'

/**
 * How many of the portal's requests are served at once; the rest wait their turn, in order of arrival
 * (docs/decisions/128-request-path-second-pass.md). Serving a page is mostly CPU, and a process has one
 * thread: a hundred pages under way at once take as long in all as the same hundred in turn, but each holds
 * its request, its API answers and its render for the whole time, long enough for V8 to move them to the
 * old generation. A few dozen at once keeps the processor busy through the waits on the API and the
 * database, and a waiting request holds little more than its socket.
 */
export const PAGES_AT_ONCE = 32

/** A gate that lets `limit` requests through at once; one leaves when its answer is sent or its client goes. */
export function requestGate(limit = PAGES_AT_ONCE): RequestHandler & { readonly active: number; readonly waiting: number } {
	let active = 0
	const queue: Array<() => void> = []
	const gate: RequestHandler = (req, res, next) => {
		// A client gone already never hears its close again: its place must not wait for it.
		const gone = () => res.destroyed || res.writableFinished || Boolean(req.socket?.destroyed)
		let left = false
		const leave = () => {
			if (left) return
			left = true
			const following = queue.shift()
			// The place passes to the next in line, or is freed.
			if (following) following()
			else active--
		}
		const enter = () => {
			if (gone()) return leave()
			res.once('finish', leave)
			res.once('close', leave)
			next()
		}
		if (active < limit) {
			active++
			enter()
			return
		}
		if (gone()) return
		queue.push(enter)
		// A client that gave up while waiting leaves the line.
		res.once('close', () => {
			const at = queue.indexOf(enter)
			if (at >= 0) queue.splice(at, 1)
		})
	}
	return Object.defineProperties(gate, {
		active: { get: () => active },
		waiting: { get: () => queue.length },
	}) as RequestHandler & { readonly active: number; readonly waiting: number }
}
