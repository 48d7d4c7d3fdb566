import { describe, expect, test } from 'vitest'
import { buildRows, type Measured } from './report.ts'

const load = (reqPerSec: number, p95Ms: number) => ({
	reqPerSec,
	p95Ms,
	p50Ms: p95Ms / 2,
	p90Ms: p95Ms,
	p99Ms: p95Ms,
	requests: reqPerSec * 10,
	durationS: 10,
	connections: 10,
})

describe("issue 19's targets in the bench's rows", () => {
	const floor: Measured = { target: 'floor', route: '/', load: load(400, 40), failed: {} }
	const row = (rows: ReturnType<typeof buildRows>, target: string, route: string, metric: string) =>
		rows.find((r) => r.target === target && r.route === route && r.metric === metric)!

	test('signed-in pages keep half the floor’s req/s and three times its p95; /login 0.7× its req/s', () => {
		const rows = buildRows(
			[
				{ target: 'portal', route: '/', load: load(200, 120), failed: {} },
				{ target: 'portal-pg', route: '/', load: load(150, 121), failed: {} },
				{ target: 'portal', route: '/login', load: load(270, 300), failed: {} },
				floor,
			],
			floor,
		)
		expect(row(rows, 'portal', '/', 'req/s (mean)')).toMatchObject({ ratioToFloor: 0.5, budget: '>= 0.5× floor', status: 'PASS' })
		expect(row(rows, 'portal', '/', 'p95 latency (exact)')).toMatchObject({ ratioToFloor: 3, status: 'PASS' })
		expect(row(rows, 'portal-pg', '/', 'req/s (mean)')).toMatchObject({ ratioToFloor: 0.38, status: 'FAIL' })
		expect(row(rows, 'portal-pg', '/', 'p95 latency (exact)')).toMatchObject({ budget: '<= 3× floor', status: 'FAIL' })
		expect(row(rows, 'portal', '/login', 'req/s (mean)')).toMatchObject({ ratioToFloor: 0.68, budget: '>= 0.7× floor', status: 'FAIL' })
		// /login has no p95 target: it is not a signed-in page.
		expect(row(rows, 'portal', '/login', 'p95 latency (exact)')).toMatchObject({ budget: null, status: 'n/a' })
		expect(row(rows, 'floor', '/', 'req/s (mean)')).toMatchObject({ budget: null, status: 'n/a' })
	})

	test('LCP on /login and / at most 1.1× the floor’s; a budget of its own still decides the score', () => {
		const lighthouse = (lcpMs: number, score: number) => {
			const run = { score, lcpMs, tbtMs: 0, cls: 0, fcpMs: lcpMs, speedIndexMs: lcpMs, transferBytes: 100_000, scriptsDoneMs: 0 }
			return { ...run, runs: [run] }
		}
		const withLcp: Measured = { ...floor, lighthouse: lighthouse(800, 100) }
		const rows = buildRows(
			[
				{ target: 'portal', route: '/login', lighthouse: lighthouse(880, 96), failed: {} },
				{ target: 'portal', route: '/', lighthouse: lighthouse(1000, 94), failed: {} },
				withLcp,
			],
			withLcp,
		)
		expect(row(rows, 'portal', '/login', 'LCP')).toMatchObject({ ratioToFloor: 1.1, status: 'PASS' })
		expect(row(rows, 'portal', '/', 'LCP')).toMatchObject({ ratioToFloor: 1.25, status: 'FAIL' })
		expect(row(rows, 'portal', '/', 'Lighthouse perf (mobile)')).toMatchObject({ budget: '>= 95', status: 'FAIL' })
	})
})
