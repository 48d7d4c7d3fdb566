// `npm run bench -- --only=slow` (issue 19 point 5): pages on a slow network, beside the floor.
// Lighthouse with Chrome's network emulation (DevTools' throttling: 400 ms per request, 400 kbps down and up,
// no CPU slowdown) on `/login`, signed-in `/`, `/products` and a product page, each loaded twice: as is
// (LCP, when the scripts are in), and with every script file refused, which is what a browser without
// JavaScript shows: the server-rendered form or list. Every form works without JavaScript, so that time is
// when the page can be used.
import type { Browser } from 'playwright-core'
import { launchBrowser, signIn } from './bytes.ts'
import { type LighthouseResult, type Network, runLighthouse } from './lighthouse.ts'
import { buildFloor, buildPortalIfMissing, type Server, startFloor, startPortal } from './serve.ts'

export const SLOW_NETWORK: Network = { rttMs: 400, downKbps: 400, upKbps: 400 }

/** The portal's pages measured; `:product` is the first product `/products` links to. */
export const SLOW_ROUTES = [
	{ route: '/login', signedIn: false },
	{ route: '/', signedIn: true },
	{ route: '/products', signedIn: true },
	{ route: '/products/:product', signedIn: true },
] as const

/** One load's figures, in ms and KiB, rounded. */
export type SlowFigures = {
	fcpMs: number
	lcpMs: number
	/** When the last script file finished downloading (0 without scripts): hydration starts after it. */
	scriptsDoneMs: number
	transferKiB: number
}

export type SlowPage = {
	target: 'portal' | 'floor'
	route: string
	/** The address measured (the product page's own id in place of `:product`). */
	path: string
	withJs: SlowFigures | null
	/** Scripts refused: when the server-rendered page is on screen. */
	withoutJs: SlowFigures | null
	/** This page's figure over the floor's: LCP with scripts, LCP without. */
	ratioToFloor: { lcp: number | null; withoutJsLcp: number | null }
	error: string | null
}

export type SlowResult = {
	network: Network
	how: string
	runs: number
	pages: SlowPage[]
}

function figures(r: LighthouseResult): SlowFigures {
	return {
		fcpMs: Math.round(r.fcpMs),
		lcpMs: Math.round(r.lcpMs),
		scriptsDoneMs: Math.round(r.scriptsDoneMs),
		transferKiB: Math.round((r.transferBytes / 1024) * 10) / 10,
	}
}

const ratio = (value: number | undefined, floor: number | undefined) =>
	value !== undefined && floor ? Math.round((value / floor) * 100) / 100 : null

/** Each page's ratios to the floor's page (pure; the floor's own ratios are 1). */
export function withRatios(pages: SlowPage[]): SlowPage[] {
	const floor = pages.find((p) => p.target === 'floor')
	return pages.map((p) => ({
		...p,
		ratioToFloor: {
			lcp: ratio(p.withJs?.lcpMs, floor?.withJs?.lcpMs),
			withoutJsLcp: ratio(p.withoutJs?.lcpMs, floor?.withoutJs?.lcpMs),
		},
	}))
}

/** The first product page `/products` links to, read from its server-rendered HTML. */
async function firstProductPath(baseUrl: string, cookieHeader: string): Promise<string> {
	const res = await fetch(`${baseUrl}/products`, { headers: { cookie: cookieHeader, accept: 'text/html' }, redirect: 'manual' })
	const html = await res.text()
	if (res.status !== 200) throw new Error(`GET /products answered ${res.status}`)
	const match = /href="(\/products\/\d+)"/.exec(html)
	if (!match) throw new Error('/products links to no product page')
	return match[1]!
}

