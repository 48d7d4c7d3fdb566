import type { Page } from '@playwright/test'
import { expect, expectAccessible, postStatus, signIn, test, visit } from './support.ts'
import { pdfText } from '../support/pdf.ts'
import { NOT_A_PDF, PDF, PNG } from './upload-files.ts'
import { apiBalance, businessThroughApi, fundThroughApi } from './wallet-support.ts'

// A signed-in customer buys from /products/{id}, activates the policy and downloads its certificate.

const quoteFor = async (page: Page, productId: number, pick: (page: Page) => Promise<unknown>) => {
	await visit(page, `/products/${productId}`)
	await pick(page)
	await page.getByRole('button', { name: 'Get a price' }).click()
	await expect(page.getByRole('status').filter({ hasText: 'Your quote' })).toBeVisible()
}

const privateCar = (page: Page) => page.getByLabel('Class of vehicle').selectOption({ label: 'Private car' })

/** The certificate as the link serves it, with the page's session. */
async function downloadCertificate(page: Page) {
	const link = page.getByRole('link', { name: 'Download certificate' })
	const href = await link.getAttribute('href')
	expect(href).toMatch(/^\/mycover\/[0-9a-f-]{36}\/certificate$/)
	const response = await page.request.get(href!)
	expect(response.status()).toBe(200)
	expect(response.headers()['content-type']).toBe('application/pdf')
	expect(response.headers()['content-disposition']).toMatch(/^attachment; filename="certificate-CP-AUTO-\d{4}-\d{6}\.pdf"$/)
	return pdfText(new Uint8Array(await response.body()))
}

