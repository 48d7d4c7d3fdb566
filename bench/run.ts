// `npm run bench`: first-load bytes, Lighthouse and autocannon for the portal and for a bare React Router floor.
// Flags: --floor-only (measure the floor alone), --rebuild (run `npm run build` even if build/ exists),
// --only=<parts> (a comma-separated choice of: pages, staff, scale, load, billing, slow, embedded; default all). A run of
// some parts keeps the other parts' figures already in bench/results.json. --no-readme: leave README.md's figures alone.
// Env: BENCH_DURATION (autocannon seconds a round, default 10), BENCH_LOAD_ROUNDS (rounds of the floor and the pages in
// turn, default 3),
// BENCH_LH_RUNS (Lighthouse runs per page, medians kept, default 3), BENCH_PORTAL_DIR (portal checkout, default this repo).
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { availableParallelism, loadavg } from 'node:os'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { launchBrowser, measureFirstLoad, signIn, type Session } from './bytes.ts'
import { runLighthouse } from './lighthouse.ts'
import { printEmbeddedLoad, runEmbeddedLoad } from './embedded.ts'
import { interleavedLoads, loadRound } from './load.ts'
import { updateReadme } from './readme.ts'
import { buildRows, BUDGETS, printTable, type Measured, type Step, type Target } from './report.ts'
import { runBillingBench } from './billing.ts'
import { startPortalOnPostgres } from './postgres-portal.ts'
import { runScaleBench } from './scale.ts'
import { printSlowTable, runSlowBench } from './slow.ts'
import { runStaffBench } from './staff.ts'
import { runUnderLoad } from './under-load.ts'
import {
	BENCH_DIR,
	REPO_DIR,
	buildFloor,
	buildPortalIfMissing,
	cleanup,
	killChildrenSync,
	startFloor,
	startPortal,
	type Server,
} from './serve.ts'

const PARTS = ['pages', 'staff', 'scale', 'load', 'billing', 'slow', 'embedded'] as const
type Part = (typeof PARTS)[number]
const onlyArg = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length)
const parts = new Set<Part>(onlyArg ? (onlyArg.split(',').filter(Boolean) as Part[]) : PARTS)
for (const part of parts) if (!PARTS.includes(part)) throw new Error(`bench: no part named ${part} (choose from ${PARTS.join(', ')})`)
const floorOnly = process.argv.includes('--floor-only')
const rebuild = process.argv.includes('--rebuild')
const durationS = Number(process.env.BENCH_DURATION ?? 10)
const lighthouseRuns = Number(process.env.BENCH_LH_RUNS ?? 3)
const loadRounds = Number(process.env.BENCH_LOAD_ROUNDS ?? 3)
const CONNECTIONS = 10
const PORTAL_ROUTES = ['/login', '/register', '/password-reset', '/']
const SIGNED_IN = '/'
/** The pages loaded again with the portal on PostgreSQL: the targets hold on both databases. */
const POSTGRES_ROUTES = ['/login', SIGNED_IN]

const problems: string[] = []

function note(where: string, error: unknown): string {
	const message = error instanceof Error ? error.message : String(error)
	problems.push(`${where}: ${message}`)
	console.error(`bench: ${where} failed: ${message}`)
	return message.split('\n')[0]
}

/** Runs one step of one route; a failure is recorded on the route and does not stop the others. */
async function measure<K extends Step>(m: Measured, step: K, fn: () => Promise<NonNullable<Measured[K]>>): Promise<void> {
	console.log(`bench: ${step} ${m.target} ${m.route}`)
	try {
		;(m as Record<Step, unknown>)[step] = await fn()
	} catch (error) {
		m.failed[step] = note(`${step} ${m.target} ${m.route}`, error)
	}
}

async function start(target: Target): Promise<Server | undefined> {
	try {
		if (target === 'floor') {
			await buildFloor()
			return await startFloor()
		}
		await buildPortalIfMissing(rebuild)
		return target === 'portal-pg' ? await startPortalOnPostgres() : await startPortal()
	} catch (error) {
		note(`starting the ${target}`, error)
		return undefined
	}
}