async function measurePage(page: SlowPage, baseUrl: string, cookieHeader: string | undefined, runs: number): Promise<SlowPage> {
	const url = baseUrl + page.path
	try {
		const withJs = figures(await runLighthouse(url, cookieHeader, runs, { network: SLOW_NETWORK }))
		const withoutJs = figures(await runLighthouse(url, cookieHeader, runs, { network: SLOW_NETWORK, javaScript: false }))
		console.log(`bench: slow ${page.target} ${page.path}: LCP ${withJs.lcpMs} ms, without JavaScript ${withoutJs.lcpMs} ms`)
		return { ...page, withJs, withoutJs }
	} catch (error) {
		const message = (error as Error).message.split('\n')[0]!
		console.error(`bench: slow ${page.target} ${page.path} failed: ${message}`)
		return { ...page, error: message }
	}
}

const blank = (target: SlowPage['target'], route: string, path = route): SlowPage => ({
	target,
	route,
	path,
	withJs: null,
	withoutJs: null,
	ratioToFloor: { lcp: null, withoutJsLcp: null },
	error: null,
})

/** Starts the floor and the portal (embedded database, demo business) one after the other and measures each. */
export async function runSlowBench(runs: number): Promise<SlowResult> {
	const pages: SlowPage[] = []
	let server: Server | undefined
	try {
		await buildFloor()
		server = await startFloor()
		pages.push(await measurePage(blank('floor', '/'), server.baseUrl, undefined, runs))
		await server.stop()
		server = undefined

		await buildPortalIfMissing()
		server = await startPortal()
		const baseUrl = server.baseUrl
		let browser: Browser | undefined
		try {
			browser = await launchBrowser()
			for (const { route, signedIn } of SLOW_ROUTES) {
				let cookie: string | undefined
				let path: string = route
				try {
					// A new session for each page: the Lighthouse runs of one page never outlive it.
					if (signedIn) cookie = (await signIn(browser, baseUrl)).cookieHeader
					if (route.includes(':product')) path = await firstProductPath(baseUrl, cookie!)
				} catch (error) {
					pages.push({ ...blank('portal', route), error: (error as Error).message.split('\n')[0]! })
					continue
				}
				pages.push(await measurePage(blank('portal', route, path), baseUrl, cookie, runs))
			}
		} finally {
			await browser?.close()
		}
	} finally {
		await server?.stop()
	}
	return {
		network: SLOW_NETWORK,
		how: "Lighthouse 12, mobile, throttlingMethod 'devtools' (Chrome's request-level emulation, figures as given, CPU not slowed); without JS = every .js file refused (blockedUrlPatterns)",
		runs,
		pages: withRatios(pages),
	}
}

const cell = (n: number | null | undefined, unit = '') => (n === null || n === undefined ? '—' : `${n}${unit}`)

/** The table printed after a run. */
export function printSlowTable(result: SlowResult): void {
	const { rttMs, downKbps, upKbps } = result.network
	console.log(`Slow network: ${rttMs} ms per request, ${downKbps} kbps down, ${upKbps} kbps up (medians of ${result.runs} run(s))`)
	const header = ['target', 'page', 'LCP', '×floor', 'without JS: LCP', '×floor', 'scripts in', 'KiB']
	const rows = result.pages.map((p) => [
		p.target,
		p.path,
		cell(p.withJs?.lcpMs, ' ms'),
		cell(p.ratioToFloor.lcp),
		cell(p.withoutJs?.lcpMs, ' ms'),
		cell(p.ratioToFloor.withoutJsLcp),
		cell(p.withJs?.scriptsDoneMs, ' ms'),
		p.error ? `ERROR ${p.error}` : cell(p.withJs?.transferKiB),
	])
	const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)))
	for (const r of [header, widths.map((w) => '-'.repeat(w)), ...rows])
		console.log(
			r
				.map((s, i) => (i >= 2 ? s.padStart(widths[i]!) : s.padEnd(widths[i]!)))
				.join('  ')
				.trimEnd(),
		)
}

if (import.meta.url === `file://${process.argv[1]}`) {
	const result = await runSlowBench(Number(process.env.BENCH_LH_RUNS ?? 1))
	printSlowTable(result)
}
