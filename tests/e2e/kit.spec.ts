import type { APIRequestContext, FrameLocator, Page } from '@playwright/test'
import { startDemoHost } from '../../scripts/kit-demo-host.ts'
import { DEMO_PASSWORD, expect, signIn, test } from './support.ts'
import { businessThroughApi, fundThroughApi } from './wallet-support.ts'

// The embedded kit (issue 16): a partner's page on another origin buys through the kit in a frame and
// hears the result twice, from the frame and from the signed webhook; the portal's own ?inspectionSdk=.

type Host = Awaited<ReturnType<typeof startDemoHost>>

/** A new business with ₦100,000 in its wallet and a partner key whose webhook goes to `host`. */
async function partner(page: Page, request: APIRequestContext, host: Host) {
	const owner = await businessThroughApi(page, request, 'Tunde')
	await fundThroughApi(request, owner, 100_000, 'approve')
	const made = await request.post('/api/v1/partner-keys', {
		headers: owner.headers,
		data: { name: 'Adire Bank app', webhook_url: `${host.origin}/hooks` },
	})
	expect(made.status()).toBe(201)
	const key = (await made.json()).data as { secret_key: string; webhook_secret: string }
	host.config.secretKey = key.secret_key
	host.config.webhookSecret = key.webhook_secret
	return key
}

/** A kit session made by the partner's server for `origin`: its payload. */
async function kitPayload(request: APIRequestContext, secretKey: string, origin: string) {
	const made = await request.post('/api/v1/kit/sessions', {
		headers: { Authorization: `Bearer ${secretKey}` },
		data: { product_id: 5, payment_option: 'wallet', origin, reference: `e2e-${crypto.randomUUID()}`, prefill: { full_name: 'Chidi Obi' } },
	})
	expect(made.status()).toBe(201)
	return (await made.json()).data.inspection_sdk as string
}

/** Quote, details and pay, in the kit wherever it is (a frame or the page itself). */
async function buyThroughKit(kit: Page | FrameLocator) {
	await kit.getByLabel('Kind of device').selectOption('phone')
	await kit.getByLabel('Value of the device').fill('450000')
	await kit.getByLabel('Cover period').selectOption('annual')
	await kit.getByRole('button', { name: 'Continue' }).click()
	await expect(kit.getByLabel('Full name')).toHaveValue('Chidi Obi')
	await kit.getByLabel('Email address').fill('chidi@example.test')
	await kit.getByLabel('Phone number').fill('08031234567')
	await kit.getByRole('button', { name: 'Continue' }).click()
	await expect(kit.getByRole('heading', { name: 'Your quote' })).toBeVisible()
	await kit.getByRole('button', { name: /^Buy for ₦/ }).click()
	await expect(kit.getByRole('heading', { name: 'You are covered' })).toBeVisible()
	return (await kit.locator('strong').first().textContent()) ?? ''
}

async function signedWebhook(host: Host) {
	await expect.poll(() => host.webhooks.length, { timeout: 15_000 }).toBe(1)
	const [hook] = host.webhooks
	expect(hook).toMatchObject({ verified: true, body: { type: 'kit.purchase.completed', data: { customer: { full_name: 'Chidi Obi' } } } })
	return hook!
}

