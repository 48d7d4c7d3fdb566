import { gzipSync } from 'node:zlib'
import type { Page } from '@playwright/test'
import { BUDGETS } from '../../bench/report.ts'
import { DEMO_PASSWORD, expect, expectAccessible, signIn, test, visit } from './support.ts'

// Issue 11, point 8: budgets hold. First-load JS and CSS within the bench's budgets (measured as
// `npm run bench` measures them: every JS and CSS response of a fresh load, gzipped), no serious or
// critical axe violation on any page reachable from home, and screenshots of the main screens at
// 360 and 1366 px kept as test artefacts.

/**
 * Files, not pages: downloads and the sign-out; and the demo's outbox, a tool of the demo that lists
 * every test's mail in sandboxed frames axe cannot read in time (mail.spec.ts reads it).
 */
const NOT_PAGES = /\.(csv|pdf)$|\/certificate$|\/staff-sheet|\/documents\/|\/logout$|\/api\/|^\/dev\//

/**
 * What a page is, for the crawl: its path with ids as ':id' and numbers as ':n', and the query values
 * that change what it shows (a tab, a dialog), so one policy, product, receipt, filter or page of a
 * list stands for all of them.
 */
function shapeOf(url: URL) {
	const path = url.pathname.replace(/\/[0-9a-f]{8}-[0-9a-f-]{27}(?=\/|$)/g, '/:id').replace(/\/\d+(?=\/|$)/g, '/:n')
	const kept = ['tab', 'dialog'].filter((k) => url.searchParams.has(k)).map((k) => `${k}=${url.searchParams.get(k)}`)
	return `${path}?${kept.join('&')}`
}

/** Visit every kind of page reachable by links from home, breadth first, running axe on each. */
async function crawl(page: Page, js: boolean) {
	const origin = new URL(page.url()).origin
	const queue = ['/']
	const seen = new Set([shapeOf(new URL('/', origin))])
	const visited: string[] = []
	// Without JavaScript, axe runs in one JavaScript-enabled twin for the whole crawl.
	const twin = js ? undefined : await page.context().browser()!.newContext({ javaScriptEnabled: true })
	try {
		while (queue.length) {
			const path = queue.shift()!
			const response = await visit(page, path)
			expect(response?.status(), path).toBeLessThan(400)
			// A page that sent the visitor elsewhere (a signed-out view, a finished step) is checked where it landed.
			await expectAccessible(page, js, twin).catch((error: Error) => {
				throw new Error(`${path}: ${error.message}`)
			})
			visited.push(path)
			const hrefs = await page.locator('a[href]').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href))
			for (const href of hrefs) {
				const url = new URL(href)
				if (url.origin !== origin || NOT_PAGES.test(url.pathname)) continue
				const shape = shapeOf(url)
				if (seen.has(shape)) continue
				seen.add(shape)
				queue.push(url.pathname + url.search)
			}
		}
	} finally {
		await twin?.close()
	}
	return visited
}

for (const account of [
	{
		name: 'the demo business',
		email: 'business@example.com',
		expected: ['/wallet', '/mycover', '/products', '/transaction-history', '/settings'],
	},
	{ name: 'the demo individual', email: 'individual@example.com', expected: ['/mycover', '/products', '/wallet'] },
]) {
	test(`axe finds no serious or critical violation on any page ${account.name} reaches from home`, async ({ page, js }) => {
		// axe reads the page as the browser holds it; without JavaScript that is the server's HTML, which the
		// JavaScript-on crawl checks first too (and each flow's spec checks its pages in both projects).
		// One crawl per account keeps the suite's longest tests to two (docs/decisions/048).
		test.skip(!js, 'the crawl runs once, with JavaScript')
		// It visits one page of every kind the portal has: four times a journey's time.
		test.setTimeout(test.info().timeout * 4)
		await signIn(page, account.email, DEMO_PASSWORD)
		await expect(page).toHaveURL('/')
		const visited = await crawl(page, js)
		for (const path of account.expected) expect(visited).toContain(path)
		expect(visited.some((p) => /^\/mycover\/[0-9a-f-]{36}$/.test(p))).toBe(true)
		expect(visited.some((p) => /^\/products\/\d+$/.test(p))).toBe(true)
		test.info().annotations.push({ type: 'pages checked', description: visited.join(' ') })
	})
}