async function measurePages(floor: Measured, portal: Measured[], onPostgres: Measured[], all: Measured[]): Promise<void> {
	const fail = (m: Measured, steps: Step[], why: string) => {
		for (const step of steps) m.failed[step] = why
	}
	const lighthouseOrLoad = (m: Measured) => m.target === 'floor' || m.route === '/login' || m.route === SIGNED_IN
	const stepsOf = (m: Measured): Step[] => (lighthouseOrLoad(m) ? ['bytes', 'lighthouse', 'load'] : ['bytes'])

	const floorServer = await start('floor')
	if (!floorServer) fail(floor, stepsOf(floor), 'floor did not start')
	const portalServer = floorOnly ? undefined : await start('portal')
	if (!floorOnly && !portalServer) for (const m of portal) fail(m, stepsOf(m), 'portal did not start')
	const postgresServer = floorOnly ? undefined : await start('portal-pg')
	if (!floorOnly && !postgresServer) for (const m of onPostgres) fail(m, ['load'], 'portal on PostgreSQL did not start')

	let session: Session | undefined
	let postgresCookie: string | undefined
	let browser: Browser | undefined
	try {
		browser = await launchBrowser()
	} catch (error) {
		const why = note('launching chromium', error)
		for (const m of all) fail(m, ['bytes'], why)
	}
	if (browser) {
		if (floorServer) await measure(floor, 'bytes', () => measureFirstLoad(browser, `${floorServer.baseUrl}/`))
		if (portalServer) {
			try {
				session = await signIn(browser, portalServer.baseUrl)
			} catch (error) {
				const why = note('signing in', error)
				for (const m of portal) if (m.route === SIGNED_IN) fail(m, stepsOf(m), why)
			}
			for (const m of portal) {
				if (m.route === SIGNED_IN && !session) continue
				const s = m.route === SIGNED_IN ? session : undefined
				await measure(m, 'bytes', () => measureFirstLoad(browser, portalServer.baseUrl + m.route, s))
			}
		}
		let postgresSession: Session | undefined
		if (postgresServer) {
			try {
				postgresSession = await signIn(browser, postgresServer.baseUrl)
			} catch (error) {
				const why = note('signing in on PostgreSQL', error)
				for (const m of onPostgres) if (m.route === SIGNED_IN) fail(m, ['load'], why)
			}
		}
		postgresCookie = postgresSession?.cookieHeader
		await browser.close()
	}
	const signedIn = portal.find((m) => m.route === SIGNED_IN)
	if (portalServer && signedIn && !session) for (const step of stepsOf(signedIn)) signedIn.failed[step] ??= 'not signed in'

	const targets: [Measured, Server | undefined, string | undefined][] = [
		[floor, floorServer, undefined],
		...portal
			.filter(lighthouseOrLoad)
			.map((m): [Measured, Server | undefined, string | undefined] => [
				m,
				portalServer,
				m.route === SIGNED_IN ? session?.cookieHeader : undefined,
			]),
		...onPostgres.map((m): [Measured, Server | undefined, string | undefined] => [
			m,
			postgresServer,
			m.route === SIGNED_IN ? postgresCookie : undefined,
		]),
	]
	const unsigned = (m: Measured, cookie: string | undefined) => m.target !== 'floor' && m.route === SIGNED_IN && !cookie
	// Lighthouse measures the browser's side, which the database does not change: once, on the embedded default.
	for (const [m, server, cookie] of targets) {
		if (!server || unsigned(m, cookie) || m.target === 'portal-pg') continue
		await measure(m, 'lighthouse', () => runLighthouse(server.baseUrl + m.route, cookie, lighthouseRuns))
	}
	// The floor and every page in turn, loadRounds times over (decision 143): each ratio compares the same minutes.
	const loaded = targets.flatMap(([m, server, cookie]) =>
		server && !unsigned(m, cookie) ? [{ m, url: server.baseUrl + m.route, cookie }] : [],
	)
	console.log(`bench: load, ${loadRounds} rounds of ${loaded.map(({ m }) => `${m.target} ${m.route}`).join(', ')}`)
	const results = await interleavedLoads(loaded, loadRounds, CONNECTIONS, ({ url, cookie }) =>
		loadRound(url, cookie, durationS, CONNECTIONS),
	)
	for (const [i, { m }] of loaded.entries()) {
		const result = results[i]
		if (result instanceof Error) m.failed.load = note(`load ${m.target} ${m.route}`, result)
		else m.load = result
	}
	// The other parts start servers of their own: these must not share the machine with them.
	await floorServer?.stop()
	await portalServer?.stop()
	await postgresServer?.stop()
}

