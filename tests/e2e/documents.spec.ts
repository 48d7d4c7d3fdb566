import { request } from 'node:http'
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib'
import type { Page } from '@playwright/test'
import { DEMO_PASSWORD, expect, sendSignIn, signIn, test, visit } from './support.ts'

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }

/** A GET with exactly these headers, its body as sent (no client undoing the gzip on the way). */
function get(url: string, headers: Record<string, string>): Promise<Answer> {
	return new Promise((resolve, reject) => {
		const req = request(url, { headers }, (res) => {
			const chunks: Buffer[] = []
			res.on('data', (c: Buffer) => chunks.push(c))
			res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
			res.on('error', reject)
		})
		req.on('error', reject)
		req.end()
	})
}

// Documents are rendered whole and sent in one piece (docs/decisions/128-request-path-second-pass.md).
test('a page comes in one piece with its length, compressed only for a browser that takes it', async ({ baseURL }) => {
	const zipped = await get(`${baseURL}/login`, { accept: 'text/html', 'accept-encoding': 'gzip, deflate' })
	expect(zipped.status).toBe(200)
	expect(zipped.headers['content-encoding']).toBe('gzip')
	expect(zipped.headers['transfer-encoding']).toBeUndefined()
	expect(Number(zipped.headers['content-length'])).toBe(zipped.body.length)
	expect(zipped.headers.vary).toMatch(/accept-encoding/i)
	const html = gunzipSync(zipped.body).toString('utf8')
	expect(html).toMatch(/^<!DOCTYPE html>/i)
	expect(html).toContain('</html>')
	expect(html).toContain('name="password"')

	// A browser that takes Brotli gets it, quicker to make at about gzip's size.
	const brotli = await get(`${baseURL}/login`, { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br, zstd' })
	expect(brotli.headers['content-encoding']).toBe('br')
	expect(Number(brotli.headers['content-length'])).toBe(brotli.body.length)
	expect(brotliDecompressSync(brotli.body).toString('utf8')).toContain('name="password"')
	expect(brotli.body.length).toBeLessThan(html.length / 3)

	for (const refused of ['identity', 'gzip;q=0, identity']) {
		const plain = await get(`${baseURL}/login`, { accept: 'text/html', 'accept-encoding': refused })
		expect(plain.headers['content-encoding']).toBeUndefined()
		expect(Number(plain.headers['content-length'])).toBe(plain.body.length)
		expect(plain.body.toString('utf8')).toContain('name="password"')
	}

	// A page that is not found is a whole document too, with its status.
	const missing = await get(`${baseURL}/no-such-page`, { accept: 'text/html', 'accept-encoding': 'gzip' })
	expect(missing.status).toBe(404)
	expect(gunzipSync(missing.body).toString('utf8')).toContain('</html>')
})

// Scripts and stylesheets are compressed once, by the build, at Brotli's best (docs/decisions/139-precompressed-assets.md).
test('a script is sent as the Brotli or gzip the build made, the same bytes as the file, cached for a year', async ({ baseURL }) => {
	const page = await get(`${baseURL}/login`, { accept: 'text/html' })
	const script = page.body.toString('utf8').match(/\/assets\/react-[\w-]+\.js/)?.[0]
	expect(script).toBeDefined()
	const plain = await get(`${baseURL}${script}`, { 'accept-encoding': 'identity' })
	expect(plain.status).toBe(200)
	expect(plain.headers['content-encoding']).toBeUndefined()
	expect(plain.headers['content-type']).toMatch(/^text\/javascript/)
	expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable')
	expect(plain.body.toString('utf8')).toContain('react')

	const brotli = await get(`${baseURL}${script}`, { 'accept-encoding': 'gzip, deflate, br, zstd' })
	expect(brotli.headers['content-encoding']).toBe('br')
	expect(brotli.headers.vary).toMatch(/accept-encoding/i)
	expect(brotli.headers['content-type']).toMatch(/^text\/javascript/)
	expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable')
	expect(Number(brotli.headers['content-length'])).toBe(brotli.body.length)
	expect(brotliDecompressSync(brotli.body).equals(plain.body)).toBe(true)
	// Smaller than the quality the compression middleware makes per answer: the build's file, not the middleware's.
	const perAnswer = brotliCompressSync(plain.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
	expect(brotli.body.length).toBeLessThan(perAnswer.length * 0.95)

	const zipped = await get(`${baseURL}${script}`, { 'accept-encoding': 'gzip' })
	expect(zipped.headers['content-encoding']).toBe('gzip')
	expect(gunzipSync(zipped.body).equals(plain.body)).toBe(true)

	// A script that is not there is a 404, whatever the encoding asked for.
	expect((await get(`${baseURL}/assets/no-such-chunk.js`, { 'accept-encoding': 'br' })).status).toBe(404)
})

// The stylesheet is a resource React puts ahead of the scripts' preloads (docs/decisions/129-stylesheet-first.md),
// inline on a browser's first page and linked after it (docs/decisions/130-first-visit-stylesheet-and-render-costs.md).
// On a first page the server moves it to the start of the body (decision 142), and the scripts start once the
// page is painted: no preload is in the page, and React Router's module script is a classic one that adds them
// (decision 145).
test('the stylesheet is inline at the start of a first page and linked in the head after it, ahead of the scripts either way', async ({
	baseURL,
}) => {
	for (const path of ['/login', '/register']) {
		const first = await get(`${baseURL}${path}`, { accept: 'text/html' })
		const firstPage = first.body.toString('utf8')
		const firstHead = firstPage.slice(0, firstPage.indexOf('</head>'))
		const firstBody = firstPage.slice(firstPage.indexOf('</head>'))
		expect(firstHead, `${path}: no rules in the head`).not.toContain('<style data-precedence')
		expect(firstHead, `${path}: no preloads in the head`).not.toContain('rel="modulepreload"')
		// The starter's code names the file's `rel`; no element does.
		expect(firstPage, `${path}: no stylesheet to wait for`).not.toMatch(/<link[^>]*rel="stylesheet"/)
		// The body opens with the rules (their text has `<` in it: `syntax:"<length>"`), then the skip link.
		const opened = /^<\/head><body[^>]*>/.exec(firstBody)![0]
		const rules = firstBody.slice(opened.length, firstBody.indexOf('</style>') + '</style>'.length)
		expect(rules, `${path}: the portal's rules first in the body`).toMatch(
			/^<style data-precedence="default" data-href="\/assets\/[^"]+\.css">/,
		)
		// The rules the page needs (decision 149): the skip link's, and none for a class it does not have.
		expect(rules, `${path}: the page's own rules`).toContain('.skip-link')
		expect(rules, `${path}: not the others`).not.toContain('.sm\\:grid-cols-2')
		expect(firstBody.slice(opened.length + rules.length), `${path}: then the content`).toMatch(/^<a href="#main" class="skip-link">/)
		// No preload and no module script: one classic script, after the content, starts them after the first paint.
		expect(firstPage, `${path}: no preload in the page`).not.toMatch(/<link rel="modulepreload"/)
		expect(firstPage, `${path}: no module script in the page`).not.toMatch(/<script[^>]*type="module"/)
		const starts = [...firstBody.matchAll(/<script nonce="[^"]+">(\(function\(p,c,a\)[^<]*)<\/script>/g)]
		expect(starts, `${path}: one script that starts the others`).toHaveLength(1)
		expect(starts[0]!.index, `${path}: after the content`).toBeGreaterThan(firstBody.indexOf('id="main"'))
		expect(starts[0]![1], `${path}: with the entry's preload and the route modules`).toMatch(/\["\/assets\/entry\.client-[^"]+\.js"/)
		expect(firstBody, `${path}: nothing after the scripts but the end`).toMatch(/<\/script>(<!--\/\$-->)*<\/body><\/html>$/)
		const href = /data-href="([^"]+)"/.exec(rules)![1]!
		// The file comes after the page: applied by the starter after the first frame, or, without JavaScript,
		// prefetched for the next page from a noscript.
		expect(firstHead, `${path}: the file fetched after the page`).toContain(
			`<noscript><link rel="prefetch" href="${href}" as="style"/></noscript>`,
		)
		expect(starts[0]![1], `${path}: the starter applies it`).toContain(`,["${href}"])`)
		const cookie = ([first.headers['set-cookie'] ?? []].flat() as string[]).find((c) => c.startsWith('css='))
		expect(cookie, `${path}: the cookie that says the browser has it`).toMatch(/; Max-Age=31536000; Path=\/; HttpOnly.*; SameSite=Lax/)
		expect(first.headers.vary, `${path}: a cache keeps pages apart by cookie`).toMatch(/\bCookie\b/)

		const next = await get(`${baseURL}${path}`, { accept: 'text/html', cookie: cookie!.split(';')[0]! })
		const nextHead = next.body.toString('utf8').slice(0, next.body.toString('utf8').indexOf('</head>'))
		const linked = nextHead.indexOf(`<link rel="stylesheet" href="${href}" data-precedence="default"/>`)
		expect(linked, `${path}: the file linked on the next page`).toBeGreaterThan(0)
		expect(linked, `${path}: before the scripts' preloads`).toBeLessThan(nextHead.indexOf('rel="modulepreload"'))
		expect(nextHead.match(/rel="stylesheet"/g), `${path}: one stylesheet`).toHaveLength(1)
		expect(nextHead, `${path}: nothing inline`).not.toContain('<style data-precedence')
		expect(
			([next.headers['set-cookie'] ?? []].flat() as string[]).some((c) => c.startsWith('css=')),
			`${path}: no new cookie`,
		).toBe(false)
	}
})

test('the stylesheet applies on a first page and after it, and a first page applies the file once it runs', async ({ page, js }) => {
	const errors: string[] = []
	page.on('pageerror', (error) => errors.push(error.message))
	page.on('console', (message) => {
		if (message.type() === 'error') errors.push(message.text())
	})
	// The first page has the rules inline, the second links the file the first one fetched.
	for (const [path, kind] of [
		['/login', 'style[data-href]'],
		['/register', 'link[rel="stylesheet"]'],
	] as const) {
		await page.goto(path)
		await expect(page.locator(kind), `${path}: ${kind}`).toHaveCount(1)
		// The portal's own rules are in force: the body fills the screen (min-h-dvh), the primary button is filled.
		await expect(page.locator('body')).toHaveCSS('min-height', /\d+px/)
		const button = page.getByRole('button', { name: path === '/login' ? 'Sign in' : 'Continue' }).first()
		await expect(button).not.toHaveCSS('background-color', 'rgba(0, 0, 0, 0)')
		// With JavaScript, once the scripts are in and React has taken the page over: a first page has its own
		// rules and the file the starter applied (decision 149), a later page the file alone, and React adds none.
		if (js) await page.waitForLoadState('networkidle')
		const sheets = await page
			.locator('link[rel="stylesheet"], style[data-href]')
			.evaluateAll((elements) =>
				elements.map((e) =>
					e instanceof HTMLStyleElement ? `rules ${e.dataset.href}` : `file ${new URL((e as HTMLLinkElement).href).pathname}`,
				),
			)
		const file = (sheets.find((s) => s.startsWith('file')) ?? sheets[0]!).split(' ')[1]
		expect(sheets.sort(), `${path}: its stylesheets`).toEqual(
			kind === 'style[data-href]' ? [...(js ? [`file ${file}`] : []), `rules ${file}`] : [`file ${file}`],
		)
		// The skip link is out of sight until the keyboard reaches it first.
		const skip = page.getByRole('link', { name: 'Skip to content' })
		expect((await skip.boundingBox())?.width).toBeLessThanOrEqual(1)
		await page.keyboard.press('Tab')
		await expect(skip).toBeFocused()
		expect((await skip.boundingBox())?.width).toBeGreaterThan(50)
	}
	expect(errors).toEqual([])
})

// Decision 145: on a first page nothing asks for a script, or for the stylesheet file the next page links, before
// the page's first frame, and React Router then takes the page over as before. Without JavaScript no script is
// asked for, the stylesheet file is (from a noscript), and the page is whole.
test('a first page starts its scripts after its first frame, and React takes it over', async ({ page, js }) => {
	const errors: string[] = []
	page.on('pageerror', (error) => errors.push(error.message))
	page.on('console', (message) => {
		if (message.type() === 'error') errors.push(message.text())
	})
	const scripts: string[] = []
	const documents: string[] = []
	const stylesheets: string[] = []
	page.on('request', (r) => {
		if (r.resourceType() === 'script') scripts.push(r.url())
		if (new URL(r.url()).pathname.endsWith('.css')) stylesheets.push(r.url())
		if (r.resourceType() === 'document') documents.push(r.url())
	})
	// Before any of the page's own scripts: when the first frame began.
	await page.addInitScript(() => {
		requestAnimationFrame((at) => {
			;(window as unknown as { firstFrameAt: number }).firstFrameAt = at
		})
	})
	await page.goto('/login')
	await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
	await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible()
	if (!js) {
		await page.waitForLoadState('networkidle')
		expect(scripts, 'no script without JavaScript').toEqual([])
		// The stylesheet file for the next page, from the noscript.
		expect(stylesheets, 'the stylesheet fetched for the next page').toHaveLength(1)
		expect(await page.locator('script[type="module"], link[rel="modulepreload"]').count()).toBe(0)
		return
	}
	await page.waitForLoadState('networkidle')
	const { firstFrameAt, starts } = await page.evaluate(() => ({
		firstFrameAt: (window as unknown as { firstFrameAt: number }).firstFrameAt,
		starts: performance
			.getEntriesByType('resource')
			.filter((e) => /\.(js|css)$/.test(new URL(e.name).pathname))
			.map((e) => ({ name: e.name, startTime: e.startTime })),
	}))
	expect(scripts.length, 'the scripts were fetched').toBeGreaterThan(3)
	expect(stylesheets, 'the stylesheet file, applied after the first frame').toHaveLength(1)
	expect(starts.length).toBe(new Set([...scripts, ...stylesheets]).size)
	for (const start of starts) expect(start.startTime, `${start.name} after the first frame`).toBeGreaterThanOrEqual(firstFrameAt)
	// React Router has the page: a link is followed without a new document.
	const before = documents.length
	await page.getByRole('link', { name: /create an account/i }).click()
	await expect(page).toHaveURL(/\/register$/)
	await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
	expect(documents.length, 'no document for the next page').toBe(before)
	expect(errors).toEqual([])
})

/** Each element's computed style, custom properties aside (what no rule reads draws nothing). */
const styles = (page: Page, within = 'body') =>
	page.evaluate(
		(within) =>
			[...document.querySelectorAll(within)]
				.flatMap((root) => [...root.querySelectorAll('*')])
				.filter((e) => !['STYLE', 'SCRIPT', 'NOSCRIPT', 'LINK'].includes(e.tagName))
				.map((e) => {
					const style = getComputedStyle(e)
					const kept: Record<string, string> = {}
					for (const name of style) if (!name.startsWith('--')) kept[name] = style.getPropertyValue(name)
					return { element: `${e.tagName.toLowerCase()}.${e.getAttribute('class') ?? ''}`, style: kept }
				}),
		within,
	)

/** What differs between two drawings of one page, element by element (the first ten). */
function differences(own: Awaited<ReturnType<typeof styles>>, whole: Awaited<ReturnType<typeof styles>>, ignore?: RegExp) {
	return own
		.flatMap((e, i) =>
			Object.entries(whole[i]!.style)
				.filter(([name, value]) => e.style[name] !== value && !ignore?.test(name))
				.map(([name, value]) => `${e.element} ${name}: ${e.style[name]} where the file gives ${value}`),
		)
		.slice(0, 10)
}

// Decision 149: a first page carries only the rules its classes need. Drawn with those alone (the file refused),
// every element of the page has the style it has under the whole stylesheet, on a phone and a desktop.
test('a first page’s own rules draw it as the whole stylesheet does', async ({ browser, js }) => {
	// Sixteen loads, each reading every element's computed style: 1.9 and 2.0 minutes on CI's machine on
	// 2026-12-01, when the whole Playwright run took 38 minutes instead of its usual 15.
	test.setTimeout(240_000)
	const setup = await browser.newContext()
	const signingIn = await setup.newPage()
	await signIn(signingIn, 'business@example.com', DEMO_PASSWORD)
	await expect(signingIn).toHaveURL('/')
	const session = (await setup.storageState()).cookies.filter((c) => c.name !== 'css')
	await setup.close()
	for (const [path, cookies] of [
		['/login', []],
		['/register', []],
		['/', session],
		['/employees', session],
	] as const) {
		for (const width of [360, 1280]) {
			const context = await browser.newContext({ javaScriptEnabled: js, viewport: { width, height: 900 } })
			await context.addCookies([...cookies])
			const page = await context.newPage()
			await page.route('**/*.css', (route) => route.abort())
			await page.goto(path)
			await expect(page.locator('style[data-href]'), `${path}: a first page`).toHaveCount(1)
			if (js) await page.waitForLoadState('networkidle')
			const own = await styles(page)
			await page.unroute('**/*.css')
			// The next load of the page links the file: the browser now holds the cookie that says it has it.
			await page.goto(path)
			await expect(page.locator('link[rel="stylesheet"]'), `${path}: the file`).toHaveCount(1)
			await expect(page.locator('style[data-href]')).toHaveCount(0)
			if (js) await page.waitForLoadState('networkidle')
			const whole = await styles(page)
			expect(
				own.map((e) => e.element),
				`${path} at ${width} px: the same elements`,
			).toEqual(whole.map((e) => e.element))
			expect(differences(own, whole), `${path} at ${width} px`).toEqual([])
			await context.close()
		}
	}
})

// Decision 149: once the file is in, a first page's own rules go off. They stand after it, so `.hidden` would
// beat the file's later `sm:block` on the next page's header, which the first page did not have.
test('after a first page, the next pages are drawn as the stylesheet file draws them', async ({ page, js }) => {
	// Sign-up's page has an element with `hidden` (its honeypot); home's header shows Sign out with `hidden sm:block`.
	await visit(page, '/register?type=individual')
	await expect(page.locator('style[data-href]')).toHaveCount(1)
	if (js) await page.waitForLoadState('networkidle')
	await page.getByRole('link', { name: 'Sign in', exact: true }).click()
	await expect(page).toHaveURL('/login')
	await sendSignIn(page, 'business@example.com', DEMO_PASSWORD)
	await expect(page).toHaveURL('/')
	// With JavaScript the router drew home in the first page's document; without it home is a document that links the file.
	await expect(page.locator('style[data-href]')).toHaveCount(js ? 1 : 0)
	await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible()
	// The header and the page (the toast that greets a sign-in is not on the page loaded again).
	const reached = await styles(page, 'header, main')
	await page.goto('/')
	await expect(page.locator('style[data-href]')).toHaveCount(0)
	if (js) await page.waitForLoadState('networkidle')
	const loaded = await styles(page, 'header, main')
	expect(reached.map((e) => e.element)).toEqual(loaded.map((e) => e.element))
	// Where an element stands on the page moves with the toast above it; nothing else may differ.
	expect(differences(reached, loaded, /^(top|right|bottom|left|inset-)/)).toEqual([])
})
