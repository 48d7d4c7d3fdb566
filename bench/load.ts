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
	/** Measured windows (see `interleavedLoads`), and the req/s of each, in order (absent in runs before decision 143). */
	rounds?: number
	reqPerSecByRound?: number[]
}

/** One measured window: every response time, and autocannon's mean req/s over it. */
export type LoadRound = { times: number[]; reqPerSec: number; durationS: number }

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
export async function loadRound(url: string, cookieHeader: string | undefined, durationS: number, connections: number): Promise<LoadRound> {
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
	return { times, reqPerSec: result.requests.mean, durationS: result.duration }
}

/** Rounds of one target as one result: req/s the mean of the rounds', percentiles over every response of every round. */
export function summariseRounds(rounds: LoadRound[], connections: number): LoadResult {
	if (rounds.length === 0) throw new Error('no rounds to summarise')
	const times = rounds.flatMap((r) => r.times).sort((a, b) => a - b)
	const reqPerSecByRound = rounds.map((r) => r.reqPerSec)
	return {
		reqPerSec: reqPerSecByRound.reduce((sum, r) => sum + r, 0) / rounds.length,
		p95Ms: percentile(times, 95),
		p50Ms: percentile(times, 50),
		p90Ms: percentile(times, 90),
		p99Ms: percentile(times, 99),
		requests: times.length,
		durationS: rounds.reduce((sum, r) => sum + r.durationS, 0),
		connections,
		rounds: rounds.length,
		reqPerSecByRound,
	}
}

export async function runLoad(url: string, cookieHeader: string | undefined, durationS: number, connections = 10): Promise<LoadResult> {
	return summariseRounds([await loadRound(url, cookieHeader, durationS, connections)], connections)
}

/**
 * Each target loaded in turn, round after round, so that every target's figure (the floor's too) comes
 * from the same stretch of the run: this machine's speed moves by a fifth or more from one minute to the
 * next (decisions 128 and 143), and a ratio of two windows a minute apart carried that drift. A target
 * whose round fails is left out of later rounds and gets its error.
 */
export async function interleavedLoads<T>(
	targets: T[],
	rounds: number,
	connections: number,
	measure: (target: T) => Promise<LoadRound>,
): Promise<(LoadResult | Error)[]> {
	const measured: LoadRound[][] = targets.map(() => [])
	const failed: (Error | undefined)[] = targets.map(() => undefined)
	for (let round = 0; round < rounds; round++) {
		for (const [i, target] of targets.entries()) {
			if (failed[i]) continue
			try {
				measured[i].push(await measure(target))
			} catch (error) {
				failed[i] = error instanceof Error ? error : new Error(String(error))
			}
		}
	}
	return measured.map((r, i) => failed[i] ?? summariseRounds(r, connections))
}
