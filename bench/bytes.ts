// First-load bytes: every JS and CSS response of a fresh page load, gzip-compressed here at zlib's default level.
import { gzipSync } from 'node:zlib'
import { chromium, type Browser, type BrowserContextOptions, type Page, type Response } from 'playwright-core'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.ts'

export const DEMO_EMAIL = 'business@example.com'
export const DEMO_PASSWORD = 'Demo-pass-2026'

export type Asset = { url: string; kind: 'js' | 'css'; raw: number; gzip: number }
export type Bytes = { jsGzip: number; cssGzip: number; jsRaw: number; cssRaw: number; assets: Asset[] }
export type Session = { storageState: BrowserContextOptions['storageState']; cookieHeader: string }

export function launchBrowser(): Promise<Browser> {
	return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, headless: true })
}

/** Loads url and waits for the network to go quiet (bounded: a page that keeps a stream open still counts). */
async function load(page: Page, url: string) {
	const res = await page.goto(url, { waitUntil: 'load', timeout: 60_000 })
	await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined)
	return res
}

function kindOf(response: Response): Asset['kind'] | null {
	const type = response.request().resourceType()
	const contentType = response.headers()['content-type'] ?? ''
	if (type === 'script' || /javascript|ecmascript/i.test(contentType)) return 'js'
	if (type === 'stylesheet' || /text\/css/i.test(contentType)) return 'css'
	return null
}

/** Loads url in a fresh context (empty cache), optionally carrying a signed-in session, and sums JS and CSS. */
export async function measureFirstLoad(browser: Browser, url: string, session?: Session): Promise<Bytes> {
	const context = await browser.newContext({ storageState: session?.storageState })
	try {
		const page = await context.newPage()
		// Bodies are read as they arrive; a failed read becomes an Error value so no rejection goes unhandled.
		const pending: Promise<Asset | Error>[] = []
		page.on('response', (response) => {
			const kind = kindOf(response)
			if (!kind) return
			if (response.status() !== 200) {
				pending.push(Promise.resolve(new Error(`${response.url()} answered ${response.status()}`)))
				return
			}
			pending.push(
				response.body().then(
					(body) => ({ url: response.url(), kind, raw: body.length, gzip: gzipSync(body).length }),
					(error: Error) => new Error(`could not read ${response.url()}: ${error.message}`),
				),
			)
		})
		const res = await load(page, url)
		if (res?.status() !== 200) throw new Error(`GET ${url} answered ${res?.status() ?? 'nothing'}`)
		const finalPath = new URL(page.url()).pathname
		if (finalPath !== new URL(url).pathname) throw new Error(`GET ${url} ended at ${page.url()}`)
		// Count each URL once: a modulepreload and the later import of the same module are one download.
		const byUrl = new Map<string, Asset>()
		for (const asset of await Promise.all(pending)) {
			if (asset instanceof Error) throw asset
			byUrl.set(asset.url, asset)
		}
		// The rules inline on a first page (decisions 130 and 149) count beside the file the page applies after
		// its first frame: a first load brings both.
		for (const [href, text] of await page.$$eval('style[data-href]', (styles) =>
			styles.map((s) => [s.dataset.href ?? '', s.textContent ?? ''] as const),
		)) {
			const body = Buffer.from(text)
			const url = `${new URL(href, page.url()).href}#inline`
			byUrl.set(url, { url, kind: 'css', raw: body.length, gzip: gzipSync(body).length })
		}
		const assets = [...byUrl.values()].sort((a, b) => b.gzip - a.gzip)
		const sum = (kind: Asset['kind'], key: 'raw' | 'gzip') => assets.filter((a) => a.kind === kind).reduce((total, a) => total + a[key], 0)
		return { jsGzip: sum('js', 'gzip'), cssGzip: sum('css', 'gzip'), jsRaw: sum('js', 'raw'), cssRaw: sum('css', 'raw'), assets }
	} finally {
		await context.close()
	}
}

/** Signs in as the demo business through the real form and returns the session for later fresh loads. */
export async function signIn(browser: Browser, baseUrl: string): Promise<Session> {
	const context = await browser.newContext()
	try {
		const page = await context.newPage()
		await load(page, `${baseUrl}/login`)
		await page.fill('input[name=email]', DEMO_EMAIL)
		await page.fill('input[name=password]', DEMO_PASSWORD)
		await Promise.all([page.waitForURL((u) => u.pathname === '/', { timeout: 30_000 }), page.click('button[type=submit]')])
		await page.waitForLoadState('networkidle')
		// Every cookie of this fresh context (all set by the portal), Secure ones included.
		const cookies = await context.cookies()
		if (cookies.length === 0) throw new Error('signed in but no cookie was set')
		return {
			storageState: await context.storageState(),
			cookieHeader: cookies.map((c) => `${c.name}=${c.value}`).join('; '),
		}
	} catch (error) {
		throw new Error(`sign-in as ${DEMO_EMAIL} failed: ${(error as Error).message}`)
	} finally {
		await context.close()
	}
}
