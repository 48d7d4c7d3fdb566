// Lighthouse, mobile, performance category only, through the node API: default simulated throttling, or
// (the `slow` part) Chrome's own network emulation and, optionally, with JavaScript switched off.
import { existsSync } from 'node:fs'
import { launch } from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { STYLESHEET_COOKIE } from '../app/lib/stylesheet.ts'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.ts'

type Run = {
	/** 0–100 */
	score: number
	lcpMs: number
	tbtMs: number
	cls: number
	fcpMs: number
	speedIndexMs: number
	/** Bytes over the wire for the whole load (total-byte-weight). */
	transferBytes: number
	/** When the last script finished downloading (network-requests, ms from the first request); 0 without scripts. */
	scriptsDoneMs: number
}

/** Chrome's network emulation (DevTools' "throttling"): each request waits rttMs, bandwidth shared per direction. */
export type Network = { rttMs: number; downKbps: number; upKbps: number }

export type LighthouseOptions = {
	/** Applied by Chrome (throttlingMethod 'devtools') instead of Lighthouse's simulation; no CPU slowdown. */
	network?: Network
	/**
	 * false: every script file is refused (blockedUrlPatterns), so what shows is the server-rendered HTML and its CSS,
	 * as a browser with JavaScript off would show it. Chrome's own switch cannot be used: Lighthouse needs the
	 * debugger, which Chrome refuses ("Script execution is prohibited") when scripts are off. The few inline
	 * scripts still run (they only import the refused files), and `<noscript>` is not applied.
	 */
	javaScript?: boolean
}

/** Each figure is the median of its own values over the runs; every run is kept too. */
export type LighthouseResult = Run & { runs: Run[] }

/** Lighthouse's settings for Chrome's network emulation: DevTools' latency and throughputs, taken as given. */
export function devtoolsThrottling(network: Network) {
	return {
		throttlingMethod: 'devtools' as const,
		throttling: {
			requestLatencyMs: network.rttMs,
			downloadThroughputKbps: network.downKbps,
			uploadThroughputKbps: network.upKbps,
			// Only read by the simulation; set alike so the report's header says the same.
			rttMs: network.rttMs,
			throughputKbps: network.downKbps,
			cpuSlowdownMultiplier: 1,
		},
	}
}

/**
 * The session's cookies without the one that says the browser holds the stylesheet file (decision 130):
 * Lighthouse loads with an empty cache, so a browser in its place would not have sent it.
 */
export function coldCacheCookies(cookieHeader: string | undefined): string | undefined {
	const kept = (cookieHeader ?? '')
		.split(';')
		.map((c) => c.trim())
		.filter((c) => c && !c.startsWith(`${STYLESHEET_COOKIE}=`))
	return kept.length > 0 ? kept.join('; ') : undefined
}

async function runOnce(url: string, cookieHeader: string | undefined, options: LighthouseOptions): Promise<Run> {
	// chrome-launcher crashes the process (an unhandled spawn 'error') when the binary is missing.
	if (!existsSync(CHROMIUM_PATH)) throw new Error(`no chromium at ${CHROMIUM_PATH}`)
	const cookie = coldCacheCookies(cookieHeader)
	const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: [...CHROMIUM_FLAGS, '--headless=new'], logLevel: 'silent' })
	try {
		const result = await lighthouse(url, {
			port: chrome.port,
			output: 'json',
			logLevel: 'error',
			onlyCategories: ['performance'],
			extraHeaders: cookie ? { Cookie: cookie } : undefined,
			...(options.network ? devtoolsThrottling(options.network) : {}),
			...(options.javaScript === false ? { blockedUrlPatterns: ['*.js', '*.mjs'] } : {}),
		})
		if (!result) throw new Error('lighthouse returned nothing')
		const { lhr } = result
		if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
		const finalPath = new URL(lhr.finalDisplayedUrl).pathname
		if (finalPath !== new URL(url).pathname) throw new Error(`lighthouse ended at ${lhr.finalDisplayedUrl}, not ${url}`)
		const score = lhr.categories.performance?.score
		if (typeof score !== 'number') throw new Error('lighthouse gave no performance score')
		const metric = (id: string) => {
			const value = lhr.audits[id]?.numericValue
			if (typeof value !== 'number') throw new Error(`lighthouse gave no ${id}`)
			return value
		}
		return {
			score: Math.round(score * 100),
			lcpMs: metric('largest-contentful-paint'),
			tbtMs: metric('total-blocking-time'),
			cls: metric('cumulative-layout-shift'),
			fcpMs: metric('first-contentful-paint'),
			speedIndexMs: metric('speed-index'),
			transferBytes: metric('total-byte-weight'),
			scriptsDoneMs: scriptsDone(lhr.audits['network-requests']?.details),
		}
	} finally {
		chrome.kill()
	}
}

/** The latest networkEndTime among the scripts that arrived (network-requests audit); 0 when none did. */
function scriptsDone(details: unknown): number {
	type Item = { resourceType?: string; networkEndTime?: number; statusCode?: number }
	const items = (details as { items?: Item[] } | undefined)?.items ?? []
	// A refused request (javaScript: false) has no status: it brought nothing.
	const loaded = items.filter((i) => i.resourceType === 'Script' && typeof i.networkEndTime === 'number' && (i.statusCode ?? 0) >= 200)
	return Math.max(0, ...loaded.map((i) => i.networkEndTime as number))
}

function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b)
	const mid = Math.floor(sorted.length / 2)
	return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

/** Runs Lighthouse `runs` times (BENCH_LH_RUNS) one after another; simulated LCP varies a lot between runs. */
export async function runLighthouse(
	url: string,
	cookieHeader: string | undefined,
	runs: number,
	options: LighthouseOptions = {},
): Promise<LighthouseResult> {
	const all: Run[] = []
	for (let i = 0; i < runs; i++) all.push(await runOnce(url, cookieHeader, options))
	const keys = Object.keys(all[0]) as (keyof Run)[]
	const result = Object.fromEntries(keys.map((k) => [k, median(all.map((r) => r[k]))])) as Run
	return { ...result, runs: all }
}
