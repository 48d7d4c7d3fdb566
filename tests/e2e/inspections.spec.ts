import type { APIRequestContext, Page } from '@playwright/test'
import sharp from 'sharp'
import { DEMO_EXPIRED_LINK_CODE } from '../../api/db/seed/inspections.ts'
import { DEMO_PASSWORD, expect, expectAccessible, signIn, test, visit, operatorPage } from './support.ts'
import { PDF, PNG } from './upload-files.ts'
import { businessThroughApi, fundThroughApi, type Member } from './wallet-support.ts'

// Pre-inspections (docs/decisions/103 to 106): own-damage motor cover waits for its photos; the desktop
// hands off to a phone by QR code; the desk approves and the cover is active. And the kit's inspection.

const LINK_MESSAGE = 'Inspection link not available, contact support.'
const ANGLES = ['Front of the vehicle', 'Chassis number', 'Left side', 'Rear of the vehicle', 'Right side', 'Dashboard', 'Interior']

const letters = (n: number) => Array.from({ length: n }, () => 'ABCDEFGHJKLMNPRSTUVWXYZ'[Math.floor(Math.random() * 23)]).join('')

/** A new business with comprehensive motor cover bought from its wallet and its details sent: waiting for its inspection. */
async function vehicleAwaitingInspection(page: Page, request: APIRequestContext, firstName: string) {
	const owner = await businessThroughApi(page, request, firstName)
	await fundThroughApi(request, owner, 300_000, 'approve')
	const bought = await request.post('/api/v1/purchases', {
		headers: owner.headers,
		data: {
			product_id: 2,
			vehicle_class: 'private_car',
			vehicle_value: 2_000_000,
			payment_option: 'wallet',
			idempotency_key: `e2e-${crypto.randomUUID()}`,
		},
	})
	expect(bought.status(), await bought.text()).toBe(201)
	const policy = (await bought.json()).data.policy as { id: string; policy_number: string }
	const activated = await request.post(`/api/v1/policies/${policy.id}/activate`, {
		headers: owner.headers,
		multipart: {
			registration_number: `${letters(3)} ${100 + Math.floor(Math.random() * 899)} ${letters(2)}`,
			make_and_model: 'Toyota Corolla 2015',
			chassis_number: `2T1BU4EE${letters(3)}123456`,
			vehicle_licence: PDF,
			proof_of_ownership: PDF,
		},
	})
	expect(activated.status(), await activated.text()).toBe(200)
	return { owner, policy }
}

const takePhoto = async (page: Page, label: string, file = PNG) => {
	const form = page.locator('form').filter({ has: page.getByLabel(label, { exact: true }) })
	await form.getByLabel(label, { exact: true }).setInputFiles(file)
	await form.getByRole('button', { name: /^(Upload|Replace)$/ }).click()
	await expect(
		page
			.getByText(/^\d\. /)
			.filter({ hasText: label })
			.getByText('(taken: '),
	).toBeVisible()
}

