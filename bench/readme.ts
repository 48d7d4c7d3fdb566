// The README's figures: after each run the bench rewrites what stands between README_START and README_END in
// README.md from bench/results.json (every part's latest figures), with the date and the machine's cores.
import { readFileSync, writeFileSync } from 'node:fs'
import type { EmbeddedLoadResult } from './embedded.ts'
import type { Row } from './report.ts'
import type { runScaleBench } from './scale.ts'
import type { SlowPage, SlowResult } from './slow.ts'
import type { runStaffBench } from './staff.ts'
import type { runUnderLoad } from './under-load.ts'

export const README_START = '<!-- bench:start -->'
export const README_END = '<!-- bench:end -->'

/** What bench/results.json holds, as far as the README shows it; a part never run is missing or null. */
export type BenchResults = {
	generatedAt: string
	machine?: { cores: number; loadAverage?: number[] }
	settings?: { lighthouse?: { runs?: number }; load?: { connections?: number; durationS?: number; rounds?: number } }
	rows?: Row[]
	staff?: Awaited<ReturnType<typeof runStaffBench>> | null
	scale?: Awaited<ReturnType<typeof runScaleBench>> | null
	underLoad?: Awaited<ReturnType<typeof runUnderLoad>> | null
	slow?: SlowResult | null
	embedded?: EmbeddedLoadResult | null
}