test.describe('the embedded kit', () => {
	let host: Host
	test.beforeEach(async ({ baseURL }) => {
		host = await startDemoHost({ portalUrl: baseURL!, paymentOption: 'wallet' })
	})
	test.afterEach(async () => host.close())

	test('a partner page on another origin buys through the kit, hears the frame and the signed webhook, and ignores other origins', async ({
		page,
		request,
		js,
	}) => {
		test.skip(!js, 'the partner page opens the frame with JavaScript; the kit itself is tested without it below')
		await partner(page, request, host)
		// ?evil=1: a frame of another origin posts fake results all along.
		await page.goto(`${host.origin}/?evil=1`)
		await page.getByRole('button', { name: 'Buy gadget cover' }).click()
		const kit = page.frameLocator('iframe[title="Cover kit"]')
		const policy = await buyThroughKit(kit)
		expect(policy).toMatch(/^CP-/)
		const events = page.locator('#events li')
		await expect(events.filter({ hasText: 'success' })).toHaveText([new RegExp(`^success: policy ${policy} for adire-`)])
		const hook = await signedWebhook(host)
		expect(hook.body).toMatchObject({ data: { policy: { policy_number: policy } } })
		await page.getByRole('button', { name: 'Close the kit' }).click()
		await expect(page.locator('iframe[title="Cover kit"]')).toHaveCount(0)
		await expect(events.last()).toHaveText('close after success')
		// The advert frame has been posting fake successes and closes the whole time.
		await expect(page.locator('#events')).not.toContainText('FAKE')
		await expect(events).toHaveCount(2)
	})

	test('through the gateway, the checkout opens in a window of its own and the kit finds the purchase paid', async ({
		page,
		request,
		js,
	}) => {
		test.skip(!js, 'the partner page opens the frame with JavaScript')
		host.config.paymentOption = 'gateway'
		await partner(page, request, host)
		await page.goto(host.origin)
		await page.getByRole('button', { name: 'Buy gadget cover' }).click()
		const kit = page.frameLocator('iframe[title="Cover kit"]')
		await kit.getByLabel('Kind of device').selectOption('phone')
		await kit.getByLabel('Value of the device').fill('450000')
		await kit.getByLabel('Cover period').selectOption('annual')
		await kit.getByRole('button', { name: 'Continue' }).click()
		await kit.getByLabel('Email address').fill('chidi@example.test')
		await kit.getByLabel('Phone number').fill('08031234567')
		await kit.getByRole('button', { name: 'Continue' }).click()
		await kit.getByRole('button', { name: /^Buy for ₦/ }).click()
		const [checkout] = await Promise.all([page.waitForEvent('popup'), kit.getByRole('link', { name: 'Open the checkout' }).click()])
		await checkout.getByRole('button', { name: 'Pay with test card' }).click()
		await expect(checkout.getByRole('heading', { name: 'Payment received' })).toBeVisible()
		await checkout.close()
		await kit.getByRole('link', { name: 'I have paid' }).click()
		await expect(kit.getByRole('heading', { name: 'You are covered' })).toBeVisible()
		await expect(page.locator('#events li').filter({ hasText: 'success' })).toHaveCount(1)
		expect((await signedWebhook(host)).body).toMatchObject({ data: { purchase: { payment_option: 'gateway' } } })
	})

	test('?inspectionSdk= on the portal opens the kit: in a frame that closing takes away with the query, or without JavaScript as the page itself', async ({
		page,
		request,
		js,
		baseURL,
	}) => {
		const key = await partner(page, request, host)
		const payload = await kitPayload(request, key.secret_key, new URL(baseURL!).origin)
		await page.goto(`/?inspectionSdk=${encodeURIComponent(payload)}`)
		if (js) {
			// Signed out: the guard keeps the query on /login, which is an app-shell route too.
			const kit = page.frameLocator('iframe[title="Cover kit"]')
			await expect(kit.getByLabel('Kind of device')).toBeVisible()
			await expect(page).toHaveURL(/inspectionSdk=/)
			await kit.getByRole('button', { name: 'Close' }).click()
			await expect(page.locator('iframe[title="Cover kit"]')).toHaveCount(0)
			await expect(page).not.toHaveURL(/inspectionSdk/)
			await expect(page).toHaveURL(/\/login/)
		} else {
			// Without JavaScript there is no frame: the link opens the kit page itself, which works with forms alone.
			await expect(page).toHaveURL(/\/kit\/[0-9a-f-]{36}$/)
			const policy = await buyThroughKit(page)
			expect(policy).toMatch(/^CP-/)
			await signedWebhook(host)
		}
	})

	test('a kit link that was changed, or used before, gets a clear page and nothing else', async ({ page, request, baseURL }) => {
		const key = await partner(page, request, host)
		const payload = await kitPayload(request, key.secret_key, new URL(baseURL!).origin)
		const tampered = `${payload.slice(0, -4)}${payload.slice(-4, -3) === 'A' ? 'B' : 'A'}${payload.slice(-3)}`
		const bad = await page.goto(`/kit?inspectionSdk=${encodeURIComponent(tampered)}`)
		expect(bad?.status()).toBe(400)
		await expect(page.getByRole('alert')).toContainText('This kit link is not valid.')
		await expect(page.getByRole('navigation')).toHaveCount(0)
		expect((await request.get(`/kit?inspectionSdk=${encodeURIComponent(payload)}`, { maxRedirects: 0 })).status()).toBe(302)
		const replay = await page.goto(`/kit?inspectionSdk=${encodeURIComponent(payload)}`)
		expect(replay?.status()).toBe(410)
		await expect(page.getByRole('alert')).toContainText('already used')
		// Another origin's frame is refused before the payload is spent.
		const foreign = await kitPayload(request, key.secret_key, 'https://bank.example')
		const wrong = await page.goto(`/kit?inspectionSdk=${encodeURIComponent(foreign)}&host_origin=${encodeURIComponent(host.origin)}`)
		expect(wrong?.status()).toBe(403)
		await expect(page.getByRole('alert')).toContainText('only be opened from the site it was made for')
	})
})

