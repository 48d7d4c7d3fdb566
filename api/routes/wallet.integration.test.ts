import { eq } from 'drizzle-orm'
import { beforeAll, expect, test, vi } from 'vitest'
import { activities, ledgerTransfers, payments, sandboxCharges } from '#api/db/schema.ts'
import { sign } from '#api/payments/events.ts'
import { chargeSuccessEvent } from '#api/payments/sandbox.ts'
import { reconcile } from '#api/services/reconcile.ts'
import { describeApi, TEST_WEBHOOK_SECRET, testApi } from '#tests/support/test-api.ts'
import { balanceOf, checkout, fund, newKey, startFunding, webhook } from '#tests/support/wallet.ts'
import { logger } from '#api/telemetry/logger.ts'

// GET /wallet, POST /wallet/fund, the sandbox checkout, POST /payments/verify, GET /payments/callback
// and POST /payments/webhook for charges.

type Ctx = Awaited<ReturnType<typeof testApi>>
type Account = Awaited<ReturnType<Ctx['createAccount']>>

const fieldError = (path: string, message: string) => ({ message, errors: [{ path, message }] })

describeApi('funding the wallet', () => {
	let ctx: Ctx
	let owner: Account

	beforeAll(async () => {
		ctx = await testApi()
		owner = await ctx.createAccount()
	})

	const creditsOf = async (reference: string) =>
		(await ctx.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.reference, reference))).length
	const chargeEvent = async (reference: string) => {
		const [payment] = await ctx.db.select().from(payments).where(eq(payments.reference, reference))
		return chargeSuccessEvent({ reference, amountKobo: payment!.amount * 100, email: owner.email, paidAt: new Date() })
	}

	test.each([
		['GET', '/wallet'],
		['POST', '/wallet/fund'],
	])('%s %s needs a valid bearer token', async (method, path) => {
		expect(await ctx.call(method, path)).toMatchObject({ status: 401, body: { message: 'Missing authorization' } })
	})

	test('a new wallet holds ₦0 and says its limits', async () => {
		const fresh = await ctx.createAccount()
		const res = await ctx.call('GET', '/wallet', { token: fresh.token })
		expect(res).toMatchObject({ status: 200 })
		expect(res.body.data).toEqual({
			balance: 0,
			currency: 'NGN',
			pending_withdrawals: { count: 0, amount: 0 },
			default_card: null,
			limits: { amount_min: 100, fund_max: 5_000_000, withdrawal_approval_threshold: 1_000_000 },
		})
	})

	test.each([
		[undefined, 'Enter an amount.'],
		['', 'Enter an amount.'],
		['five thousand', 'Enter the amount as a number of Naira, like 5000.'],
		[true, 'Enter the amount as a number of Naira, like 5000.'],
		['5,000', 'Enter the amount as a number of Naira, like 5000.'],
		[99, 'Enter an amount of at least ₦100.'],
		[-500, 'Enter an amount of at least ₦100.'],
		[100.5, 'Enter a whole number of Naira, without kobo.'],
		['2500.75', 'Enter a whole number of Naira, without kobo.'],
		[5_000_001, 'You can fund at most ₦5,000,000 at a time.'],
	])('amount %j: 400 %s, and no payment is made', async (amount, message) => {
		const key = newKey('bad')
		const res = await startFunding(ctx, owner, amount, key)
		expect(res).toMatchObject({ status: 400, body: fieldError('amount', message) })
		expect(await ctx.db.select().from(payments).where(eq(payments.idempotencyKey, key))).toEqual([])
	})

	test('an idempotency key is required and has a form', async () => {
		const res = await ctx.call('POST', '/wallet/fund', { token: owner.token, body: { amount: 5000 } })
		expect(res.body.errors).toEqual([{ path: 'idempotency_key', message: expect.stringContaining('idempotency_key') }])
		expect((await startFunding(ctx, owner, 5000, 'short')).status).toBe(400)
	})

	test('POST /wallet/fund answers a checkout; the amount may be a string of digits; a retry answers the same payment', async () => {
		const key = newKey()
		const res = await startFunding(ctx, owner, '2500', key)
		expect(res.status).toBe(201)
		expect(res.body.data).toEqual({
			reference: expect.stringMatching(/^fund_[0-9a-f]{24}$/),
			authorization_url: `http://api.test/api/v1/sandbox/checkout/${res.body.data.reference}`,
			amount: 2500,
		})
		const again = await startFunding(ctx, owner, 2500, key)
		expect(again.body.data).toEqual(res.body.data)
		const other = await startFunding(ctx, owner, 3000, key)
		expect(other).toMatchObject({ status: 409, body: { errors: [{ path: 'idempotency_key' }] } })
		expect(await balanceOf(ctx, owner)).toBe(0)
	})

	test('the sandbox checkout page shows the amount and two buttons, without JavaScript', async () => {
		const { body } = await startFunding(ctx, owner, 12_345)
		const page = await ctx.api.request(`/api/v1/sandbox/checkout/${body.data.reference}`)
		expect(page.status).toBe(200)
		expect(page.headers.get('content-type')).toContain('text/html')
		const html = await page.text()
		expect(html).toContain('₦12,345')
		expect(html).toContain('<form method="post">')
		expect(html).toMatch(/<button[^>]*name="outcome" value="approve">Pay with test card<\/button>/)
		expect(html).toMatch(/<button[^>]*name="outcome" value="decline">Decline<\/button>/)
		expect(html).not.toContain('<script')
		expect((await ctx.api.request('/api/v1/sandbox/checkout/fund_unknown')).status).toBe(404)
	})

	test('paying returns to the callback with the reference; the webhook credits the wallet once, the callback agrees', async () => {
		const account = await ctx.createAccount()
		const { body } = await startFunding(ctx, account, 7_500)
		const reference = body.data.reference
		const paid = await checkout(ctx, reference, 'approve')
		expect(paid.status).toBe(303)
		expect(paid.headers.get('location')).toBe(`http://portal.test/fund-wallet/callback?trxref=${reference}&reference=${reference}`)
		await ctx.sandbox.idle()
		expect(await balanceOf(ctx, account)).toBe(7_500)
		for (let i = 0; i < 3; i++) {
			expect(await ctx.call('POST', '/payments/verify', { body: { reference } })).toMatchObject({
				status: 200,
				body: { data: { status: 'success', amount: 7_500 } },
			})
		}
		expect(await ctx.call('GET', `/payments/callback?reference=${reference}`)).toMatchObject({
			body: { data: { status: 'success', amount: 7_500 } },
		})
		expect(await balanceOf(ctx, account)).toBe(7_500)
		expect(await creditsOf(reference)).toBe(1)
		const logged = await ctx.call('GET', '/activities?type=wallet.funded', { token: account.token })
		expect(logged.body.data.items.map((a: { description: string }) => a.description)).toEqual([
			`Ngozi funded the wallet with ₦7,500 (${reference})`,
		])
	})

	test('the callback alone credits the wallet when no webhook came', async () => {
		const account = await ctx.createAccount()
		const { body } = await startFunding(ctx, account, 1_000)
		expect(await ctx.call('POST', '/payments/verify', { body: { reference: body.data.reference } })).toMatchObject({
			body: { data: { status: 'pending', amount: 1_000 } },
		})
		// Paid at the gateway, but its webhook never arrives.
		await ctx.db
			.update(sandboxCharges)
			.set({ status: 'success', paidAt: new Date() })
			.where(eq(sandboxCharges.reference, body.data.reference))
		const res = await ctx.call('POST', '/payments/verify', { body: { reference: body.data.reference } })
		expect(res.body).toEqual({ data: { status: 'success', amount: 1_000, purpose: 'funding', policy: null, invoice_id: null } })
		await ctx.sandbox.idle()
		expect(await balanceOf(ctx, account)).toBe(1_000)
		expect(await creditsOf(body.data.reference)).toBe(1)
	})

	test('a webhook delivered again and again, alongside callbacks, credits once', async () => {
		const account = await ctx.createAccount()
		const reference = await fund(ctx, account, 4_200)
		const event = await chargeEvent(reference)
		const results = await Promise.all([
			...Array.from({ length: 5 }, () => webhook(ctx, event)),
			...Array.from({ length: 3 }, () => ctx.call('POST', '/payments/verify', { body: { reference } })),
		])
		expect(results.map((r) => r.status)).toEqual(Array(8).fill(200))
		expect(await balanceOf(ctx, account)).toBe(4_200)
		expect(await creditsOf(reference)).toBe(1)
		expect((await reconcile(ctx.db)).problems).toEqual([])
	})

	test('the sandbox tries a webhook the API did not take 3 times, with pauses, then gives up', async () => {
		vi.spyOn(logger, 'warn').mockImplementation(() => {})
		const toApi = async (body: string, headers: Record<string, string>) =>
			ctx.api.request('/api/v1/payments/webhook', { method: 'POST', headers, body })
		const tries: number[] = []
		try {
			ctx.sandbox.deliverTo(async (body, headers) => {
				tries.push(Date.now())
				return tries.length < 3 ? new Response('busy', { status: 503 }) : toApi(body, headers)
			})
			const account = await ctx.createAccount()
			await fund(ctx, account, 6_000)
			expect(tries).toHaveLength(3)
			expect(tries[2]! - tries[0]!).toBeGreaterThanOrEqual(15)
			expect(await balanceOf(ctx, account)).toBe(6_000)

			tries.length = 0
			ctx.sandbox.deliverTo(async () => {
				tries.push(Date.now())
				throw new Error('connection refused')
			})
			const other = await ctx.createAccount()
			const reference = await fund(ctx, other, 2_000)
			expect(tries).toHaveLength(3)
			expect(logger.warn).toHaveBeenCalledWith(`[payments] sandbox gave up delivering charge.success ${reference}`)
			expect(await balanceOf(ctx, other)).toBe(0)
			// The payer's return to the callback still credits it.
			expect((await ctx.call('POST', '/payments/verify', { body: { reference } })).body.data.status).toBe('success')
			expect(await balanceOf(ctx, other)).toBe(2_000)
			const page = await (await ctx.api.request(`/api/v1/sandbox/checkout/${reference}`)).text()
			expect(page).toContain('This payment was already paid.')
		} finally {
			ctx.sandbox.deliverTo(toApi)
			vi.restoreAllMocks()
		}
	})

	test('declining marks the payment failed and credits nothing', async () => {
		const account = await ctx.createAccount()
		const { body } = await startFunding(ctx, account, 3_000)
		const declined = await checkout(ctx, body.data.reference, 'decline')
		expect(declined.status).toBe(303)
		expect(await ctx.call('POST', '/payments/verify', { body: { reference: body.data.reference } })).toMatchObject({
			body: { data: { status: 'failed', amount: 3_000 } },
		})
		expect(await balanceOf(ctx, account)).toBe(0)
		expect(await creditsOf(body.data.reference)).toBe(0)
	})

	test('an unknown reference on the callback is a clear 404 and credits nothing', async () => {
		for (const res of [
			await ctx.call('POST', '/payments/verify', { body: { reference: 'fund_000000000000000000000000' } }),
			await ctx.call('GET', '/payments/callback?reference=nothing-here'),
			await ctx.call('GET', '/payments/callback'),
		]) {
			expect(res).toMatchObject({ status: expect.any(Number), body: { message: 'We could not find that payment.' } })
			expect([400, 404]).toContain(res.status)
		}
		expect((await ctx.call('POST', '/payments/verify', { body: { reference: 'fund_000000000000000000000000' } })).status).toBe(404)
	})

	test('a webhook with a tampered signature is refused with 401 and records nothing', async () => {
		const account = await ctx.createAccount()
		const { body } = await startFunding(ctx, account, 9_000)
		const reference = body.data.reference
		const event = chargeSuccessEvent({ reference, amountKobo: 900_000, email: account.email, paidAt: new Date() })
		const before = await ctx.db.select().from(activities).where(eq(activities.customerId, account.customerId))
		const forged = await webhook(ctx, event, 'not-the-secret')
		expect(forged).toMatchObject({ status: 401, body: { message: 'The webhook signature is not valid.' } })
		const raw = JSON.stringify(event)
		const unsigned = await ctx.call('POST', '/payments/webhook', { rawBody: raw, headers: { 'content-type': 'application/json' } })
		expect(unsigned.status).toBe(401)
		// A right signature of another body: the body was changed in transit.
		const tampered = await ctx.call('POST', '/payments/webhook', {
			rawBody: raw.replace('900000', '90000000'),
			headers: { 'content-type': 'application/json', 'x-paystack-signature': sign(raw, TEST_WEBHOOK_SECRET) },
		})
		expect(tampered.status).toBe(401)
		expect(await creditsOf(reference)).toBe(0)
		expect(await balanceOf(ctx, account)).toBe(0)
		const [payment] = await ctx.db.select().from(payments).where(eq(payments.reference, reference))
		expect(payment!.status).toBe('pending')
		expect(await ctx.db.select().from(activities).where(eq(activities.customerId, account.customerId))).toEqual(before)
	})

	test('a charge of another amount than asked is not credited', async () => {
		const account = await ctx.createAccount()
		const { body } = await startFunding(ctx, account, 5_000)
		const event = chargeSuccessEvent({ reference: body.data.reference, amountKobo: 500_050, email: account.email, paidAt: new Date() })
		expect((await webhook(ctx, event)).status).toBe(200)
		expect(await balanceOf(ctx, account)).toBe(0)
		const [payment] = await ctx.db.select().from(payments).where(eq(payments.reference, body.data.reference))
		expect(payment).toMatchObject({ status: 'failed', failureReason: 'The amount paid differs from the amount asked for.' })
	})

	test('webhooks for unknown references or other events are acknowledged and change nothing; malformed ones are 400', async () => {
		const unknown = chargeSuccessEvent({ reference: 'fund_unknown', amountKobo: 10_000, email: owner.email, paidAt: new Date() })
		expect(await webhook(ctx, unknown)).toMatchObject({ status: 200, body: { data: { received: true } } })
		expect(await webhook(ctx, { event: 'subscription.create', data: {} })).toMatchObject({ status: 200 })
		expect((await webhook(ctx, 'not json')).status).toBe(400)
		expect((await webhook(ctx, { event: 'charge.success', data: { reference: 1 } })).status).toBe(400)
	})

	test('a payment of another business is invisible: its reference only answers status and amount', async () => {
		const other = await ctx.createAccount()
		const reference = await fund(ctx, other, 2_000)
		const res = await ctx.call('POST', '/payments/verify', { body: { reference }, token: owner.token })
		expect(res.body).toEqual({ data: { status: 'success', amount: 2_000, purpose: 'funding', policy: null, invoice_id: null } })
		expect(await balanceOf(ctx, owner)).toBe(0)
	})

	test('a member without wallet.fund may not fund; a Viewer sees the wallet', async () => {
		const viewer = await ctx.createMember(owner, 'Viewer')
		expect(await startFunding(ctx, viewer, 5_000)).toMatchObject({ status: 403 })
		expect(await ctx.call('GET', '/wallet', { token: viewer.token })).toMatchObject({ status: 200 })
		const hr = await ctx.createMember(owner, 'HR')
		expect(await ctx.call('GET', '/wallet', { token: hr.token })).toMatchObject({ status: 403 })
	})
})