test('a vehicle’s pre-inspection: started on the desktop, photographed on a phone by QR code, approved by the desk; the cover is active', async ({
	page,
	browser,
	baseURL,
	js,
	request,
}) => {
	test.setTimeout(test.info().timeout * 2)
	const { owner, policy } = await vehicleAwaitingInspection(page, request, 'Bisi')
	await signIn(page, owner.email, owner.password)
	await expect(page).toHaveURL('/')
	await visit(page, `/mycover/${policy.id}`)
	await expect(page.getByText('Waiting for the pre-inspection of the vehicle.')).toBeVisible()
	await page.getByRole('link', { name: 'Take the pre-inspection photos' }).click()
	await expect(page.getByRole('heading', { name: 'What you need' })).toBeVisible()
	await page.getByRole('button', { name: 'Start the pre-inspection' }).click()

	// One photo from the desktop, larger than 1600 px: with JavaScript it goes as a smaller JPEG (decision
	// 105), without it as taken. Sending before the rest are in says what is missing.
	const big = {
		name: 'big.png',
		mimeType: 'image/png',
		buffer: await sharp({ create: { width: 2400, height: 1800, channels: 3, background: '#2c7be5' } })
			.png()
			.toBuffer(),
	}
	await takePhoto(page, 'Front of the vehicle', big)
	await expect(page.getByText(`(taken: big.${js ? 'jpg' : 'png'})`)).toBeVisible()
	await page.getByRole('button', { name: 'Send the photos' }).click()
	await expect(page.getByRole('alert').filter({ hasText: 'Take every photo first' })).toContainText('Chassis number')

	// The hand-off: a QR code and its code; the phone, with no session, types the code.
	await page.getByRole('button', { name: 'Show a QR code for my phone' }).click()
	await expect(page.getByRole('img', { name: 'QR code of the inspection link' })).toBeVisible()
	await expectAccessible(page, js)
	const code = (await page.getByTestId('link-code').textContent())!.trim()
	expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/)
	const phoneContext = await browser.newContext({ baseURL, javaScriptEnabled: js, viewport: { width: 360, height: 740 } })
	const phone = await phoneContext.newPage()
	await visit(phone, '/inspection-scanner')
	await phone.getByLabel('Code').fill(code.toLowerCase())
	await phone.getByRole('button', { name: 'Open' }).click()
	await expect(phone.getByRole('heading', { name: 'Inspection photos' })).toBeVisible()
	await expect(phone.getByText(`policy ${policy.policy_number}`)).toBeVisible()
	await expectAccessible(phone, js)
	// A phone's 360 px: nothing scrolls sideways.
	expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
	// A file that is not a photo is refused beside its own form.
	const chassis = phone.locator('form').filter({ has: phone.getByLabel('Chassis number', { exact: true }) })
	await chassis.getByLabel('Chassis number', { exact: true }).setInputFiles(PDF)
	await chassis.getByRole('button', { name: 'Upload' }).click()
	await expect(phone.getByRole('alert').filter({ hasText: 'Upload a JPG or PNG photo.' })).toBeVisible()
	for (const angle of ANGLES.slice(1)) await takePhoto(phone, angle)
	await phone.getByRole('button', { name: 'Send the photos' }).click()
	await expect(phone.getByRole('heading', { name: 'Photos sent' })).toBeVisible()
	// The link is spent: opened again, it says so in the spec's words.
	const spent = await visit(phone, `/inspection-scanner?code=${code}`)
	expect(spent?.status()).toBe(410)
	await expect(phone.getByRole('alert')).toHaveText(LINK_MESSAGE)
	await phoneContext.close()

	await visit(page, `/pre-inspection/${policy.id}`)
	await expect(page.getByText('The photos are with our inspector.')).toBeVisible()

	// The desk, in a second browser: the queue, the photos side by side, approve.
	const desk = await operatorPage(browser, baseURL!, js)
	await desk.getByRole('link', { name: 'Inspections' }).click()
	await expect(desk.getByRole('heading', { name: 'Inspections queue' })).toBeVisible()
	await desk.getByRole('link', { name: policy.policy_number }).click()
	await expect(desk.getByRole('img', { name: 'Chassis number' })).toBeVisible()
	await expectAccessible(desk, js)
	await desk.getByRole('button', { name: 'Approve the inspection' }).click()
	await expect(desk.getByText('Inspection approved.')).toBeVisible()
	await desk.context().close()

	await visit(page, `/mycover/${policy.id}`)
	await expect(page.getByText('Waiting for the pre-inspection of the vehicle.')).toHaveCount(0)
	await expect(page.getByText('Active', { exact: true }).first()).toBeVisible()
	await visit(page, `/pre-inspection/${policy.id}`)
	await expect(page.getByText('The cover is active: the certificate was sent by email.')).toBeVisible()
})

test('with JavaScript, a photo whose sending fails on the way is sent again by itself; after three failed tries it says so and keeps the photo', async ({
	page,
	request,
	js,
}) => {
	test.skip(!js, 'Trying again is JavaScript: without it the browser sends the form once, and shows its own error')
	const { owner, policy } = await vehicleAwaitingInspection(page, request, 'Tunde')
	await signIn(page, owner.email, owner.password)
	await expect(page).toHaveURL('/')
	await visit(page, `/pre-inspection/${policy.id}`)
	await page.getByRole('button', { name: 'Start the pre-inspection' }).click()
	await expect(page.getByLabel('Dashboard', { exact: true })).toBeVisible()

	// The network drops the first sending: the second try gets through.
	let posts = 0
	let failing = 1
	await page.route(`**/pre-inspection/${policy.id}*`, async (route) => {
		if (route.request().method() !== 'POST') return route.continue()
		posts++
		if (failing > 0) {
			failing--
			return route.abort('failed')
		}
		return route.continue()
	})
	await takePhoto(page, 'Dashboard')
	expect(posts).toBe(2)

	// Every try fails: the message, and the photo still chosen; pressing Upload again sends it.
	posts = 0
	failing = 3
	const form = page.locator('form').filter({ has: page.getByLabel('Interior', { exact: true }) })
	await form.getByLabel('Interior', { exact: true }).setInputFiles(PNG)
	await form.getByRole('button', { name: 'Upload' }).click()
	await expect(form.getByRole('alert')).toContainText('The photo did not reach us after 3 tries')
	expect(posts).toBe(3)
	await form.getByRole('button', { name: 'Upload' }).click()
	await expect(
		page
			.getByText(/^\d\. /)
			.filter({ hasText: 'Interior' })
			.getByText('(taken: '),
	).toBeVisible()
	expect(posts).toBe(4)
})

