// Turns measurements into rows (value, floor, ratio, budget, PASS/FAIL), results.json and a table.
import type { Bytes } from './bytes.ts'
import type { LighthouseResult } from './lighthouse.ts'
import type { LoadResult } from './load.ts'

/** The floor, the portal on its embedded database, and the portal on PostgreSQL. */
export type Target = 'portal' | 'floor' | 'portal-pg'
export type Step = 'bytes' | 'lighthouse' | 'load'
export type Measured = {
	target: Target
	route: string
	bytes?: Bytes
	lighthouse?: LighthouseResult
	load?: LoadResult
	/** Steps that were attempted for this route and failed, with the reason. */
	failed: Partial<Record<Step, string>>
}

const KiB = 1024
export const BUDGETS = { jsGzipBytes: 125 * KiB, cssGzipBytes: 12 * KiB, lighthouseScore: 95 }

/**
 * Issue 19 point 1's targets, as ratios to the floor in the same run: signed-in pages at least 0.5× its
 * req/s and at most 3× its p95, `/login` at least 0.7× its req/s, LCP on `/login` and `/` at most 1.1× its.
 */
export const TARGETS = { signedInReqPerSec: 0.5, signedInP95: 3, loginReqPerSec: 0.7, lcp: 1.1 }
const SIGNED_OUT = new Set(['/login', '/register', '/password-reset'])

/** The ratio to the floor a portal page must keep for a metric, if the issue sets one. */
function ratioTarget(m: Measured, metric: string): Budget | undefined {
	if (m.target === 'floor') return undefined
	const signedIn = !SIGNED_OUT.has(m.route)
	if (metric === 'req/s (mean)') return { op: '>=', limit: signedIn ? TARGETS.signedInReqPerSec : TARGETS.loginReqPerSec }
	if (metric === 'p95 latency (exact)' && signedIn) return { op: '<=', limit: TARGETS.signedInP95 }
	if (metric === 'LCP' && (m.route === '/login' || m.route === '/')) return { op: '<=', limit: TARGETS.lcp }
	return undefined
}

type Budget = { op: '<=' | '>='; limit: number }
type Metric = {
	step: Step
	name: string
	unit: string
	pick: (m: Measured) => number | undefined
	budget?: Budget
	scale?: number
	digits: number
}

const METRICS: Metric[] = [
	{
		step: 'bytes',
		name: 'first-load JS gzip',
		unit: 'KiB',
		pick: (m) => m.bytes?.jsGzip,
		budget: { op: '<=', limit: BUDGETS.jsGzipBytes },
		scale: KiB,
		digits: 1,
	},
	{
		step: 'bytes',
		name: 'first-load CSS gzip',
		unit: 'KiB',
		pick: (m) => m.bytes?.cssGzip,
		budget: { op: '<=', limit: BUDGETS.cssGzipBytes },
		scale: KiB,
		digits: 1,
	},
	{
		step: 'lighthouse',
		name: 'Lighthouse perf (mobile)',
		unit: '',
		pick: (m) => m.lighthouse?.score,
		budget: { op: '>=', limit: BUDGETS.lighthouseScore },
		digits: 0,
	},
	{ step: 'lighthouse', name: 'LCP', unit: 'ms', pick: (m) => m.lighthouse?.lcpMs, digits: 0 },
	{ step: 'lighthouse', name: 'TBT', unit: 'ms', pick: (m) => m.lighthouse?.tbtMs, digits: 0 },
	{ step: 'lighthouse', name: 'CLS', unit: '', pick: (m) => m.lighthouse?.cls, digits: 3 },
	{ step: 'load', name: 'req/s (mean)', unit: '', pick: (m) => m.load?.reqPerSec, digits: 0 },
	{ step: 'load', name: 'p95 latency (exact)', unit: 'ms', pick: (m) => m.load?.p95Ms, digits: 1 },
]

export type Row = {
	target: Target
	route: string
	metric: string
	unit: string
	value: number | null
	floor: number | null
	ratioToFloor: number | null
	budget: string | null
	status: 'PASS' | 'FAIL' | 'ERROR' | 'n/a'
	error?: string
}

const fmt = (n: number, metric: Metric) => (n / (metric.scale ?? 1)).toFixed(metric.digits)

export function buildRows(all: Measured[], floor: Measured | undefined): Row[] {
	const rows: Row[] = []
	for (const m of all) {
		for (const metric of METRICS) {
			const value = metric.pick(m)
			const error = m.failed[metric.step]
			if (value === undefined && !error) continue
			const floorValue = floor ? metric.pick(floor) : undefined
			const ratio = value !== undefined && floorValue ? value / floorValue : undefined
			const target = ratioTarget(m, metric.name)
			let budget = metric.budget ? `${metric.budget.op} ${fmt(metric.budget.limit, metric)}${metric.unit ? ` ${metric.unit}` : ''}` : null
			let status: Row['status'] = 'n/a'
			if (value === undefined) status = 'ERROR'
			else if (metric.budget) {
				const ok = metric.budget.op === '<=' ? value <= metric.budget.limit : value >= metric.budget.limit
				status = ok ? 'PASS' : 'FAIL'
			} else if (target && ratio !== undefined) {
				budget = `${target.op} ${target.limit}× floor`
				status = (target.op === '<=' ? ratio <= target.limit : ratio >= target.limit) ? 'PASS' : 'FAIL'
			}
			rows.push({
				target: m.target,
				route: m.route,
				metric: metric.name,
				unit: metric.unit,
				// Stored in display units (KiB, ms, 0–100) so results.json reads like the table.
				value: value === undefined ? null : Number(fmt(value, metric)),
				floor: floorValue === undefined ? null : Number(fmt(floorValue, metric)),
				ratioToFloor: ratio === undefined ? null : Number(ratio.toFixed(2)),
				budget,
				status,
				...(error ? { error } : {}),
			})
		}
	}
	return rows
}

export function printTable(rows: Row[]): void {
	const header = ['target', 'route', 'metric', 'value', 'floor', '×floor', 'budget', 'status']
	const cells = rows.map((r) => [
		r.target,
		r.route,
		r.metric,
		r.value === null ? '—' : `${r.value}${r.unit ? ` ${r.unit}` : ''}`,
		r.floor === null ? '—' : `${r.floor}${r.unit ? ` ${r.unit}` : ''}`,
		r.ratioToFloor === null ? '—' : r.ratioToFloor.toFixed(2),
		r.budget ?? '',
		r.status === 'n/a' ? '' : r.status,
	])
	const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)))
	const line = (c: string[]) =>
		c
			.map((s, i) => (i >= 3 && i <= 5 ? s.padStart(widths[i]) : s.padEnd(widths[i])))
			.join('  ')
			.trimEnd()
	console.log(line(header))
	console.log(widths.map((w) => '-'.repeat(w)).join('  '))
	let previous = ''
	for (const [i, c] of cells.entries()) {
		const key = `${rows[i].target} ${rows[i].route}`
		if (previous && key !== previous) console.log('')
		previous = key
		console.log(line(c))
	}
}
