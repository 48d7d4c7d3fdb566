// Lighthouse, mobile, default simulated throttling, performance category only, through the node API.
import { existsSync } from 'node:fs'
import { launch } from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.ts'

type Run = {
	/** 0–100 */
	score: number
	lcpMs: number
	tbtMs: number
	cls: number
	fcpMs: number
	speedIndexMs: number
}

/** Each figure is the median of its own values over the runs; every run is kept too. */
export type LighthouseResult = Run & { runs: Run[] }

async function runOnce(url: string, cookieHeader?: string): Promise<Run> {
	// chrome-launcher crashes the process (an unhandled spawn 'error') when the binary is missing.
	if (!existsSync(CHROMIUM_PATH)) throw new Error(`no chromium at ${CHROMIUM_PATH}`)
	const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: [...CHROMIUM_FLAGS, '--headless=new'], logLevel: 'silent' })
	try {
		const result = await lighthouse(url, {
			port: chrome.port,
			output: 'json',
			logLevel: 'error',
			onlyCategories: ['performance'],
			extraHeaders: cookieHeader ? { Cookie: cookieHeader } : undefined,
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
		}
	} finally {
		chrome.kill()
	}
}

function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b)
	const mid = Math.floor(sorted.length / 2)
	return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

/** Runs Lighthouse `runs` times (BENCH_LH_RUNS) one after another; simulated LCP varies a lot between runs. */
export async function runLighthouse(url: string, cookieHeader: string | undefined, runs: number): Promise<LighthouseResult> {
	const all: Run[] = []
	for (let i = 0; i < runs; i++) all.push(await runOnce(url, cookieHeader))
	const keys = Object.keys(all[0]) as (keyof Run)[]
	const result = Object.fromEntries(keys.map((k) => [k, median(all.map((r) => r[k]))])) as Run
	return { ...result, runs: all }
}
