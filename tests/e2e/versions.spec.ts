import type { Page } from '@playwright/test'
import { expect, test, visit } from './support.ts'

/** Documents the page asked for: a reload or a full page load, never React Router's data requests. */
function documentLoads(page: Page) {
	const loads: string[] = []
	page.on('request', (r) => {
		if (r.resourceType() === 'document') loads.push(new URL(r.url()).pathname)
	})
	return loads
}

/**
 * The route module of /password-reset as a deploy that removed it leaves it: the server's own answer
 * for a file it no longer has (asked for under a name that never existed), for every request of it.
 */
async function deleteChunkOf(page: Page, routeId: string) {
	// React Router learns of routes as their links appear (lazy route discovery): wait for this one.
	const chunk = await (
		await page.waitForFunction(
			(id) =>
				(window as unknown as { __reactRouterManifest: { routes: Record<string, { module: string }> } }).__reactRouterManifest.routes[id]
					?.module,
			routeId,
		)
	).jsonValue()
	expect(chunk).toMatch(/^\/assets\/.+\.js$/)
	await page.route(`**${chunk}`, async (route) => {
		const gone = await route.fetch({ url: new URL('/assets/deleted-by-a-newer-deploy.js', page.url()).toString() })
		expect(gone.status()).toBe(404)
		await route.fulfill({ response: gone })
	})
}

test.describe('without a service worker', () => {
	// A service worker's precache still holds the chunks of the build it came with (sw.spec.ts): here
	// the browser has none, as on a first visit, and asks the server.
	test.use({ serviceWorkers: 'block' })

	test('a deleted chunk reloads the page once, then for 10 s loads the page asked for instead', async ({ page, js }) => {
		const loads = documentLoads(page)
		if (!js) {
			// Without JavaScript no chunk is ever loaded: the link is a plain page load.
			await visit(page, '/login')
			await page.route('**/assets/**', (route) => route.abort())
			await page.getByRole('link', { name: 'Forgot password?' }).click()
			await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reset your password')
			expect(loads).toEqual(['/login', '/password-reset'])
			return
		}
		await page.clock.install()
		await visit(page, '/login')
		await deleteChunkOf(page, 'routes/auth/password-reset')

		// First failure: React Router reloads the page it is on.
		await page.getByRole('link', { name: 'Forgot password?' }).click()
		await expect.poll(() => loads.length).toBe(2)
		expect(loads).toEqual(['/login', '/login'])
		await page.waitForFunction(() => '__reactRouterDataRouter' in window)

		// Second failure within 10 s: no reload of /login; the page asked for loads whole from the server.
		await page.getByRole('link', { name: 'Forgot password?' }).click()
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reset your password')
		expect(loads).toEqual(['/login', '/login', '/password-reset'])

		// Ten seconds on, /login may reload once more.
		await visit(page, '/login')
		await page.clock.fastForward(10_000)
		await page.getByRole('link', { name: 'Forgot password?' }).click()
		await expect.poll(() => loads.length).toBe(5)
		expect(loads).toEqual(['/login', '/login', '/password-reset', '/login', '/login'])
	})
})

test('a new version found by the periodic check reloads at the next navigation', async ({ page, js }) => {
	const loads = documentLoads(page)
	await page.clock.install()
	await visit(page, '/login')
	const latest = await page.request.get('/builds/latest.json')
	expect(latest.headers()['cache-control']).toBe('no-cache')
	const current = (await latest.json()).version as string
	expect(current).toBeTruthy()

	if (js) {
		// The running build: a navigation stays in the page.
		await page.getByRole('link', { name: 'Forgot password?' }).click()
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reset your password')
		expect(loads).toEqual(['/login'])
		await page.goBack()
		// The address changes at once; the page is /login's only once its data is in. A version found stale
		// before that reloads /login itself, at the end of this navigation.
		await expect(page).toHaveURL('/login')
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in')
	}

	// A new build is deployed: builds/latest.json names another version.
	const checked = page.waitForRequest('**/builds/latest.json', { timeout: js ? 10_000 : 1_000 }).catch(() => null)
	await page.route('**/builds/latest.json', (route) =>
		route.fulfill({ json: { version: `${current}-next`, builtAt: new Date().toISOString() } }),
	)
	await page.clock.fastForward('05:00')
	// Without JavaScript there is no check: every navigation is a page load anyway.
	expect(Boolean(await checked)).toBe(js)
	if (js) await expect(page.locator('html')).toHaveAttribute('data-new-version', `${current}-next`)

	await page.getByRole('link', { name: 'Forgot password?' }).click()
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reset your password')
	await expect.poll(() => loads.at(-1)).toBe('/password-reset')
})
