import type { Page } from '@playwright/test'
import { startDeployServer } from '../support/deploy-server.ts'
import { DEMO_PASSWORD, expect, signIn, test, visit } from './support.ts'

// The worker is what this spec is about; the other specs run without it (playwright.config.ts).
test.use({ serviceWorkers: 'allow' })

const OFFLINE_MESSAGE = 'You appear to be offline. Please check your connection.'

/** Waits until the service worker has installed (its precache filled) and controls the page. */
async function controlledByServiceWorker(page: Page) {
	await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', undefined, { timeout: 20_000 })
}

/** Every URL the page's origin holds in Cache Storage, as paths. */
function cachedPaths(page: Page) {
	return page.evaluate(async () => {
		const paths: string[] = []
		for (const name of await caches.keys()) {
			for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname)
		}
		return paths
	})
}

test('offline: the banner, a form held back with its values, the offline page, and no signed-in page stored', async ({
	page,
	context,
	js,
}) => {
	await signIn(page, 'business@example.com', DEMO_PASSWORD)
	await expect(page).toHaveURL('/')
	if (!js) {
		// No JavaScript, no service worker: signed-in pages are marked never to be stored.
		expect(context.serviceWorkers()).toEqual([])
		expect((await page.request.get('/')).headers()['cache-control']).toContain('no-store')
		return
	}
	await controlledByServiceWorker(page)
	await visit(page, '/withdraw')
	await visit(page, '/wallet')

	const cached = await cachedPaths(page)
	expect(cached).toContain('/offline.html')
	expect(cached.filter((p) => p.startsWith('/assets/') && p.endsWith('.js')).length).toBeGreaterThan(10)
	// Only the build's own files: no page, no data request, no API answer.
	expect(cached.filter((p) => !/^\/(assets\/.+\.(js|css)|offline\.html|favicon\.svg|manifest\.webmanifest)$/.test(p))).toEqual([])

	await visit(page, '/withdraw')
	await page.getByLabel('Account number').fill('0123456789')
	await context.setOffline(true)
	await expect(page.getByRole('status').filter({ hasText: 'You are currently offline' })).toBeVisible()
	await page.getByRole('button', { name: 'Check account' }).click()
	const notice = page.getByTestId('toasts').getByRole('alert')
	await expect(notice).toContainText('Oops ):')
	await expect(notice).toContainText(OFFLINE_MESSAGE)
	await expect(page).toHaveURL('/withdraw')
	await expect(page.getByLabel('Account number')).toHaveValue('0123456789')

	await context.setOffline(false)
	await expect(page.getByRole('status').filter({ hasText: 'Welcome Back' })).toBeVisible()
	await expect(page.getByText('You are currently offline')).toHaveCount(0)

	// A page asked for with the connection down: the worker answers with the offline page.
	await context.setOffline(true)
	const response = await page.reload()
	expect(response?.fromServiceWorker()).toBe(true)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are currently offline')
	await expect(page.getByText(OFFLINE_MESSAGE)).toBeVisible()
	await context.setOffline(false)
	await page.getByRole('link', { name: 'Try again' }).click()
	await expect(page).toHaveURL('/')
	await expect(page.getByRole('heading', { level: 1, name: /Adaeze/ })).toBeVisible()
})

test('a new build deployed under a running page: the waiting worker asks, and Refresh reloads into it', async ({ page, js, baseURL }) => {
	test.skip(!js, 'A service worker needs JavaScript')
	const portal = await startDeployServer(baseURL as string)
	try {
		const loads: string[] = []
		page.on('request', (r) => r.resourceType() === 'document' && loads.push(new URL(r.url()).pathname))
		await page.clock.install()
		await visit(page, `${portal.url}/login`)
		await controlledByServiceWorker(page)
		const first = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)
		await page.getByLabel('Email address').fill('someone@example.com')

		portal.deploy('next-build')
		// The periodic check finds the new version and looks for the new worker, which installs and waits.
		await page.clock.fastForward('05:00')
		const prompt = page.getByRole('alertdialog', { name: 'New content is available. Would you like to refresh?' })
		await expect(prompt).toBeVisible({ timeout: 20_000 })
		// Nothing reloaded under the user meanwhile.
		expect(loads).toEqual(['/login'])
		await expect(page.getByLabel('Email address')).toHaveValue('someone@example.com')

		await prompt.getByRole('button', { name: 'Refresh' }).click()
		await expect.poll(() => loads).toEqual(['/login', '/login'])
		await page.waitForFunction(() => '__reactRouterDataRouter' in window)
		await expect(prompt).toHaveCount(0)
		const after = await page.evaluate(async () => {
			const registration = await navigator.serviceWorker.getRegistration()
			return { waiting: Boolean(registration?.waiting), controller: navigator.serviceWorker.controller?.scriptURL }
		})
		expect(after).toEqual({ waiting: false, controller: first })
		const script = await page.request.get(`${portal.url}/sw.js`)
		expect(await script.text()).toContain('// build next-build')
	} finally {
		await portal.close()
	}
})
