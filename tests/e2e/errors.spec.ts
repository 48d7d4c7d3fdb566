import { DEMO_PASSWORD, expect, expectAccessible, signIn, test, visit } from './support.ts'

test('an unknown page is a 404 that names the path asked for, with a way home', async ({ page, js }) => {
	const response = await visit(page, '/no/such/page?x=1')
	expect(response?.status()).toBe(404)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Something Went Wrong')
	await expect(page.getByText('404', { exact: true })).toBeVisible()
	await expect(page.getByText('Page not found: /no/such/page?x=1', { exact: true })).toBeVisible()
	const home = page.getByRole('link', { name: 'Go Home' })
	await expect(home).toHaveAttribute('href', '/')
	await expectAccessible(page, js)
	// Home needs a session, so a signed-out visitor ends on sign in.
	await home.click()
	await expect(page).toHaveURL('/login?return_url=%2F')
})

test('signed out, / redirects to sign in with return_url', async ({ page, request, js }) => {
	const response = await request.get('/', { maxRedirects: 0 })
	expect(response.status()).toBe(302)
	expect(response.headers().location).toBe('/login?return_url=%2F')
	await visit(page, '/')
	await expect(page).toHaveURL('/login?return_url=%2F')
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in')
	await expectAccessible(page, js)
})

test.describe('with the service worker', () => {
	// It holds the scripts the page needs once offline (the suite blocks it elsewhere: playwright.config.ts).
	test.use({ serviceWorkers: 'allow' })

	test('a page asked for with the connection down says so, in the words of section 8', async ({ page, context, js }) => {
		test.skip(!js, 'Without JavaScript the browser shows its own offline page')
		await signIn(page, 'business@example.com', DEMO_PASSWORD)
		await expect(page).toHaveURL('/')
		// The service worker holds the build's scripts once installed: the page's code is there, its data is not.
		await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', undefined, { timeout: 20_000 })
		await context.setOffline(true)
		await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click()
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Something Went Wrong')
		await expect(page.getByText('You appear to be offline. Please check your connection.')).toBeVisible()
		await context.setOffline(false)
	})
})

test('after signing out, neither Back nor a fresh visit shows a page of the account', async ({ page, js }) => {
	await signIn(page, 'business@example.com', DEMO_PASSWORD)
	await expect(page).toHaveURL('/')
	const greeting = page.getByRole('heading', { level: 1, name: /Adaeze/ })
	await expect(greeting).toBeVisible()
	await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click()
	await expect(page).toHaveURL('/settings')
	// Without this the browser may show its stored copy of the page on Back, with no request to the server.
	expect((await page.request.get('/')).headers()['cache-control']).toContain('no-store')
	expect((await page.request.get('/settings')).headers()['cache-control']).toContain('no-store')
	await page.getByRole('button', { name: 'Sign out' }).click()
	await expect(page).toHaveURL('/login')

	// With JavaScript, signing out replaced the entry of /settings (spec section 4), so Back goes to the
	// page before it; without, the browser keeps the entry and asks the server for it again.
	await page.goBack()
	await expect(page).toHaveURL(js ? '/login?return_url=%2F' : '/login?return_url=%2Fsettings')
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in')
	await expect(page.getByRole('button', { name: 'Sign out' })).toHaveCount(0)
	await expectAccessible(page, js)

	await visit(page, '/')
	await expect(page).toHaveURL('/login?return_url=%2F')
	await expect(greeting).toHaveCount(0)
})

test('an API error about no field is a notification titled Oops ):, and the form keeps its values', async ({ page, js }) => {
	await signIn(page, 'individual@example.com', 'not-the-password-1')
	const notification = page.getByTestId('toasts').getByRole('alert')
	await expect(notification).toHaveCount(1)
	await expect(notification).toContainText('Oops ):')
	await expect(notification).toContainText('Incorrect email or password.')
	// Nothing beside the fields: the message is not about one of them.
	await expect(page.getByLabel('Email address')).not.toHaveAttribute('aria-invalid', 'true')
	await expect(page.locator('form').getByText('Incorrect email or password.')).toHaveCount(0)
	await expect(page.getByLabel('Email address')).toHaveValue('individual@example.com')
	await expectAccessible(page, js)
	// Spec section 9: with JavaScript a notification leaves after 3 s; without it, it stays as a banner.
	if (js) await expect(notification).toHaveCount(0, { timeout: 5_000 })
	else await expect(notification).toBeVisible()
})

test('a field error stays beside its field and raises no notification', async ({ page }) => {
	await signIn(page, 'business@example.com', DEMO_PASSWORD)
	await expect(page).toHaveURL('/')
	await visit(page, '/withdraw')
	await page.getByLabel('Bank').selectOption({ index: 1 })
	await page.getByLabel('Account number').fill('0001234567')
	await page.getByRole('button', { name: 'Check account' }).click()
	const message = 'We could not find that account at that bank. Check the number and the bank.'
	await expect(page.getByText(message)).toBeVisible()
	await expect(page.getByLabel('Account number')).toHaveAttribute('aria-invalid', 'true')
	await expect(page.getByTestId('toasts')).toHaveCount(0)
})