test('partner keys are made, shown once, listed and revoked in Settings', async ({ page, request }) => {
	const owner = await businessThroughApi(page, request, 'Kemi')
	await signIn(page, owner.email, owner.password)
	await expect(page).toHaveURL(/\/$/)
	await page.goto('/settings')
	await page.getByRole('link', { name: 'Partner keys' }).click()
	await expect(page.getByText('No partner keys yet.')).toBeVisible()
	// Bad input: a clear message, and what was typed stays.
	await page.getByLabel('Name').fill('Checkout')
	await page.getByLabel('Webhook address (optional)').fill('ftp://bank.example/hooks')
	await page.getByRole('button', { name: 'Make key' }).click()
	await expect(page.getByText('Enter the webhook address as https://… (http:// only for localhost).')).toBeVisible()
	await expect(page.getByLabel('Name')).toHaveValue('Checkout')
	await page.getByLabel('Webhook address (optional)').fill('https://bank.example/hooks')
	await page.getByRole('button', { name: 'Make key' }).click()
	const secrets = page.getByRole('status', { name: 'Copy the secrets of Checkout now' })
	await expect(secrets).toContainText(/sk_kit_[\w-]{43}/)
	const secret = (await secrets.getByText(/^sk_kit_/).textContent())!
	const row = page.getByRole('row', { name: /Checkout/ })
	await expect(row).toContainText(`sk_kit_…${secret.slice(-4)}`)
	await expect(row).toContainText('Active')
	// Shown once: the list never holds the secret again.
	await page.goto('/settings?tab=partners')
	await expect(page.getByRole('main')).not.toContainText(secret)
	await page.getByRole('button', { name: 'Revoke the key Checkout' }).click()
	await expect(page.getByRole('row', { name: /Checkout/ })).toContainText('Revoked')
	const refused = await request.post('/api/v1/kit/sessions', {
		headers: { Authorization: `Bearer ${secret}` },
		data: { product_id: 5, origin: 'https://bank.example', reference: 'r' },
	})
	expect(refused.status()).toBe(401)
})

test('the demo business has a partner key in Settings', async ({ page }) => {
	await signIn(page, 'business@example.com', DEMO_PASSWORD)
	await expect(page).toHaveURL(/\/$/)
	await page.goto('/settings?tab=partners')
	await expect(page.getByRole('row', { name: /Okafor Logistics website/ })).toContainText('Active')
})
