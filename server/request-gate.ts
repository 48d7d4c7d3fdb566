import type { RequestHandler } from 'express'

/**
 * How many of the portal's requests are served at once; the rest wait their turn, in order of arrival
 * (docs/decisions/128-request-path-second-pass.md, 132-accepting-connections-under-load.md). Serving a page is
 * mostly CPU, and a process has one thread: a hundred pages under way at once take as long in all as the
 * same hundred in turn, but each holds its request, its API answers and its render for the whole time.
 *
 * The limit is kept small because Node (libuv 1.46) accepts one new connection per turn of its event loop,
 * and a turn runs every page under way that is ready to go on. With 32 at once a turn took 100–300 ms under
 * load, so 50 browsers arriving together were let in at three to ten a second and the last waited 8 s
 * before the portal saw their request. With 4 at once a turn is a few pages long.
 *
 * With the API in this process, a page waits on nothing but the database and gzip, and 4 at once kept the
 * processor as busy as 32. A portal that calls an API process over HTTP waits on it, and gets 8.
 */
export function pagesAtOnce(apiInProcess: boolean): number {
	return apiInProcess ? 4 : 8
}

/** A gate that lets `limit` requests through at once; one leaves when its answer is sent or its client goes. */
export function requestGate(limit: number): RequestHandler & { readonly active: number; readonly waiting: number } {
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
