import type { APIRequestContext, FrameLocator, Page } from '@playwright/test'
import { startDemoHost } from '../../scripts/kit-demo-host.ts'
import { DEMO_PASSWORD, expect, expectAccessible, signIn, test } from './support.ts'
import { PDF, PNG } from './upload-files.ts'
import { businessThroughApi, fundThroughApi, type Member } from './wallet-support.ts'

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
	return { ...key, owner }
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

/** An active gadget policy of `owner`, bought from its wallet and activated. */
async function activeGadgetPolicy(request: APIRequestContext, owner: Member) {
	await fundThroughApi(request, owner, 100_000, 'approve')
	const bought = await request.post('/api/v1/purchases', {
		headers: owner.headers,
		data: {
			product_id: 5,
			gadget_type: 'phone',
			device_value: '₦450,000',
			period: 'annual',
			payment_option: 'wallet',
			idempotency_key: `e2e-${crypto.randomUUID()}`,
		},
	})
	expect(bought.status(), await bought.text()).toBe(201)
	const policy = (await bought.json()).data.policy as { id: string; policy_number: string }
	const activated = await request.post(`/api/v1/policies/${policy.id}/activate`, {
		headers: owner.headers,
		multipart: {
			brand_and_model: 'Samsung Galaxy A54',
			serial_number: `35${Math.floor(Math.random() * 1e13)}`,
			receipt: PDF,
			photo: PNG,
			proof_of_ownership: PDF,
		},
	})
	expect(activated.status(), await activated.text()).toBe(200)
	return policy
}

