// The few parts of autocannon 8's API the bench uses (the package ships no types).
declare module 'autocannon' {
	import type { EventEmitter } from 'node:events'

	type Options = {
		url: string
		connections?: number
		duration?: number
		headers?: Record<string, string>
		method?: string
		/** Seconds before a request counts as timed out (autocannon default 10). */
		timeout?: number
	}
	type Percentiles = { average: number; mean: number; stddev: number; min: number; max: number; p90: number; p97_5: number; p99: number }
	export type Result = {
		latency: Percentiles & { totalCount: number }
		requests: Percentiles & { total: number; sent: number }
		errors: number
		timeouts: number
		non2xx: number
		duration: number
		statusCodeStats: Record<string, { count: number }>
	}
	type Instance = EventEmitter & PromiseLike<Result> & { stop: () => void }

	function autocannon(options: Options): Instance
	export default autocannon
}