async function main(): Promise<void> {
	if (!(durationS > 0) || [lighthouseRuns, loadRounds].some((n) => !Number.isInteger(n) || n < 1))
		throw new Error('BENCH_DURATION, BENCH_LH_RUNS and BENCH_LOAD_ROUNDS must be positive (the last two whole numbers)')
	const machine = { cores: availableParallelism(), loadAverage: loadavg().map((l) => Math.round(l * 10) / 10) }
	const floor: Measured = { target: 'floor', route: '/', failed: {} }
	const portal: Measured[] = floorOnly ? [] : PORTAL_ROUTES.map((route) => ({ target: 'portal', route, failed: {} }))
	const onPostgres: Measured[] = floorOnly ? [] : POSTGRES_ROUTES.map((route) => ({ target: 'portal-pg', route, failed: {} }))
	const all = [...portal, ...onPostgres, floor]
	if (parts.has('pages')) await measurePages(floor, portal, onPostgres, all)
	// The staff register at 100 and 100,000 staff, and a 10,000-row import, on the embedded database (issue 12).
	const previous = readPrevious()
	let staff: Awaited<ReturnType<typeof runStaffBench>> | null = previous?.staff ?? null
	if (parts.has('staff')) {
		try {
			console.log('bench: staff register at scale')
			staff = await runStaffBench()
			if (staff.import10k.totalMs > staff.import10k.budgetMs)
				problems.push(`staff import: 10,000 rows took ${staff.import10k.totalMs} ms (budget 5,000)`)
		} catch (error) {
			note('staff register', error)
		}
	}
	// Lists at 100 and at 100,000 staff / 1,000,000 ledger entries / 10,000 policies and claims, on PostgreSQL.
	let scale: Awaited<ReturnType<typeof runScaleBench>> | null = previous?.scale ?? null
	if (parts.has('scale')) {
		try {
			console.log('bench: lists at scale on PostgreSQL')
			scale = await runScaleBench()
			if (scale.reconcile.ms > scale.reconcile.budgetMs || scale.reconcile.problems > 0)
				problems.push(
					`reconcile: ${scale.reconcile.entries} entries took ${scale.reconcile.ms} ms (budget ${scale.reconcile.budgetMs}), ${scale.reconcile.problems} differences`,
				)
			for (const p of scale.pages.filter((p) => !p.pass))
				problems.push(
					p.error
						? `scale: ${p.page} failed: ${p.error}`
						: `scale: ${p.page} at scale took ${p.p50Ratio}× its time at 100 (budget ${scale.budget}×)`,
				)
		} catch (error) {
			note('lists at scale', error)
		}
	}
	// 200 sessions against two portals and one API on PostgreSQL: errors, p95 and memory (issue 19 point 4).
	let underLoad: Awaited<ReturnType<typeof runUnderLoad>> | null = previous?.underLoad ?? null
	if (parts.has('load')) {
		try {
			console.log('bench: 200 sessions on two portals and one API (PostgreSQL)')
			underLoad = await runUnderLoad()
			if (!underLoad.pass)
				problems.push(
					`under load: ${underLoad.errors} errors, ${underLoad.timeouts} timeouts, ${underLoad.notOk} not 200; memory after ${JSON.stringify(underLoad.rssMiB.after)} MiB (budget ${underLoad.budgetMiB})`,
				)
		} catch (error) {
			note('under load', error)
		}
	}
	// Pages on a slow network, with and without JavaScript (issue 19 point 5), and the embedded database under 50
	// connections (issue 19 point 4): bench/slow.ts, bench/embedded.ts, decision 125.
	let slow: Awaited<ReturnType<typeof runSlowBench>> | null = previous?.slow ?? null
	if (parts.has('slow')) {
		try {
			console.log('bench: pages on a slow network')
			slow = await runSlowBench(lighthouseRuns)
			for (const p of slow.pages.filter((p) => p.error)) problems.push(`slow: ${p.target} ${p.path} failed: ${p.error}`)
		} catch (error) {
			note('slow network', error)
		}
	}
	let embedded: Awaited<ReturnType<typeof runEmbeddedLoad>> | null = previous?.embedded ?? null
	if (parts.has('embedded')) {
		try {
			console.log('bench: 50 connections on the embedded database')
			embedded = await runEmbeddedLoad(durationS)
			if (!embedded.pass)
				problems.push(
					`embedded: ${embedded.over10s} requests over 10 s (max ${embedded.maxMs} ms), ${embedded.errors} errors, ${embedded.timeouts} timeouts, ${embedded.notOk} not 200`,
				)
		} catch (error) {
			note('embedded under load', error)
		}
	}
	// The billing run for 1,000 businesses of 100 members on PostgreSQL (issue 19 point 3, decision 123).
	let billing: Awaited<ReturnType<typeof runBillingBench>> | null = previous?.billing ?? null
	if (parts.has('billing')) {
		try {
			billing = await runBillingBench()
			if (!billing.pass) problems.push(`billing: the run took ${billing.run.ms} ms (budget ${billing.run.budgetMs})`)
		} catch (error) {
			note('billing run', error)
		}
	}
	const pagesRun = parts.has('pages')
	const rows = pagesRun ? buildRows(all, floor.bytes || floor.lighthouse || floor.load ? floor : undefined) : (previous?.rows ?? [])
	const results = {
		generatedAt: new Date().toISOString(),
		floorOnly,
		machine,
		settings: {
			lighthouse: { formFactor: 'mobile', throttling: 'simulated (default)', runs: lighthouseRuns, keep: 'median of each figure' },
			load: {
				tool: 'autocannon',
				method: 'GET',
				connections: CONNECTIONS,
				durationS,
				rounds: loadRounds,
				p95: 'exact nearest-rank over every response time of every round',
			},
			bytes: {
				how: 'every JS and CSS response of a fresh load (waitUntil networkidle), each body gzipped with node:zlib at the default level',
			},
		},
		budgets: { jsGzipKiB: BUDGETS.jsGzipBytes / 1024, cssGzipKiB: BUDGETS.cssGzipBytes / 1024, lighthouseMin: BUDGETS.lighthouseScore },
		parts: [...parts],
		rows,
		measured: pagesRun ? all : (previous?.measured ?? []),
		staff,
		scale,
		underLoad,
		slow,
		embedded,
		billing,
		problems,
	}
	writeFileSync(join(BENCH_DIR, 'results.json'), `${JSON.stringify(results, null, '\t')}\n`)
	console.log('')
	printTable(rows)
	console.log('')
	if (parts.has('slow') && slow) printSlowTable(slow)
	if (parts.has('embedded') && embedded) printEmbeddedLoad(embedded)
	if (!process.argv.includes('--no-readme')) {
		try {
			if (updateReadme(join(REPO_DIR, 'README.md'), results, machine.cores)) console.log('bench: rewrote the figures in README.md')
		} catch (error) {
			note('README figures', error)
		}
	}
	const failed = rows.filter((r) => r.status === 'FAIL').length
	console.log(
		`bench: wrote bench/results.json; ${failed} budget${failed === 1 ? '' : 's'} failed; ${problems.length} measurement problem${problems.length === 1 ? '' : 's'}`,
	)
	for (const p of problems) console.log(`  - ${p.split('\n')[0]}`)
	process.exitCode = problems.length > 0 ? 1 : 0
}

/** What the last run wrote, so a run of some parts keeps the others' figures. */
type Previous = {
	rows?: ReturnType<typeof buildRows>
	measured?: Measured[]
	staff?: Awaited<ReturnType<typeof runStaffBench>> | null
	scale?: Awaited<ReturnType<typeof runScaleBench>> | null
	underLoad?: Awaited<ReturnType<typeof runUnderLoad>> | null
	slow?: Awaited<ReturnType<typeof runSlowBench>> | null
	embedded?: Awaited<ReturnType<typeof runEmbeddedLoad>> | null
	billing?: Awaited<ReturnType<typeof runBillingBench>> | null
}
function readPrevious(): Previous | null {
	const file = join(BENCH_DIR, 'results.json')
	if (!existsSync(file)) return null
	try {
		return JSON.parse(readFileSync(file, 'utf8')) as Previous
	} catch {
		return null
	}
}

process.on('exit', killChildrenSync)
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
	process.on(signal, () => {
		void cleanup().finally(() => process.exit(130))
	})
}

try {
	await main()
} catch (error) {
	console.error('bench:', error)
	process.exitCode = 1
} finally {
	await cleanup()
}