test('an individual buys third-party cover with the wallet, activates it and downloads the certificate', async ({ page, request, js }) => {
	// One journey end to end: a quote, a buy, a refused activation and a good one with uploads, the
	// certificate and its verification; on a busy machine without JavaScript it runs past a minute.
	test.slow()
	const buyer = await businessThroughApi(page, request, 'Ngozi', 'individual')
	await fundThroughApi(request, buyer, 40_000, 'approve')
	await signIn(page, buyer.email, buyer.password)
	await expect(page).toHaveURL('/')

	await quoteFor(page, 1, privateCar)
	const buy = page.getByRole('form', { name: 'Buy this cover' }).or(page.locator('form#buy'))
	// The wallet covers the price, so it is the one chosen.
	await expect(buy.getByRole('radio', { name: /^Wallet/ })).toBeChecked()
	await expect(buy.getByText('Balance ₦40,000: enough for this cover.')).toBeVisible()
	await expectAccessible(page, js)
	await buy.getByRole('button', { name: 'Buy for ₦15,000' }).click()

	await expect(page).toHaveURL(/\/mycover\/[0-9a-f-]{36}$/)
	await expect(page.getByText(/^Paid ₦15,000\. Your policy number is CP-AUTO-\d{4}-\d{6}\.$/)).toBeVisible()
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Third Party Motor')
	await expect(page.getByText('Pending activation')).toBeVisible()
	// No certificate before cover starts.
	await expect(page.getByText('Its certificate can be downloaded once it is active.')).toBeVisible()
	await expect(page.getByRole('link', { name: 'Download certificate' })).toHaveCount(0)
	expect((await page.request.get(`${new URL(page.url()).pathname}/certificate`)).status()).toBe(409)
	expect(await apiBalance(request, buyer)).toBe(25_000)
	// The result of paying leads on to the policy's activation.
	await expect(page.getByRole('link', { name: 'Activate this policy' })).toHaveAttribute('href', `${new URL(page.url()).pathname}/activate`)
	await expectAccessible(page, js)

	// Home lists the todo to activate it, and so does My cover.
	const policyPath = new URL(page.url()).pathname
	await visit(page, '/')
	await expect(page.getByRole('region', { name: 'To do' }).getByRole('link', { name: 'Activate Third Party Motor' })).toHaveAttribute(
		'href',
		`${policyPath}/activate`,
	)
	await expect(page.getByRole('link', { name: 'Buy your first cover' })).toHaveCount(0)
	await page.getByRole('link', { name: 'My cover' }).first().click()
	await expect(page).toHaveURL('/mycover')
	await expect(page.getByRole('heading', { name: 'One policy needs details to start' })).toBeVisible()
	await expect(page.getByRole('rowheader', { name: /^CP-AUTO-/ })).toBeVisible()
	await expectAccessible(page, js)
	await page.getByRole('link', { name: /^Activate Third Party Motor/ }).click()
	await expect(page).toHaveURL(/\/mycover\/[0-9a-f-]{36}\/activate$/)
	await expectAccessible(page, js)

	// A text file named .pdf is refused by its bytes; what was typed stays.
	await page.getByLabel('Registration number').fill('KJA 123 AB')
	await page.getByLabel('Make and model').fill('Toyota Corolla')
	await page.getByLabel('Chassis number (VIN)').fill('JTDBR32E720123456')
	await page.getByLabel('Vehicle licence').setInputFiles(NOT_A_PDF)
	await page.getByLabel('Proof of ownership').setInputFiles(PNG)
	expect(await postStatus(page, () => page.getByRole('button', { name: 'Activate' }).click())).toBe(400)
	await expect(page.getByText('Upload a JPG, PNG or PDF.')).toBeVisible()
	await expect(page.getByLabel('Registration number')).toHaveValue('KJA 123 AB')
	await expect(page.getByLabel('Chassis number (VIN)')).toHaveValue('JTDBR32E720123456')
	await expectAccessible(page, js)

	await page.getByLabel('Vehicle licence').setInputFiles(PDF)
	await page.getByLabel('Proof of ownership').setInputFiles(PNG)
	await page.getByRole('button', { name: 'Activate' }).click()
	await expect(page).toHaveURL(/\/mycover\/[0-9a-f-]{36}$/)
	await expect(page.getByText(/^Policy CP-AUTO-\d{4}-\d{6} is active\.$/)).toBeVisible()
	await expect(page.getByText('Active', { exact: true })).toBeVisible()
	await expect(page.getByText('KJA 123 AB')).toBeVisible()
	await expect(page.getByRole('link', { name: 'scan.pdf' })).toBeVisible()
	// An uploaded document is only ever a download the browser must not sniff (decision 029).
	const scan = await page.request.get((await page.getByRole('link', { name: 'scan.pdf' }).getAttribute('href'))!)
	expect(scan.status()).toBe(200)
	expect(scan.headers()).toMatchObject({ 'content-disposition': 'attachment; filename="scan.pdf"', 'x-content-type-options': 'nosniff' })

	// The certificate names the holder, the premium in Naira and the vehicle, and carries a code.
	const text = await downloadCertificate(page)
	const policyNumber = text.match(/CP-AUTO-\d{4}-\d{6}/)![0]
	for (const words of [
		'Certificate of insurance',
		'Name Ngozi',
		buyer.email,
		'Premium ₦15,000, paid',
		'KJA 123 AB',
		'Toyota Corolla',
		'JTDBR32E720123456',
	]) {
		expect(text).toContain(words)
	}
	const code = text.match(/Verification code ([0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4})/)![1]!
	expect(text).toContain(`/verify/${code}`)

	// Anyone holding the paper checks it, signed in or not.
	await page.context().clearCookies()
	expect((await visit(page, `/verify/${code}`))?.status()).toBe(200)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Genuine certificate')
	const details = page.getByRole('region', { name: 'The certificate' })
	await expect(details.getByText(policyNumber)).toBeVisible()
	await expect(details.getByText('Third Party Motor')).toBeVisible()
	await expect(details.getByText('Active', { exact: true })).toBeVisible()
	await expectAccessible(page, js)
	// A code that was never issued is a 404 page that offers to check another; typed from paper, any case, no dashes.
	const wrong = code.startsWith('A') ? `B${code.slice(1)}` : `A${code.slice(1)}`
	expect((await visit(page, `/verify/${wrong}`))?.status()).toBe(404)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Document not found')
	await expectAccessible(page, js)
	await page.getByLabel('Verification code').fill(code.replaceAll('-', '').toLowerCase())
	await page.getByRole('button', { name: 'Check' }).click()
	await expect(page).toHaveURL(`/verify/${code}`)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Genuine certificate')
	await visit(page, '/verify?code=nonsense')
	await expect(page.getByText('We could not find a document with that code.')).toBeVisible()
	await expect(page.getByLabel('Verification code')).toHaveValue('nonsense')
})

test('a successful transaction’s receipt downloads as a PDF with the amount in Naira and its own code', async ({ page, request, js }) => {
	const buyer = await businessThroughApi(page, request, 'Kemi', 'individual')
	await fundThroughApi(request, buyer, 12_500, 'approve')
	await signIn(page, buyer.email, buyer.password)
	await expect(page).toHaveURL('/')
	await visit(page, '/transaction-history')
	await page.getByRole('link', { name: /^Receipt for / }).click()
	await expect(page).toHaveURL(/\/transaction-history\/[0-9a-f-]{36}$/)
	await expectAccessible(page, js)
	const href = await page.getByRole('link', { name: 'Download receipt (PDF)' }).getAttribute('href')
	expect(href).toMatch(/^\/transaction-history\/[0-9a-f-]{36}\/receipt\.pdf$/)
	const response = await page.request.get(href!)
	expect(response.status()).toBe(200)
	expect(response.headers()['content-type']).toBe('application/pdf')
	const text = await pdfText(new Uint8Array(await response.body()))
	expect(text).toContain('Receipt: wallet funding')
	expect(text).toContain('Amount ₦12,500')
	const code = text.match(/Verification code ([0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4})/)![1]!
	await visit(page, `/verify/${code}`)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Genuine receipt')
	await expect(page.getByRole('region', { name: 'The receipt' }).getByText('₦12,500')).toBeVisible()
})