test('an expired or unknown inspection link shows the spec’s message and nothing else', async ({ page }) => {
	const expired = await visit(page, `/inspection-scanner?code=${DEMO_EXPIRED_LINK_CODE}`)
	expect(expired?.status()).toBe(410)
	await expect(page.getByRole('alert')).toHaveText(LINK_MESSAGE)
	await expect(page.getByRole('button', { name: /Upload|Send the photos/ })).toHaveCount(0)
	const unknown = await visit(page, '/inspection-scanner?code=ABCD-EFGH-JKMN')
	expect(unknown?.status()).toBe(404)
	await expect(page.getByRole('alert')).toHaveText(LINK_MESSAGE)
})

test('the demo business reaches its pre-inspections from its policies, and the demo operator has one to review', async ({
	page,
	browser,
	baseURL,
	js,
}) => {
	await signIn(page, 'business@example.com', DEMO_PASSWORD)
	await expect(page).toHaveURL('/')
	await visit(page, '/mycover?status=pending')
	await expect(page.getByText('Waiting for inspection').first()).toBeVisible()
	await page.locator('tr').filter({ hasText: 'Waiting for inspection' }).first().getByRole('link').first().click()
	await page.getByRole('link', { name: 'Take the pre-inspection photos' }).click()
	await expect(page.getByRole('heading', { name: 'Pre-inspection', level: 1 })).toBeVisible()
	const desk = await operatorPage(browser, baseURL!, js)
	await desk.getByRole('link', { name: 'Inspections' }).click()
	await expect(desk.getByRole('link', { name: /^CP-/ }).first()).toBeVisible()
	await desk.context().close()
})

/** A kit session of `owner`'s partner key to inspect `policyId`, opened on the portal's own origin. */
async function kitInspectSession(request: APIRequestContext, owner: Member, policyId: string, origin: string) {
	const key = await request.post('/api/v1/partner-keys', { headers: owner.headers, data: { name: 'Adire Bank app' } })
	expect(key.status()).toBe(201)
	const made = await request.post('/api/v1/kit/sessions', {
		headers: { Authorization: `Bearer ${(await key.json()).data.secret_key}` },
		data: { action: 'inspect', policy_id: policyId, payment_option: 'wallet', origin, reference: `e2e-${crypto.randomUUID()}` },
	})
	expect(made.status(), await made.text()).toBe(201)
	return (await made.json()).data.inspection_sdk as string
}

test('the kit inspects a partner’s policy in its own full-screen page, with the camera allowed there only', async ({
	page,
	request,
	baseURL,
}) => {
	const { owner, policy } = await vehicleAwaitingInspection(page, request, 'Kola')
	const payload = await kitInspectSession(request, owner, policy.id, new URL(baseURL!).origin)
	const opened = await page.goto(`/kit?inspectionSdk=${encodeURIComponent(payload)}`)
	await expect(page).toHaveURL(/\/kit\/[0-9a-f-]{36}\/inspect$/)
	expect(opened?.headers()['permissions-policy']).toBe('camera=(self)')
	await expect(page.getByRole('heading', { name: 'Pre-inspection' })).toBeVisible()
	await expect(page.getByRole('navigation')).toHaveCount(0)
	for (const angle of ANGLES) await takePhoto(page, angle)
	await page.getByRole('button', { name: 'Send the photos' }).click()
	await expect(page.getByRole('heading', { name: 'Photos sent' })).toBeVisible()
	// The business sees them with the desk.
	await signIn(page, owner.email, owner.password)
	await expect(page).toHaveURL('/')
	await visit(page, `/pre-inspection/${policy.id}`)
	await expect(page.getByText('The photos are with our inspector.')).toBeVisible()
})