test('screenshots of the main screens at 360 and 1366 px are kept', async ({ page, js }) => {
	test.setTimeout(120_000)
	await signIn(page, 'business@example.com', DEMO_PASSWORD)
	await expect(page).toHaveURL('/')
	const screens = [
		['home', '/'],
		['products', '/products'],
		['product', '/products/1'],
		['my-cover', '/mycover'],
		['wallet', '/wallet'],
		['transactions', '/transaction-history'],
	] as const
	for (const width of [360, 1366]) {
		await page.setViewportSize({ width, height: width === 360 ? 740 : 800 })
		for (const [name, path] of screens) {
			const response = await visit(page, path)
			expect(response?.status(), path).toBe(200)
			await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
			const body = await page.screenshot({ fullPage: true })
			await test.info().attach(`${name}-${width}px-${js ? 'js' : 'no-js'}.png`, { body, contentType: 'image/png' })
		}
	}
	expect(test.info().attachments.filter((a) => a.contentType === 'image/png')).toHaveLength(12)
})

/** A warning React Router's development build writes and its production build leaves out (ENABLE_DEV_WARNINGS). */
const REACT_ROUTER_DEV_ONLY = 'You rendered descendant <Routes>'

/** Gzip bytes of the JS and CSS a fresh load of `url` fetches, each file counted once, and the scripts that hold REACT_ROUTER_DEV_ONLY. */
async function firstLoad(page: Page, url: string) {
	const sizes = new Map<string, { kind: 'js' | 'css'; gzip: number }>()
	const withDevWarnings: string[] = []
	const reads: Promise<void>[] = []
	page.on('response', (response) => {
		const type = response.request().resourceType()
		const contentType = response.headers()['content-type'] ?? ''
		// The stylesheet file, applied after a first page's first frame: counted by its type, as the bench counts it.
		const kind = type === 'script' ? 'js' : type === 'stylesheet' || /text\/css/.test(contentType) ? 'css' : null
		if (!kind || response.status() !== 200) return
		reads.push(
			response.body().then((body) => {
				sizes.set(response.url(), { kind, gzip: gzipSync(body).length })
				// React Router's development-only checks, which the browser's build leaves out (decision 144).
				if (kind === 'js' && body.includes(REACT_ROUTER_DEV_ONLY)) withDevWarnings.push(response.url())
			}),
		)
	})
	await page.goto(url, { waitUntil: 'load' })
	await page.waitForLoadState('networkidle')
	await Promise.all(reads)
	// The rules inline on a first page (decisions 130 and 149) count beside the file the page applies after its
	// first frame: a first load brings both.
	for (const [href, text] of await page.$$eval('style[data-href]', (styles) =>
		styles.map((s) => [s.dataset.href!, s.textContent ?? ''] as const),
	)) {
		sizes.set(`${new URL(href, page.url()).href}#inline`, { kind: 'css', gzip: gzipSync(text).length })
	}
	const sum = (kind: 'js' | 'css') => [...sizes.values()].filter((s) => s.kind === kind).reduce((total, s) => total + s.gzip, 0)
	return { js: sum('js'), css: sum('css'), withDevWarnings }
}

test('first-load JS and CSS stay within the bench budgets, signed out and on the dashboard', async ({ browser, js }) => {
	test.skip(!js, 'Bytes of JavaScript are measured with JavaScript on')
	test.setTimeout(90_000)
	const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`
	const measure = async (url: string, storageState?: Awaited<ReturnType<import('@playwright/test').BrowserContext['storageState']>>) => {
		const context = await browser.newContext({ storageState })
		try {
			const bytes = await firstLoad(await context.newPage(), url)
			test.info().annotations.push({ type: `first load of ${url}`, description: `JS ${kib(bytes.js)}, CSS ${kib(bytes.css)}` })
			expect(bytes.js, `JS of ${url}: ${kib(bytes.js)}`).toBeLessThanOrEqual(BUDGETS.jsGzipBytes)
			expect(bytes.css, `CSS of ${url}: ${kib(bytes.css)}`).toBeLessThanOrEqual(BUDGETS.cssGzipBytes)
			expect(bytes.js).toBeGreaterThan(50 * 1024)
			expect(bytes.withDevWarnings, `scripts of ${url} with React Router's development checks`).toEqual([])
		} finally {
			await context.close()
		}
	}
	for (const url of ['/login', '/register', '/password-reset']) await measure(url)
	const signedIn = await browser.newContext()
	const page = await signedIn.newPage()
	await signIn(page, 'business@example.com', DEMO_PASSWORD)
	await expect(page).toHaveURL('/')
	const state = await signedIn.storageState()
	await signedIn.close()
	await measure('/', state)
})