/** Details and documents of a theft claim, in the kit wherever it is (a frame or the page itself). */
async function claimThroughKit(kit: Page | FrameLocator) {
	await kit.getByLabel('What happened', { exact: true }).selectOption('theft')
	await kit.getByLabel('Date of the incident').fill(new Date(Date.now() + 3_600_000).toISOString().slice(0, 10))
	await kit.getByLabel('Where it happened').fill('Yaba, Lagos')
	await kit.getByLabel('What happened, in your words').fill('The phone was taken from my bag on the bus.')
	await kit.getByLabel('Amount you are claiming').fill('40000')
	await kit.getByRole('button', { name: 'Save and continue' }).click()
	await expect(kit.getByRole('heading', { name: /^Claim CL-/ })).toBeVisible()
	for (const label of ['Police report', 'Proof of purchase']) {
		const form = kit.locator('form').filter({ has: kit.getByLabel(label, { exact: true }) })
		await form.getByLabel(label, { exact: true }).setInputFiles(PDF)
		await form.getByRole('button', { name: 'Upload' }).click()
		await expect(kit.locator('form').filter({ hasText: label }).getByText(`(${PDF.name} uploaded)`)).toBeVisible()
	}
	await kit.getByRole('button', { name: 'Send the claim' }).click()
	await expect(kit.getByRole('heading', { name: 'Claim sent' })).toBeVisible()
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

	test('a partner page makes a claim through the kit, hears the frame and the signed kit.claim.submitted webhook', async ({
		page,
		request,
		js,
	}) => {
		test.skip(!js, 'the partner page opens the frame with JavaScript; the kit claim is tested without it below')
		const { owner } = await partner(page, request, host)
		const policy = await activeGadgetPolicy(request, owner)
		host.config.claimPolicyId = policy.id
		// The frame's page must hydrate as the server sent it, its inline stylesheet included (decision 130): after a
		// mismatch React renders the page again and what was typed is lost (decision 127).
		const hydration: string[] = []
		const mismatch = /#41[89]|#423|hydrat/i
		page.on('console', (message) => {
			if (message.type() === 'error' && mismatch.test(message.text())) hydration.push(message.text())
		})
		page.on('pageerror', (error) => {
			if (mismatch.test(error.message)) hydration.push(error.message)
		})
		await page.goto(host.origin)
		await page.getByRole('button', { name: 'Make a claim' }).click()
		await claimThroughKit(page.frameLocator('iframe[title="Cover kit"]'))
		expect(hydration).toEqual([])
		await expect(page.locator('#events li').filter({ hasText: 'success' })).toHaveText([/^success: claim sent for adire-claim-/])
		await expect.poll(() => host.webhooks.length, { timeout: 15_000 }).toBe(1)
		expect(host.webhooks[0]).toMatchObject({
			verified: true,
			body: { type: 'kit.claim.submitted', data: { claim: { status: 'documented', amount: 40_000 }, policy: { id: policy.id } } },
		})
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

// Decision 162: the guide a business sends its developers, from Settings → Partner keys, with this portal's addresses.
test('the kit’s guide for developers is reached from the partner keys, names this portal and works for a visitor', async ({
	page,
	baseURL,
	js,
}) => {
	await signIn(page, 'business@example.com', DEMO_PASSWORD)
	await expect(page).toHaveURL(/\/$/)
	await page.goto('/settings?tab=partners')
	await page.getByRole('link', { name: 'The guide for your developers' }).click()
	await expect(page).toHaveURL('/partners')
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('The embedded kit: a guide for developers')
	const session = page.getByRole('region', { name: 'Opening a session with curl' })
	await expect(session).toContainText(`curl -X POST ${baseURL}/api/v1/kit/sessions`)
	await expect(page.getByRole('region', { name: 'Opening the kit in your page' })).toContainText(
		`<script src="${baseURL}/kit.js"></script>`,
	)
	// On a phone the code scrolls across, and the keyboard reaches it to scroll it.
	await page.setViewportSize({ width: 360, height: 740 })
	expect(await session.evaluate((e) => e.scrollWidth > e.clientWidth)).toBe(true)
	await session.focus()
	await expect(session).toBeFocused()
	expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
	await expectAccessible(page, js)
	// What it points to is there: the script, and the API's description with the call it shows.
	await expect(page.getByRole('main')).toContainText(`${baseURL}/api/v1/openapi.json`)
	expect((await page.request.get('/kit.js')).status()).toBe(200)
	const openapi = await page.request.get('/api/v1/openapi.json')
	expect(Object.keys((await openapi.json()).paths)).toContain('/kit/sessions')
	// A developer without an account reads it too.
	const visitor = await page.context().browser()!.newPage({ javaScriptEnabled: js })
	await visitor.goto(`${baseURL}/partners`)
	await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('The embedded kit: a guide for developers')
	await visitor.close()
})

test('the kit makes a claim on a partner’s policy: the form, its documents, sent, the session complete', async ({
	page,
	request,
	baseURL,
	js,
}) => {
	const owner = await businessThroughApi(page, request, 'Bisi')
	const policy = await activeGadgetPolicy(request, owner)
	const key = await request.post('/api/v1/partner-keys', { headers: owner.headers, data: { name: 'Adire Bank app' } })
	expect(key.status()).toBe(201)
	const made = await request.post('/api/v1/kit/sessions', {
		headers: { Authorization: `Bearer ${(await key.json()).data.secret_key}` },
		data: { action: 'claim', policy_id: policy.id, origin: new URL(baseURL!).origin, reference: `e2e-${crypto.randomUUID()}` },
	})
	expect(made.status(), await made.text()).toBe(201)

	await page.goto(`/kit?inspectionSdk=${encodeURIComponent((await made.json()).data.inspection_sdk)}`)
	await expect(page).toHaveURL(/\/kit\/[0-9a-f-]{36}\/claim$/)
	await expect(page.getByRole('heading', { name: 'Make a claim' })).toBeVisible()
	await expect(page.getByText(`policy ${policy.policy_number}`)).toBeVisible()
	await expect(page.getByRole('navigation')).toHaveCount(0)
	await expectAccessible(page, js)

	// Bad input keeps what was typed and says what is wrong.
	const today = new Date(Date.now() + 3_600_000).toISOString().slice(0, 10)
	await page.getByLabel('What happened', { exact: true }).selectOption('theft')
	await page.getByLabel('Date of the incident').fill(today)
	await page.getByLabel('Where it happened').fill('Yaba, Lagos')
	await page.getByLabel('What happened, in your words').fill('Stolen.')
	await page.getByLabel('Amount you are claiming').fill('40000')
	await page.getByRole('button', { name: 'Save and continue' }).click()
	await expect(page.getByText('Describe what happened in at least 10 characters.')).toBeVisible()
	await expect(page.getByLabel('Where it happened')).toHaveValue('Yaba, Lagos')
	await page.getByLabel('What happened, in your words').fill('The phone was taken from my bag on the bus.')
	await page.getByRole('button', { name: 'Save and continue' }).click()

	await expect(page.getByRole('heading', { name: /^Claim CL-/ })).toBeVisible()
	await page.getByRole('button', { name: 'Send the claim' }).click()
	await expect(page.getByText(/Add police report, proof of purchase before you submit the claim/)).toBeVisible()
	for (const label of ['Police report', 'Proof of purchase']) {
		const form = page.locator('form').filter({ has: page.getByLabel(label, { exact: true }) })
		await form.getByLabel(label, { exact: true }).setInputFiles(PDF)
		await form.getByRole('button', { name: 'Upload' }).click()
		await expect(page.locator('form').filter({ hasText: label }).getByText(`(${PDF.name} uploaded)`)).toBeVisible()
	}
	await expectAccessible(page, js)
	await page.getByRole('button', { name: 'Send the claim' }).click()
	await expect(page.getByRole('heading', { name: 'Claim sent' })).toBeVisible()
	await expect(page.getByText(/for ₦40,000 is with our claims desk/)).toBeVisible()

	// The business sees the claim in its portal, submitted.
	const claims = await request.get('/api/v1/claims', { headers: owner.headers })
	expect((await claims.json()).data).toContainEqual(
		expect.objectContaining({ status: 'documented', policy: expect.objectContaining({ id: policy.id }) }),
	)
})
