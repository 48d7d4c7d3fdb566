import type { RequestHandler } from 'express'

/**
 * How many of the portal's requests are served at once; the rest wait their turn, in order of arrival
 * (docs/decisions/128-request-path-second-pass.md, 132-accepting-connections-under-load.md). A page under
 * way holds its request, its API answers and its render; at most PAGES_AT_ONCE are held at once.
 */
export const PAGES_AT_ONCE = 32

/**
 * How many are let through while the processor is busy. Node (libuv 1.46) accepts one new connection per
 * turn of its event loop, and a turn runs every page under way that is ready to go on: with 32 pages
 * working at once a turn took 100–300 ms, so 50 browsers arriving together were let in at three to ten a
 * second and the last waited 8 s before the portal saw its request. With 4 working, a turn is a few pages
 * long. Pages that wait (on an upload coming in slowly, a payment gateway, an API process) do not make
 * turns long: while turns are short, more are let through, up to PAGES_AT_ONCE.
 */
export const PAGES_WHILE_BUSY = 4

/** A turn of the event loop this long or longer means the processor is busy. */
export const BUSY_TURN_MS = 20

/**
 * How long the event loop's turns are taking: a timer every `everyMs` notes how late it fires, and a turn
 * still under way counts for as long as it has run.
 */
export function loopWatch(everyMs = 5, busyMs = BUSY_TURN_MS, now = () => performance.now()) {
	let last = now()
	let late = 0
	const timer = setInterval(() => {
		const at = now()
		late = Math.max(0, at - last - everyMs)
		last = at
	}, everyMs)
	timer.unref()
	return {
		get busy() {
			return Math.max(late, now() - last - everyMs) >= busyMs
		},
		stop: () => clearInterval(timer),
	}
}

type GateOptions = {
	/** How many are let through whatever `busy` says. */
	whileBusy?: number
	/** Whether the processor is busy now; while it is, no more than `whileBusy` are let through. */
	busy?: () => boolean
	/** How often the line is looked at again while requests wait (ms). */
	recheckMs?: number
}

export type RequestGate = RequestHandler & { readonly active: number; readonly waiting: number }

/**
 * A gate that lets `limit` requests through at once, or `whileBusy` while `busy()` says so; one leaves
 * when its answer is sent or its client goes. Those waiting go through in order of arrival.
 */
export function requestGate(limit: number, { whileBusy = limit, busy = () => false, recheckMs = 5 }: GateOptions = {}): RequestGate {
	let active = 0
	const queue: Array<() => void> = []
	let recheck: ReturnType<typeof setTimeout> | null = null
	const room = () => active < whileBusy || (active < limit && !busy())
	/** Lets the first in line through while there is room; looks again shortly while some still wait. */
	const admit = () => {
		while (queue.length && room()) {
			active++
			queue.shift()!()
		}
		if (queue.length && !recheck) {
			recheck = setTimeout(() => {
				recheck = null
				admit()
			}, recheckMs)
			recheck.unref()
		}
	}
	const gate: RequestHandler = (req, res, next) => {
		// A client gone already never hears its close again: its place must not wait for it.
		const gone = () => res.destroyed || res.writableFinished || Boolean(req.socket?.destroyed)
		let left = false
		const leave = () => {
			if (left) return
			left = true
			active--
			admit()
		}
		const enter = () => {
			if (gone()) return leave()
			res.once('finish', leave)
			res.once('close', leave)
			next()
		}
		if (!queue.length && room()) {
			active++
			enter()
			return
		}
		if (gone()) return
		queue.push(enter)
		admit()
		// A client that gave up while waiting leaves the line.
		res.once('close', () => {
			const at = queue.indexOf(enter)
			if (at >= 0) queue.splice(at, 1)
		})
	}
	return Object.defineProperties(gate, {
		active: { get: () => active },
		waiting: { get: () => queue.length },
	}) as RequestGate
}
