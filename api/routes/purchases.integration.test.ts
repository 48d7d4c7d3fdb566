import { readdir } from 'node:fs/promises'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { beforeAll, describe, expect, test } from 'vitest'
import { PLAN_BILLING } from '#api/contract/invoices.ts'
import { ledgerTransfers, payments, policies, purchases } from '#api/db/schema.ts'
import { chargeSuccessEvent } from '#api/payments/sandbox.ts'
import { reconcile } from '#api/services/reconcile.ts'
import { pdfText } from '#tests/support/pdf.ts'
import { describeApi, testApi } from '#tests/support/test-api.ts'
import { balanceOf, checkout, fund, newKey, webhook } from '#tests/support/wallet.ts'

// POST /purchases, GET /policies, GET /policies/:id, its certificate, POST /policies/:id/activate and
// GET /documents/:id. The catalogue and its prices are in products.integration.test.ts.

type Ctx = Awaited<ReturnType<typeof testApi>>
type Account = Awaited<ReturnType<Ctx['createAccount']>>

const THIRD_PARTY = { product_id: 1, vehicle_class: 'private_car' }
const DELIVERY = { product_id: 41, package_class: 'parcel', shipments_per_month: 40, period: 'quarterly' }
const STAFF_PLAN = { product_id: 32, plan_type: 'standard', members: 25, period: 'annual' }
const photo = (format: 'jpeg' | 'png') => sharp({ create: { width: 32, height: 24, channels: 3, background: '#c0392b' } })[format]()
const JPG = new Uint8Array(await photo('jpeg').toBuffer())
const PDF = new TextEncoder().encode('%PDF-1.4\n%%EOF\n')

