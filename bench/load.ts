// Throughput and latency under load: autocannon, 10 connections, GET only.
import autocannon from 'autocannon'

export type LoadResult = {
	reqPerSec: number
	/** Exact p95 (nearest rank) over every response time autocannon reported. */
	p95Ms: number
	p50Ms: number
	p90Ms: number
	p99Ms: number
	requests: number
	durationS: number
	connections: number
}

/** Nearest-rank percentile of an ascending list. */
export function percentile(sorted: number[], p: number): number {
	if (sorted.length === 0) return Number.NaN
	const rank = Math.ceil((p / 100) * sorted.length)
	return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]
}

/**
 * gzip alone, as the floor has always been measured (decision 130). With Chrome's header (`br` too) the
 * floor's compression middleware makes Brotli as a stream for each answer, which cost it a third of its
 * requests a second: the floor would be slowed, not the portal sped up.
 */
export const ACCEPT_ENCODING = 'gzip'

/** A 1 s unrecorded warm-up (JIT, caches, keep-alive sockets), then durationS seconds measured. */
export async function runLoad(url: string, cookieHeader: string | undefined, durationS: number, connections = 10): Promise<LoadResult> {
	const headers = { accept: 'text/html', 'accept-encoding': ACCEPT_ENCODING, ...(cookieHeader ? { cookie: cookieHeader } : {}) }
	await autocannon({ url, connections, duration: 1, headers })
	const instance = autocannon({ url, connections, duration: durationS, headers })
	// autocannon's summary has p90 and p97.5 but no p95: keep every response time and rank them ourselves.
	const times: number[] = []
	const statuses = new Map<number, number>()
	instance.on('response', (_client: unknown, status: number, _bytes: number, responseTime: number) => {
		times.push(responseTime)
		statuses.set(status, (statuses.get(status) ?? 0) + 1)
	})
	const result = await instance
	const bad = [...statuses].filter(([status]) => status !== 200)
	if (bad.length > 0) {
		const list = bad.map(([status, count]) => `${count}×${status}`).join(', ')
		throw new Error(`GET ${url}: ${list} of ${times.length} responses were not 200`)
	}
	if (result.errors > 0 || result.timeouts > 0) throw new Error(`GET ${url}: ${result.errors} errors, ${result.timeouts} timeouts`)
	if (times.length === 0) throw new Error(`GET ${url}: no responses`)
	times.sort((a, b) => a - b)
	return {
		reqPerSec: result.requests.mean,
		p95Ms: percentile(times, 95),
		p50Ms: percentile(times, 50),
		p90Ms: percentile(times, 90),
		p99Ms: percentile(times, 99),
		requests: times.length,
		durationS: result.duration,
		connections,
	}
}