const NONE = '–'
const num = (n: number, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
const ms = (n: number | null | undefined) => (n === null || n === undefined ? NONE : `${num(n)} ms`)
const times = (r: number | null | undefined) => (r === null || r === undefined ? NONE : `${r.toFixed(2)}×`)

function pageLabel(target: string, route: string): string {
	if (target === 'floor') return `floor \`${route}\``
	const page = route === '/' ? '`/` signed in' : `\`${route}\``
	return target === 'portal-pg' ? `${page}, PostgreSQL` : page
}

function table(header: string[], rows: string[][]): string {
	return [header, header.map(() => '---'), ...rows].map((r) => `| ${r.join(' | ')} |`).join('\n')
}

function pagesTable(rows: Row[], settings: BenchResults['settings']): string {
	const pages: { target: string; route: string; byMetric: Map<string, Row> }[] = []
	for (const row of rows) {
		let page = pages.find((p) => p.target === row.target && p.route === row.route)
		if (!page) {
			page = { target: row.target, route: row.route, byMetric: new Map() }
			pages.push(page)
		}
		page.byMetric.set(row.metric, row)
	}
	// The floor first, then the portal's pages in the order measured.
	pages.sort((a, b) => (a.target === 'floor' ? -1 : b.target === 'floor' ? 1 : 0))
	const cell = (page: (typeof pages)[number], metric: string, withRatio = false) => {
		const row = page.byMetric.get(metric)
		if (!row) return NONE
		if (row.value === null) return 'error'
		const value = `${num(row.value, row.unit === 'KiB' ? 1 : 0)}${row.unit ? ` ${row.unit}` : ''}`
		// A budget of its own (bytes, score), or issue 19's target as a ratio to the floor.
		const flag = row.status !== 'FAIL' ? '' : row.budget?.endsWith('× floor') ? ' **off target**' : ' **over budget**'
		return withRatio && page.target !== 'floor' && row.ratioToFloor !== null
			? `${value} (${times(row.ratioToFloor)})${flag}`
			: `${value}${flag}`
	}
	const lh = settings?.lighthouse?.runs
	const load = settings?.load
	return [
		`Pages: first-load bytes, Lighthouse mobile (simulated throttling${lh ? `, median of ${lh}` : ''}), autocannon` +
			`${load?.connections ? ` ${load.connections} connections` : ''}${load?.durationS ? ` for ${load.durationS} s` : ''}` +
			`${load?.rounds && load.rounds > 1 ? ` a round, ${load.rounds} rounds taking the floor and the pages in turn` : ''} (×floor in brackets):`,
		'',
		table(
			['route', 'first-load JS gzip', 'CSS gzip', 'Lighthouse (mobile)', 'LCP', 'req/s', 'p95'],
			pages.map((p) => [
				pageLabel(p.target, p.route),
				cell(p, 'first-load JS gzip', true),
				cell(p, 'first-load CSS gzip'),
				cell(p, 'Lighthouse perf (mobile)'),
				cell(p, 'LCP', true),
				cell(p, 'req/s (mean)', true),
				cell(p, 'p95 latency (exact)', true),
			]),
		),
	].join('\n')
}

function slowTable(slow: SlowResult): string {
	const { rttMs, downKbps, upKbps } = slow.network
	const label = (p: SlowPage) => (p.path !== p.route ? `${pageLabel(p.target, p.path)} (a product)` : pageLabel(p.target, p.route))
	return [
		`Slow network (\`slow\`): Lighthouse with Chrome's network emulation, ${rttMs} ms per request, ${downKbps} kbps down and ${upKbps} up, ` +
			`CPU not slowed, ${slow.runs === 1 ? 'one run' : `median of ${slow.runs}`} per page. "Without JS" refuses every script file: the ` +
			'server-rendered page, which every form works from, is on screen at that LCP.',
		'',
		table(
			['page', 'LCP', '×floor', 'without JS: LCP', '×floor', 'scripts in', 'bytes'],
			slow.pages.map((p) =>
				p.error
					? [label(p), `error: ${p.error.replace(/\|/g, '\\|')}`, NONE, NONE, NONE, NONE, NONE]
					: [
							label(p),
							ms(p.withJs?.lcpMs),
							times(p.ratioToFloor.lcp),
							ms(p.withoutJs?.lcpMs),
							times(p.ratioToFloor.withoutJsLcp),
							p.withJs?.scriptsDoneMs ? ms(p.withJs.scriptsDoneMs) : NONE,
							p.withJs ? `${num(p.withJs.transferKiB, 1)} KiB` : NONE,
						],
			),
		),
	].join('\n')
}

function embeddedTable(e: EmbeddedLoadResult): string {
	const memory = e.rssMiB.before !== null && e.rssMiB.after !== null ? `${e.rssMiB.before} → ${e.rssMiB.after} MiB` : NONE
	return [
		`Embedded database under load (\`embedded\`): ${e.connections} connections on signed-in \`/\` of one portal process on PGlite ` +
			`for ${e.durationS} s; target: no request over 10 s, no errors — ${e.pass ? '**met**' : '**not met**'}.`,
		'',
		table(
			['requests', 'req/s', 'p50', 'p95', 'max', 'over 10 s', 'errors', 'time-outs', 'not 200', 'memory (before → after)'],
			[
				[
					num(e.requests),
					num(e.reqPerSec, 1),
					ms(e.p50Ms),
					ms(e.p95Ms),
					ms(e.maxMs),
					num(e.over10s),
					num(e.errors),
					num(e.timeouts),
					num(e.notOk),
					memory,
				],
			],
		),
	].join('\n')
}

function staffLine(s: NonNullable<BenchResults['staff']>): string {
	const { at100, at100k } = s.employeesPage
	return (
		`Staff register (\`staff\`, embedded): first page ${ms(at100.firstPageMs)} at 100 staff and ${ms(at100k.firstPageMs)} at 100,000; ` +
		`search ${ms(at100.searchMs)} and ${ms(at100k.searchMs)}; a 10,000-row import ${ms(s.import10k.totalMs)} (budget ${ms(s.import10k.budgetMs)}).`
	)
}

function scaleTable(s: NonNullable<BenchResults['scale']>): string {
	return [
		`Lists at scale (\`scale\`, PostgreSQL): p50 for a business with ${num(s.sizes.large.staff)} staff (each on a live staff plan), ${num(s.sizes.large.entries)} ledger ` +
			`entries, ${num(s.sizes.large.policies)} policies and claims against one with 100 of each (budget ${s.budget}×); reconciling ` +
			`${num(s.reconcile.entries)} entries took ${ms(s.reconcile.ms)} (budget ${ms(s.reconcile.budgetMs)}).`,
		'',
		table(
			['page', 'p50 at 100', 'p50 at scale', 'ratio'],
			s.pages.map((p) => [
				`\`${p.page}\``,
				ms(p.at100?.p50Ms),
				ms(p.atScale?.p50Ms),
				p.error ? 'error' : `${times(p.p50Ratio)}${p.pass ? '' : ' **over budget**'}`,
			]),
		),
	].join('\n')
}

function underLoadLine(u: NonNullable<BenchResults['underLoad']>): string {
	const memory = (at: Record<string, number | null>) =>
		Object.entries(at)
			.map(([name, v]) => `${name} ${v ?? '?'} MiB`)
			.join(', ')
	const others = Object.entries(u.statuses ?? {})
		.filter(([status]) => status !== '200')
		// autocannon reports a request that timed out with no status.
		.map(([status, n]) => `${num(n)} × ${status === 'undefined' ? 'no answer (time-out)' : status}`)
		.join(', ')
	return (
		`Under load (\`load\`, PostgreSQL): ${u.connections} sessions for ${u.durationS} s on two portals and one API: ${num(u.requests)} ` +
		`requests, p50 ${ms(u.p50Ms)}, p95 ${ms(u.p95Ms)}, max ${ms(u.maxMs)}, ${u.errors} errors, ${u.timeouts} time-outs, ${u.notOk} not 200` +
		`${others ? ` (${others})` : ''}; memory after: ${memory(u.rssMiB.after)}; after ${u.idleS} s idle: ${memory(u.rssMiB.idle)} ` +
		`(budget ${u.budgetMiB} MiB) — ${u.pass ? '**met**' : '**not met**'}.`
	)
}

/** The Markdown that goes between the markers (pure: the cores come from results.json or the caller). */
export function renderFigures(results: BenchResults, cores: number): string {
	const date = results.generatedAt.slice(0, 10)
	const load = results.machine?.loadAverage?.[0]
	const sections = [
		`Written by \`npm run bench\` on ${date} from \`bench/results.json\` (each part's latest run), on a machine with ` +
			`${results.machine?.cores ?? cores} cores${load !== undefined ? ` (load average ${load.toFixed(1)} at the start)` : ''}; ` +
			'timings move with whatever else the machine runs.',
	]
	const missing: string[] = []
	if (results.rows?.length) sections.push(pagesTable(results.rows, results.settings))
	else missing.push('pages')
	if (results.slow) sections.push(slowTable(results.slow))
	else missing.push('slow')
	if (results.embedded) sections.push(embeddedTable(results.embedded))
	else missing.push('embedded')
	if (results.staff) sections.push(staffLine(results.staff))
	else missing.push('staff')
	if (results.scale) sections.push(scaleTable(results.scale))
	else missing.push('scale')
	if (results.underLoad) sections.push(underLoadLine(results.underLoad))
	else missing.push('load')
	if (missing.length) sections.push(`Not measured in these figures: ${missing.map((m) => `\`${m}\``).join(', ')}.`)
	return sections.join('\n\n')
}

/** readme with what stands between the markers replaced by figures; throws when the markers are missing. */
export function replaceFigures(readme: string, figures: string): string {
	const start = readme.indexOf(README_START)
	const end = readme.indexOf(README_END)
	if (start < 0 || end < 0 || end < start) throw new Error(`README.md has no ${README_START} … ${README_END} pair`)
	return `${readme.slice(0, start + README_START.length)}\n${figures}\n${readme.slice(end)}`
}

/** Rewrites the figures in the README at readmePath; returns whether the file changed. */
export function updateReadme(readmePath: string, results: BenchResults, cores: number): boolean {
	const before = readFileSync(readmePath, 'utf8')
	const after = replaceFigures(before, renderFigures(results, cores))
	if (after === before) return false
	writeFileSync(readmePath, after)
	return true
}
