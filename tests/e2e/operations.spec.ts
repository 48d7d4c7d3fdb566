import { expect, test } from './support.ts'

// What an operator and a balancer see of the running portal (docs/decisions/062-logs-health-and-scale-out.md),
// and that error reporting costs nothing when it is not configured (docs/decisions/060-error-reporting.md).

test('/healthz and /readyz answer for the balancer, never cached', async ({ request }) => {
	const alive = await request.get('/healthz')
	expect(alive.status()).toBe(200)
	expect(await alive.json()).toEqual({ status: 'ok' })
	const ready = await request.get('/readyz')
	expect(ready.status()).toBe(200)
	expect(ready.headers()['cache-control']).toBe('no-store')
	expect(await ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', jobs: 'ok' } })
})

test("every page answers with its request id: the proxy's when it sent a plain one, else a new one", async ({ request }) => {
	const fresh = await request.get('/login')
	expect(fresh.headers()['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
	const proxied = await request.get('/login', { headers: { 'X-Request-Id': 'a1b2c3d4e5f60718293a4b5c6d7e8f90' } })
	expect(proxied.headers()['x-request-id']).toBe('a1b2c3d4e5f60718293a4b5c6d7e8f90')
})

test('without SENTRY_DSN no error-reporting code reaches the browser, and no source map is served', async ({ page, request }) => {
	const scripts: string[] = []
	page.on('response', async (response) => {
		if (response.request().resourceType() === 'script') scripts.push(await response.text())
	})
	await page.goto('/login')
	await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
	await page.waitForLoadState('networkidle')
	expect(scripts.some((text) => text.includes('sentry.javascript'))).toBe(false)
	// The root route's chunk, named in the page (its preload, or the script that starts the scripts on a first page).
	const root = /\/assets\/root-[\w-]+\.js/.exec(await page.content())?.[0]
	expect(root, 'the root chunk named in the page').toBeTruthy()
	// The maps of the build were deleted; asked for all the same, none is served.
	for (const path of [`${root}.map`, '/assets/anything.js.map']) {
		expect((await request.get(path)).status()).toBe(404)
	}
})
