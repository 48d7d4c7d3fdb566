/** Spec section 9: at most 4 route preloads pending at once. */
export const MAX_PENDING_PRELOADS = 4
/** Asked-for preloads waiting for a free slot; beyond this the oldest wish is dropped (the pointer moved on). */
export const MAX_WAITING_PRELOADS = 8

/**
 * Runs preloads, at most `max` at a time. A URL is loaded once: asking again for one pending, waiting
 * or done does nothing. `load` resolves (or rejects) when the file arrived (or did not).
 */
export class PreloadQueue {
	private pending = 0
	private readonly waiting: string[] = []
	private readonly seen = new Set<string>()

	constructor(
		private readonly load: (url: string) => Promise<unknown>,
		private readonly max = MAX_PENDING_PRELOADS,
		private readonly maxWaiting = MAX_WAITING_PRELOADS,
	) {}

	get inFlight() {
		return this.pending
	}

	get queued() {
		return this.waiting.length
	}

	add(url: string) {
		if (this.seen.has(url)) return
		this.seen.add(url)
		this.waiting.push(url)
		if (this.waiting.length > this.maxWaiting) this.seen.delete(this.waiting.shift()!)
		this.next()
	}

	private next() {
		while (this.pending < this.max && this.waiting.length) {
			const url = this.waiting.shift()!
			this.pending++
			this.load(url)
				.catch(() => this.seen.delete(url))
				.finally(() => {
					this.pending--
					this.next()
				})
		}
	}
}