test('a wallet short of the price pays on the gateway, and the callback issues the policy once', async ({ page, request, js }) => {
	const buyer = await businessThroughApi(page, request, 'Tunde', 'individual')
	await fundThroughApi(request, buyer, 1_000, 'approve')
	await signIn(page, buyer.email, buyer.password)
	await expect(page).toHaveURL('/')
	await quoteFor(page, 1, privateCar)
	const buy = page.locator('form#buy')
	await expect(buy.getByRole('radio', { name: /^Wallet/ })).toBeDisabled()
	await expect(buy.getByRole('radio', { name: /^Card or bank transfer/ })).toBeChecked()
	await buy.getByRole('button', { name: 'Buy for ₦15,000' }).click()

	await expect(page).toHaveURL(/\/api\/v1\/sandbox\/checkout\/[0-9a-z_]+$/)
	await page.getByRole('button', { name: 'Pay with test card' }).click()
	await expect(page).toHaveURL(/\/purchase\/callback\?(?:.*&)?reference=buy_/)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment received')
	await expect(page.getByRole('status')).toHaveText(/^You paid ₦15,000\./)
	await expectAccessible(page, js)
	// A reload asks again; the policy is issued once.
	await page.reload()
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment received')
	// The result leads straight on to the new policy's activation.
	await expect(page.getByRole('link', { name: 'Activate your cover' })).toHaveAttribute('href', /^\/mycover\/[0-9a-f-]{36}\/activate$/)
	await page.getByRole('link', { name: 'Go to My cover' }).click()
	await expect(page).toHaveURL('/mycover')
	await expect(page.getByRole('rowheader', { name: /^CP-AUTO-/ })).toHaveCount(1)
	await page.goBack()
	await page.getByRole('link', { name: 'Activate your cover' }).click()
	await expect(page).toHaveURL(/\/mycover\/[0-9a-f-]{36}\/activate$/)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Activate Third Party Motor')
	expect(await apiBalance(request, buyer)).toBe(1_000)
})

test('a business is sent to its staff list for staff health cover, and a policy that is not its own is a 404', async ({
	page,
	request,
}) => {
	const owner = await businessThroughApi(page, request, 'Bisi')
	await signIn(page, owner.email, owner.password)
	await expect(page).toHaveURL('/')
	// A business's health cover for its staff is bought from its staff list.
	await quoteFor(page, 16, async (p) => {
		await p.getByLabel('Plan type').selectOption('standard')
		await p.getByLabel('Cover period').selectOption({ index: 1 })
		await p.getByLabel('People to cover').fill('3')
	})
	await expect(page.getByRole('link', { name: 'Upload your staff list' })).toHaveAttribute('href', '/products/16/batch')
	await expect(page.locator('form#buy')).toHaveCount(0)

	const response = await visit(page, '/mycover/00000000-0000-4000-8000-000000000000')
	expect(response?.status()).toBe(404)
	await expect(page.getByText('We could not find that policy.', { exact: true })).toBeVisible()
})

test("a double submit of the buy form buys once: the form's key makes the second post answer the first purchase", async ({
	page,
	request,
}) => {
	const buyer = await businessThroughApi(page, request, 'Kemi', 'individual')
	await fundThroughApi(request, buyer, 40_000, 'approve')
	await signIn(page, buyer.email, buyer.password)
	await expect(page).toHaveURL('/')
	await quoteFor(page, 1, privateCar)
	const key = await page.locator('form#buy input[name="idempotency_key"]').inputValue()
	const post = () =>
		page.request.post('/products/1', {
			form: { vehicle_class: 'private_car', payment_option: 'wallet', idempotency_key: key, intent: 'buy' },
			maxRedirects: 0,
		})
	// A post without a way to pay is a 400 with the message under the quote, which stays.
	const unpaid = await page.request.post('/products/1', { form: { vehicle_class: 'private_car', idempotency_key: key, intent: 'buy' } })
	expect(unpaid.status()).toBe(400)
	const html = await unpaid.text()
	expect(html).toContain('Choose how to pay.')
	expect(html).toContain('Your quote')
	const [first, second] = await Promise.all([post(), post()])
	expect(first.status()).toBe(302)
	expect(second.status()).toBe(302)
	expect(second.headers().location).toBe(first.headers().location)
	expect(first.headers().location).toMatch(/^\/mycover\/[0-9a-f-]{36}$/)
	expect(await apiBalance(request, buyer)).toBe(25_000)
	const policies = await request.get('/api/v1/policies', { headers: buyer.headers })
	expect((await policies.json()).data.items).toHaveLength(1)
})