describeApi('buying cover', () => {
	let ctx: Ctx
	let owner: Account
	let individual: Account

	beforeAll(async () => {
		ctx = await testApi()
		owner = await ctx.createAccount({ kyc: true })
		individual = await ctx.createAccount({ kind: 'individual', kyc: true })
	})

	const buy = (account: { token: string }, body: Record<string, unknown>, key = newKey('buy')) =>
		ctx.call('POST', '/purchases', { token: account.token, body: { ...body, idempotency_key: key } })
	const purchasesOf = async (customerId: string) => ctx.db.select().from(purchases).where(eq(purchases.customerId, customerId))

	test('POST /purchases needs a token and products.buy', async () => {
		expect(await ctx.call('POST', '/purchases', { body: {} })).toMatchObject({ status: 401, body: { message: 'Missing authorization' } })
		const finance = await ctx.createMember(owner, 'Finance')
		expect(await buy(finance, { ...THIRD_PARTY, payment_option: 'wallet' })).toMatchObject({
			status: 403,
			body: { message: 'You do not have permission to do this.' },
		})
	})

	test('bad input gets every message with its path', async () => {
		const res = await ctx.call('POST', '/purchases', {
			token: owner.token,
			body: { product_id: 2, vehicle_class: 'boat', payment_option: 'cash' },
		})
		expect(res.status).toBe(400)
		expect(res.body.errors).toEqual([
			{ path: 'vehicle_class', message: 'Choose the class of the vehicle.' },
			{ path: 'vehicle_value', message: 'Enter the value of the vehicle in Naira, like ₦4,500,000.' },
			{ path: 'payment_option', message: 'Choose how to pay: wallet or gateway.' },
			{ path: 'idempotency_key', message: 'Send an idempotency_key: a unique string for this payment, the same when you retry it.' },
		])
	})

	test('a wallet too low for the premium is refused and nothing is recorded', async () => {
		const poor = await ctx.createAccount({ kyc: true })
		await fund(ctx, poor, 5_000)
		const res = await buy(poor, { ...THIRD_PARTY, payment_option: 'wallet' })
		const message = 'Your wallet has ₦5,000: not enough for ₦15,000. Fund it or pay by card.'
		expect(res).toMatchObject({ status: 400, body: { message, errors: [{ path: 'payment_option', message }] } })
		expect(await purchasesOf(poor.customerId)).toEqual([])
		expect(await balanceOf(ctx, poor)).toBe(5_000)
	})

	test('from the wallet: the premium moves to premium income, the policy is issued pending activation, once per key', async () => {
		await fund(ctx, owner, 50_000)
		const key = newKey('buy')
		// The client's price is ignored: the server computes ₦15,000.
		const first = await buy(owner, { ...THIRD_PARTY, payment_option: 'wallet', total: 1 }, key)
		expect(first.status).toBe(201)
		expect(first.body.data.purchase).toMatchObject({ status: 'paid', payment_option: 'wallet', amount: 15_000 })
		const policy = first.body.data.policy
		expect(policy).toMatchObject({ status: 'pending', is_pending: true, active: false, premium: 15_000, period: 'annual', kind: 'policy' })
		expect(policy.policy_number).toMatch(/^CP-AUTO-\d{4}-\d{6}$/)
		expect(policy.custodian).toEqual({ id: owner.userId, name: 'Ngozi Eze' })
		const again = await buy(owner, { ...THIRD_PARTY, payment_option: 'wallet' }, key)
		expect(again.status).toBe(201)
		expect(again.body.data.policy.id).toBe(policy.id)
		expect(await balanceOf(ctx, owner)).toBe(35_000)
		expect(await buy(owner, { ...DELIVERY, payment_option: 'wallet' }, key)).toMatchObject({
			status: 409,
			body: { errors: [{ path: 'idempotency_key', message: 'This idempotency key was already used for another purchase.' }] },
		})
		expect((await reconcile(ctx.db)).problems).toEqual([])
	})

	test('two concurrent requests with one key buy once', async () => {
		const buyer = await ctx.createAccount({ kyc: true })
		await fund(ctx, buyer, 40_000)
		const key = newKey('buy')
		const results = await Promise.all([1, 2, 3].map(() => buy(buyer, { ...THIRD_PARTY, payment_option: 'wallet' }, key)))
		expect(results.map((r) => r.status)).toEqual([201, 201, 201])
		expect(new Set(results.map((r) => r.body.data.policy.id)).size).toBe(1)
		expect(await purchasesOf(buyer.customerId)).toHaveLength(1)
		expect(await balanceOf(ctx, buyer)).toBe(25_000)
	})

	test('concurrent purchases with different keys never overdraw the wallet', async () => {
		const buyer = await ctx.createAccount({ kyc: true })
		await fund(ctx, buyer, 40_000)
		const results = await Promise.all([1, 2, 3].map(() => buy(buyer, { ...THIRD_PARTY, payment_option: 'wallet' })))
		expect(results.map((r) => r.status).sort()).toEqual([201, 201, 400])
		expect(await balanceOf(ctx, buyer)).toBe(10_000)
		expect((await reconcile(ctx.db)).problems).toEqual([])
	})

	test('delivery cover starts on payment: active at once', async () => {
		await fund(ctx, owner, 50_000)
		const res = await buy(owner, { ...DELIVERY, payment_option: 'wallet' })
		expect(res.body.data.policy).toMatchObject({ status: 'active', active: true, is_pending: false, premium: 42_000 })
	})

	test('through the gateway: a checkout; the policy is issued when the payment is confirmed, once, whatever repeats', async () => {
		const buyer = await ctx.createAccount({ kind: 'individual', kyc: true })
		const key = newKey('buy')
		const started = await buy(buyer, { ...THIRD_PARTY }, key)
		expect(started.status).toBe(201)
		expect(started.body.data).toMatchObject({
			purchase: { status: 'awaiting_payment', payment_option: 'gateway', amount: 15_000 },
			policy: null,
		})
		const { reference, authorization_url } = started.body.data.payment
		expect(authorization_url).toContain(reference)
		expect((await buy(buyer, { ...THIRD_PARTY }, key)).body.data.payment.reference).toBe(reference)
		await checkout(ctx, reference, 'approve')
		await ctx.sandbox.idle()
		expect(await ctx.call('GET', `/payments/callback?reference=${reference}`)).toMatchObject({
			body: { data: { status: 'success', amount: 15_000, purpose: 'purchase', policy: { id: expect.any(String), is_pending: true } } },
		})
		const event = chargeSuccessEvent({ reference, amountKobo: 1_500_000, email: buyer.email, paidAt: new Date() })
		for (let i = 0; i < 3; i++) expect((await webhook(ctx, event)).status).toBe(200)
		const transfers = await ctx.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.reference, reference))
		expect(transfers.map((t) => t.kind)).toEqual(['premium'])
		const [purchase] = await purchasesOf(buyer.customerId)
		expect(purchase!.status).toBe('paid')
		expect(await ctx.db.select().from(policies).where(eq(policies.purchaseId, purchase!.id))).toHaveLength(1)
		// The wallet was never touched: the history has the card purchase, and no wallet funding.
		expect(await balanceOf(ctx, buyer)).toBe(0)
		expect((await ctx.call('GET', '/transactions', { token: buyer.token })).body.data.items).toMatchObject([
			{ type: 'purchase', reference, status: 'success', amount: 15_000 },
		])
		const [payment] = await ctx.db.select().from(payments).where(eq(payments.reference, reference))
		expect(payment).toMatchObject({ purpose: 'purchase', status: 'success' })
		const again = await buy(buyer, { ...THIRD_PARTY }, key)
		expect(again.body.data).toMatchObject({ purchase: { status: 'paid' }, policy: { premium: 15_000 } })
		expect((await reconcile(ctx.db)).problems).toEqual([])
	})

	test("a business's standard health plan is a subscription: no charge, slots, auto-renew, billed monthly once active", async () => {
		const before = await balanceOf(ctx, owner)
		const res = await buy(owner, { ...STAFF_PLAN, payment_option: 'wallet' })
		expect(res.status).toBe(201)
		expect(res.body.data.purchase).toMatchObject({ status: 'subscribed', payment_option: 'subscription', amount: 0 })
		const plan = res.body.data.policy
		// Pending until its activation sheet gives the staff's dates of birth (docs/decisions/016-batch-upload.md).
		expect(plan).toMatchObject({ kind: 'plan', status: 'pending', slots: 25, monthly_rate: 7_500, auto_renew: true, premium: 0 })
		expect(plan.policy_number).toMatch(/^CP-HLTH-/)
		// Nothing is billed before its activation (decisions 095 and 161), so there is no bill to date yet.
		expect(plan.next_billing_date).toBeNull()
		expect(res.body.message).toBe(
			`Your staff plan ${plan.policy_number} is set up: it starts when you activate it with your staff's dates of birth. ${PLAN_BILLING.first}`,
		)
		expect(await balanceOf(ctx, owner)).toBe(before)
		expect((await reconcile(ctx.db)).problems).toEqual([])
	})

	test("an individual's health cover is a paid policy", async () => {
		await fund(ctx, individual, 100_000)
		const res = await buy(individual, { product_id: 32, plan_type: 'family', members: 4, period: 'quarterly', payment_option: 'wallet' })
		expect(res.body.data).toMatchObject({ purchase: { status: 'paid', amount: 81_000 }, policy: { kind: 'policy', status: 'pending' } })
	})

	describe('policies', () => {
		let policyId: string
		let activeId: string

		beforeAll(async () => {
			await fund(ctx, owner, 100_000)
			policyId = (
				await buy(owner, { product_id: 5, gadget_type: 'phone', device_value: 450_000, period: 'annual', payment_option: 'wallet' })
			).body.data.policy.id
			activeId = (await buy(owner, { ...DELIVERY, payment_option: 'wallet' })).body.data.policy.id
		})

		test("GET /policies lists the business's own; GET /policies/:id is 404 for another business", async () => {
			const list = await ctx.call('GET', '/policies', { token: owner.token })
			expect(list.status).toBe(200)
			expect(list.body.data.items.map((p: { id: string }) => p.id)).toContain(policyId)
			expect(list.body.data).toMatchObject({ page: 1, page_size: 20 })
			expect(list.body.data.total).toBe(list.body.data.items.length)
			expect(
				(await ctx.call('GET', '/policies', { token: individual.token })).body.data.items.map((p: { id: string }) => p.id),
			).not.toContain(policyId)
			const one = await ctx.call('GET', `/policies/${policyId}`, { token: owner.token })
			expect(one.body.data).toMatchObject({
				id: policyId,
				product_id: 5,
				premium: 27_000,
				documents: [],
				activation: null,
				quote: { total: 27_000 },
			})
			expect(await ctx.call('GET', `/policies/${policyId}`, { token: individual.token })).toMatchObject({
				status: 404,
				body: { message: 'We could not find that policy.' },
			})
			expect(await ctx.call('GET', '/policies')).toMatchObject({ status: 401 })
			const finance = await ctx.createMember(owner, 'Finance')
			expect(await ctx.call('GET', '/policies', { token: finance.token })).toMatchObject({ status: 403 })
		})

		test('a pending policy has no certificate yet', async () => {
			expect(await ctx.call('GET', `/policies/${policyId}/certificate`, { token: owner.token })).toMatchObject({
				status: 409,
				body: { message: 'The certificate is issued once the policy is active. Activate the policy first.' },
			})
			expect((await ctx.call('GET', `/policies/${policyId}/certificate`, { token: individual.token })).status).toBe(404)
		})

		const activate = (token: string, id: string, form: FormData) =>
			ctx.api.request(`/api/v1/policies/${id}/activate`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form })
		const gadgetForm = (files: Record<string, Uint8Array> = {}, fields: Record<string, string> = {}) => {
			const form = new FormData()
			const values = { brand_and_model: 'Samsung Galaxy A54', serial_number: '356938035643809', ...fields }
			for (const [k, v] of Object.entries(values)) form.set(k, v)
			const docs = { receipt: PDF, photo: JPG, proof_of_ownership: JPG, ...files }
			for (const [k, v] of Object.entries(docs)) form.set(k, new File([v as Uint8Array<ArrayBuffer>], `${k}.bin`))
			return form
		}

		test('activation refuses files that are not JPG, PNG or PDF by their bytes, or above 5 MB, and missing fields', async () => {
			const gif = await activate(owner.token, policyId, gadgetForm({ receipt: new TextEncoder().encode('GIF89a....') }))
			expect(gif.status).toBe(400)
			expect(await gif.json()).toEqual({
				message: 'Upload a JPG, PNG or PDF.',
				errors: [{ path: 'receipt', message: 'Upload a JPG, PNG or PDF.' }],
			})
			const big = new Uint8Array(5 * 1024 * 1024 + 1)
			big.set(JPG)
			const large = await activate(owner.token, policyId, gadgetForm({ proof_of_ownership: big }))
			expect(await large.json()).toMatchObject({ message: 'Each file must be 5 MB or smaller.', errors: [{ path: 'proof_of_ownership' }] })
			const missing = await activate(owner.token, policyId, gadgetForm({}, { serial_number: '' }))
			expect(await missing.json()).toMatchObject({ errors: [{ path: 'serial_number', message: 'Enter the IMEI or serial number.' }] })
			const notMultipart = await ctx.call('POST', `/policies/${policyId}/activate`, { token: owner.token, body: {} })
			expect(notMultipart).toMatchObject({ status: 400, body: { message: 'Send the activation details as multipart/form-data.' } })
			expect((await ctx.call('GET', `/policies/${policyId}`, { token: owner.token })).body.data.status).toBe('pending')
		})

		const storedFiles = async () =>
			(await readdir(ctx.uploadsDir, { recursive: true, withFileTypes: true }).catch(() => [])).filter((e) => e.isFile()).length

		test('a PNG header on an HTML page, or a PDF header on one, is refused beside its field, and nothing is stored', async () => {
			const before = await storedFiles()
			const html = new TextEncoder().encode('<html><body><script>alert(document.cookie)</script></body></html>')
			const fakePng = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...html])
			const fakePdf = new Uint8Array([...new TextEncoder().encode('%PDF-1.4\n'), ...html, ...new TextEncoder().encode('\n%%EOF\n')])
			const res = await activate(owner.token, policyId, gadgetForm({ photo: fakePng, receipt: fakePdf }))
			expect(res.status).toBe(400)
			expect((await res.json()).errors).toEqual([
				{ path: 'receipt', message: 'This PDF could not be read: it is damaged or not a PDF. Upload a JPG, PNG or PDF.' },
				{ path: 'photo', message: 'This picture could not be read: it is damaged or not a picture. Upload a JPG or PNG photo.' },
			])
			expect(await storedFiles()).toBe(before)
			expect((await ctx.call('GET', `/policies/${policyId}`, { token: owner.token })).body.data).toMatchObject({
				status: 'pending',
				documents: [],
			})
		})

		test('a real PNG is stored re-encoded, its metadata dropped; documents download as attachments the browser must not sniff', async () => {
			const pngId = (
				await buy(owner, { product_id: 5, gadget_type: 'phone', device_value: 450_000, period: 'annual', payment_option: 'wallet' })
			).body.data.policy.id as string
			const png = new Uint8Array(
				await photo('png')
					.withMetadata({ exif: { IFD0: { Artist: 'Ngozi at home' } } })
					.toBuffer(),
			)
			expect((await sharp(png).metadata()).exif).toBeDefined()
			expect((await activate(owner.token, pngId, gadgetForm({ proof_of_ownership: png }))).status).toBe(200)
			const detail = (await ctx.call('GET', `/policies/${pngId}`, { token: owner.token })).body.data
			const proof = detail.documents.find((d: { field: string }) => d.field === 'proof_of_ownership')
			expect(proof).toMatchObject({ media_type: 'image/png', filename: 'proof_of_ownership.bin' })
			const file = await ctx.api.request(`/api/v1/documents/${proof.id}`, { headers: { authorization: `Bearer ${owner.token}` } })
			expect(file.status).toBe(200)
			expect(file.headers.get('content-type')).toBe('image/png')
			expect(file.headers.get('content-disposition')).toBe('attachment; filename="proof_of_ownership.bin"')
			expect(file.headers.get('x-content-type-options')).toBe('nosniff')
			const stored = Buffer.from(await file.arrayBuffer())
			expect(stored.equals(Buffer.from(png))).toBe(false)
			expect(proof.size).toBe(stored.length)
			const metadata = await sharp(stored).metadata()
			expect(metadata).toMatchObject({ format: 'png', width: 32, height: 24 })
			expect(metadata.exif).toBeUndefined()
		})

		test('a valid activation makes the policy active; its documents are served to their owner only', async () => {
			const hr = await ctx.createMember(owner, 'HR')
			const viewer = await ctx.createMember(owner, 'Viewer')
			expect((await activate(viewer.token, policyId, gadgetForm())).status).toBe(403)
			expect((await activate(individual.token, policyId, gadgetForm())).status).toBe(404)
			const res = await activate(hr.token, policyId, gadgetForm())
			expect(res.status).toBe(200)
			expect(await res.json()).toMatchObject({ data: { id: policyId, status: 'active', active: true, is_pending: false } })
			const detail = (await ctx.call('GET', `/policies/${policyId}`, { token: owner.token })).body.data
			expect(detail.activation).toEqual({ brand_and_model: 'Samsung Galaxy A54', serial_number: '356938035643809' })
			expect(detail.documents.map((d: { field: string }) => d.field).sort()).toEqual(['photo', 'proof_of_ownership', 'receipt'])
			const receipt = detail.documents.find((d: { field: string }) => d.field === 'receipt')
			const file = await ctx.api.request(`/api/v1/documents/${receipt.id}`, { headers: { authorization: `Bearer ${owner.token}` } })
			expect(file.status).toBe(200)
			expect(file.headers.get('content-type')).toBe('application/pdf')
			expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF)
			expect((await ctx.call('GET', `/documents/${receipt.id}`, { token: individual.token })).status).toBe(404)
			const certificate = await ctx.api.request(`/api/v1/policies/${policyId}/certificate`, {
				headers: { authorization: `Bearer ${owner.token}` },
			})
			expect(certificate.headers.get('content-disposition')).toMatch(/^attachment; filename="certificate-CP-GDGT-\d{4}-\d{6}\.pdf"$/)
			const text = await pdfText(new Uint8Array(await certificate.arrayBuffer()))
			expect(text).toContain('Premium ₦27,000, paid')
			expect(text).toContain('Business Eze Foods Ltd')
			expect(text).toContain('The device')
			expect(text).toContain('Brand and model Samsung Galaxy A54')
			expect(text).toContain('IMEI or serial number 356938035643809')
			expect(text).toMatch(/Verification code [0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}/)
			expect((await activate(owner.token, policyId, gadgetForm())).status).toBe(409)
			expect((await activate(owner.token, activeId, gadgetForm())).status).toBe(409)
		})

		test('two activations at once: one wins, and the loser leaves no files behind', async () => {
			const raceId = (
				await buy(owner, { product_id: 5, gadget_type: 'phone', device_value: 450_000, period: 'annual', payment_option: 'wallet' })
			).body.data.policy.id as string
			const before = await storedFiles()
			const statuses = (await Promise.all([activate(owner.token, raceId, gadgetForm()), activate(owner.token, raceId, gadgetForm())])).map(
				(r) => r.status,
			)
			expect(statuses.sort()).toEqual([200, 409])
			expect(await storedFiles()).toBe(before + 3)
			const detail = (await ctx.call('GET', `/policies/${raceId}`, { token: owner.token })).body.data
			expect(detail.documents).toHaveLength(3)
		})

		test("health activation checks the date of birth: a real past day, within a senior plan's ages", async () => {
			await fund(ctx, individual, 100_000)
			const bought = await buy(individual, {
				product_id: 22,
				plan_type: 'standard',
				members: 1,
				period: 'monthly',
				payment_option: 'wallet',
			})
			expect(bought.status).toBe(201)
			const seniorId = bought.body.data.policy.id as string
			const healthForm = (dateOfBirth: string) => {
				const form = new FormData()
				for (const [k, v] of Object.entries({ date_of_birth: dateOfBirth, gender: 'female', phone: '08031234567' })) form.set(k, v)
				form.set('photo', new File([JPG], 'photo.jpg'))
				return form
			}
			const year = new Date().getUTCFullYear()
			const young = await activate(individual.token, seniorId, healthForm(`${year - 40}-01-15`))
			expect(young.status).toBe(400)
			expect((await young.json()).errors).toEqual([
				{ path: 'date_of_birth', message: expect.stringMatching(/^This plan covers people aged 60 to 85: this person is (39|40)\.$/) },
			])
			const future = await activate(individual.token, seniorId, healthForm(`${year + 1}-01-15`))
			expect((await future.json()).errors).toEqual([{ path: 'date_of_birth', message: 'The date of birth cannot be in the future.' }])
			const senior = await activate(individual.token, seniorId, healthForm(`${year - 70}-01-15`))
			expect(senior.status).toBe(200)
		})
	})
})
