// `npm run bench -- --only=embedded` (issue 19 point 4, the embedded default): 50 connections on signed-in `/`
// of one portal process on its embedded database (PGlite, the demo business) for BENCH_DURATION seconds.
// Target: no request over 10 s, no errors or time-outs, every answer 200.
// Not autocannon: it drops the requests still under way when its time is up, and those are the slow ones
// this part is looking for. Here each of the 50 connections sends its next request until the time is up
// and every request sent is waited for (up to 30 s, then it counts as a time-out) and timed.
import { Agent, request } from 'node:http'
import autocannon from 'autocannon'
import { launchBrowser, signIn } from './bytes.ts'
import { ACCEPT_ENCODING, percentile } from './load.ts'
import { buildPortalIfMissing, type Server, startPortal } from './serve.ts'
import { rssMiB } from './under-load.ts'

export const EMBEDDED_CONNECTIONS = 50
export const SLOW_REQUEST_MS = 10_000
const GIVE_UP_S = 30

export type EmbeddedLoadResult = {
	database: 'pglite'
	route: '/'
	connections: number
	durationS: number
	requests: number
	/** Answers over the time from the first request to the last answer. */
	reqPerSec: number
	p50Ms: number
	p95Ms: number
	p99Ms: number
	maxMs: number | null
	/** Answers that took longer than 10 s (target: none). */
	over10s: number
	errors: number
	/** Requests that waited 30 s without a byte. */
	timeouts: number
	notOk: number
	rssMiB: { before: number | null; after: number | null }
	pass: boolean
}

/** The figures of one run from every response time (ms, any order) and the counts (pure). */
export function summarize(
	times: number[],
	counts: { errors: number; timeouts: number; notOk: number; durationS: number; elapsedS: number; connections: number },
): Omit<EmbeddedLoadResult, 'database' | 'route' | 'rssMiB'> {
	const sorted = [...times].sort((a, b) => a - b)
	const over10s = sorted.filter((t) => t > SLOW_REQUEST_MS).length
	const round = (n: number) => Math.round(n * 10) / 10
	return {
		connections: counts.connections,
		durationS: counts.durationS,
		requests: sorted.length,
		reqPerSec: round(sorted.length / counts.elapsedS),
		p50Ms: round(percentile(sorted, 50)),
		p95Ms: round(percentile(sorted, 95)),
		p99Ms: round(percentile(sorted, 99)),
		maxMs: sorted.length ? round(sorted.at(-1)!) : null,
		over10s,
		errors: counts.errors,
		timeouts: counts.timeouts,
		notOk: counts.notOk,
		pass: sorted.length > 0 && over10s + counts.errors + counts.timeouts + counts.notOk === 0,
	}
}

type Outcome = { status: number; ms: number } | 'timeout' | 'error'

/** One GET on a kept-alive socket, timed to the last byte of the body. */
function get(url: string, headers: Record<string, string>, agent: Agent): Promise<Outcome> {
	return new Promise((done) => {
		const start = performance.now()
		const req = request(url, { headers, agent, timeout: GIVE_UP_S * 1000 }, (res) => {
			res.on('data', () => {})
			res.on('end', () => done({ status: res.statusCode ?? 0, ms: performance.now() - start }))
			res.on('error', () => done('error'))
		})
		req.on('timeout', () => {
			req.destroy()
			done('timeout')
		})
		req.on('error', () => done('error'))
		req.end()
	})
}

/** `connections` loops, each sending its next request as soon as the last one is answered, until durationS is up. */
async function drive(url: string, headers: Record<string, string>, connections: number, durationS: number) {
	const agent = new Agent({ keepAlive: true, maxSockets: connections })
	const start = performance.now()
	const deadline = start + durationS * 1000
	const times: number[] = []
	let errors = 0
	let timeouts = 0
	let notOk = 0
	const loop = async () => {
		while (performance.now() < deadline) {
			const outcome = await get(url, headers, agent)
			if (outcome === 'timeout') timeouts++
			else if (outcome === 'error') errors++
			else {
				times.push(outcome.ms)
				if (outcome.status !== 200) notOk++
			}
		}
	}
	try {
		await Promise.all(Array.from({ length: connections }, loop))
	} finally {
		agent.destroy()
	}
	// The last requests end after the deadline: the rate counts the time until the last one ended.
	return { times, errors, timeouts, notOk, elapsedS: (performance.now() - start) / 1000 }
}

export async function runEmbeddedLoad(durationS: number, connections = EMBEDDED_CONNECTIONS): Promise<EmbeddedLoadResult> {
	await buildPortalIfMissing()
	let portal: Server | undefined
	try {
		portal = await startPortal()
		const browser = await launchBrowser()
		const { cookieHeader } = await signIn(browser, portal.baseUrl).finally(() => browser.close())
		const url = `${portal.baseUrl}/`
		const headers = { accept: 'text/html', 'accept-encoding': ACCEPT_ENCODING, cookie: cookieHeader }
		// One unrecorded second at 10 connections (JIT, caches); then all 50 at once.
		await autocannon({ url, connections: 10, duration: 1, headers })
		const before = rssMiB(portal.pid)
		const run = await drive(url, headers, connections, durationS)
		const after = rssMiB(portal.pid)
		return {
			database: 'pglite',
			route: '/',
			...summarize(run.times, { ...run, durationS, connections }),
			rssMiB: { before, after },
		}
	} finally {
		await portal?.stop()
	}
}

/** The lines printed after a run. */
export function printEmbeddedLoad(r: EmbeddedLoadResult): void {
	console.log(
		`Embedded database, ${r.connections} connections on signed-in / for ${r.durationS} s: ${r.requests} requests (${r.reqPerSec}/s), ` +
			`p50 ${r.p50Ms} ms, p95 ${r.p95Ms} ms, max ${r.maxMs ?? '—'} ms; over 10 s: ${r.over10s}; errors ${r.errors}, ` +
			`time-outs ${r.timeouts}, not 200: ${r.notOk}; memory ${r.rssMiB.before ?? '?'} → ${r.rssMiB.after ?? '?'} MiB; ${r.pass ? 'PASS' : 'FAIL'}`,
	)
}

if (import.meta.url === `file://${process.argv[1]}`) {
	printEmbeddedLoad(await runEmbeddedLoad(Number(process.env.BENCH_DURATION ?? 10)))
}
