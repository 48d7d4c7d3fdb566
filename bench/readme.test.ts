import { describe, expect, it } from 'vitest'
import { summarize } from './embedded.ts'
import { type BenchResults, README_END, README_START, renderFigures, replaceFigures } from './readme.ts'
import type { Row } from './report.ts'
import { type SlowPage, withRatios } from './slow.ts'

const row = (target: Row['target'], route: string, metric: string, value: number | null, unit = '', ratio: number | null = null): Row => ({
	target,
	route,
	metric,
	unit,
	value,
	floor: null,
	ratioToFloor: ratio,
	budget: null,
	status: value === null ? 'ERROR' : 'n/a',
})

const slowPage = (target: SlowPage['target'], route: string, lcp: number, withoutJsLcp: number, path = route): SlowPage => ({
	target,
	route,
	path,
	withJs: { fcpMs: lcp, lcpMs: lcp, scriptsDoneMs: lcp * 2, transferKiB: 150.04 },
	withoutJs: { fcpMs: withoutJsLcp, lcpMs: withoutJsLcp, scriptsDoneMs: 0, transferKiB: 12 },
	ratioToFloor: { lcp: null, withoutJsLcp: null },
	error: null,
})

const results: BenchResults = {
	generatedAt: '2026-11-25T21:30:00.000Z',
	machine: { cores: 2, loadAverage: [3.14, 2, 1] },
	settings: { lighthouse: { runs: 1 }, load: { connections: 10, durationS: 10 } },
	rows: [
		row('portal', '/login', 'first-load JS gzip', 122.5, 'KiB', 1.15),
		row('portal', '/login', 'req/s (mean)', 1780, '', 0.44),
		row('portal', '/', 'first-load JS gzip', null, 'KiB'),
		{ ...row('portal-pg', '/', 'req/s (mean)', 120, '', 0.3), budget: '>= 0.5× floor', status: 'FAIL' },
		{ ...row('portal-pg', '/', 'p95 latency (exact)', 90, 'ms', 2.5), budget: '<= 3× floor', status: 'PASS' },
		row('floor', '/', 'first-load JS gzip', 106.4, 'KiB', 1),
	],
	slow: {
		network: { rttMs: 400, downKbps: 400, upKbps: 400 },
		how: '',
		runs: 1,
		pages: withRatios([
			slowPage('floor', '/', 1000, 800),
			slowPage('portal', '/products/:product', 2500, 1200, '/products/31'),
			{ ...slowPage('portal', '/', 0, 0), withJs: null, withoutJs: null, error: 'sign-in | failed' },
		]),
	},
	embedded: {
		database: 'pglite',
		route: '/',
		...summarize([12_000, 100, 200, 300], { errors: 0, timeouts: 1, notOk: 0, durationS: 10, elapsedS: 12, connections: 50 }),
		rssMiB: { before: 600, after: 690 },
	},
	staff: null,
}

describe('the figures written into the README', () => {
	const figures = renderFigures(results, 8)

	it('says when and on how many cores (results.json first, the caller as a fallback)', () => {
		expect(figures).toMatch(/on 2026-11-25 .* on a machine with 2 cores \(load average 3\.1 at the start\)/)
		expect(renderFigures({ ...results, machine: undefined }, 8)).toContain('a machine with 8 cores;')
	})

	it('puts the floor first and each portal figure with its ratio to the floor', () => {
		const lines = figures.split('\n').filter((l) => l.startsWith('| floor `/`') || l.startsWith('| `/login`'))
		expect(lines[0]).toMatch(/^\| floor `\/` \| 106\.4 KiB \|/)
		expect(lines[1]).toMatch(/^\| `\/login` \| 122\.5 KiB \(1\.15×\) \| – \| – \| – \| 1,780 \(0\.44×\) \| – \|$/)
		expect(figures).toContain('| `/` signed in | error |')
	})

	it('says how the loads ran: one window each, or rounds taking the floor and the pages in turn', () => {
		expect(figures).toContain('autocannon 10 connections for 10 s (×floor in brackets):')
		const inRounds = renderFigures(
			{ ...results, settings: { ...results.settings, load: { connections: 10, durationS: 10, rounds: 3 } } },
			8,
		)
		expect(inRounds).toContain(
			'autocannon 10 connections for 10 s a round, 3 rounds taking the floor and the pages in turn (×floor in brackets):',
		)
	})

	it('names the pages loaded on PostgreSQL and says which miss issue 19’s targets', () => {
		expect(figures).toContain('| `/` signed in, PostgreSQL | – | – | – | – | 120 (0.30×) **off target** | 90 ms (2.50×) |')
	})

	it('has the slow network table with both LCPs, their ratios to the floor and the product page by its address', () => {
		expect(figures).toContain('400 ms per request, 400 kbps down and 400 up')
		expect(figures).toContain('| `/products/31` (a product) | 2,500 ms | 2.50× | 1,200 ms | 1.50× | 5,000 ms | 150.0 KiB |')
		// A pipe in an error message would break the Markdown table.
		expect(figures).toContain('error: sign-in \\| failed')
	})

	it('has the embedded run: max, requests over 10 s, time-outs, and the target not met', () => {
		expect(figures).toContain('50 connections on signed-in `/`')
		expect(figures).toContain('**not met**')
		expect(figures).toContain('| 4 | 0.3 | 200 ms | 12,000 ms | 12,000 ms | 1 | 0 | 1 | 0 | 600 → 690 MiB |')
	})

	it('names the parts it has no figures for', () => {
		expect(figures).toContain('Not measured in these figures: `staff`, `scale`, `load`.')
	})

	it('replaces only what stands between the markers, and again on the next run', () => {
		const readme = `# Title\n\nBefore.\n\n${README_START}\nold figures\n${README_END}\n\nAfter.\n`
		const once = replaceFigures(readme, 'new figures')
		expect(once).toBe(`# Title\n\nBefore.\n\n${README_START}\nnew figures\n${README_END}\n\nAfter.\n`)
		expect(replaceFigures(once, 'newer')).toBe(`# Title\n\nBefore.\n\n${README_START}\nnewer\n${README_END}\n\nAfter.\n`)
	})

	it('refuses a README without both markers in order', () => {
		expect(() => replaceFigures('no markers', 'x')).toThrow(/bench:start/)
		expect(() => replaceFigures(`${README_END}\n${README_START}`, 'x')).toThrow()
	})
})

describe('the embedded run summary', () => {
	it('counts answers over 10 s and passes only with none, and no errors, time-outs or other statuses', () => {
		const counts = { errors: 0, timeouts: 0, notOk: 0, durationS: 10, elapsedS: 10, connections: 50 }
		expect(summarize([10_000, 50], counts)).toMatchObject({ over10s: 0, maxMs: 10_000, pass: true })
		expect(summarize([10_000.5, 50], counts)).toMatchObject({ over10s: 1, pass: false })
		expect(summarize([50], { ...counts, errors: 1 }).pass).toBe(false)
		expect(summarize([], counts)).toMatchObject({ requests: 0, maxMs: null, pass: false })
	})
})
