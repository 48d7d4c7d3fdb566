import { eq } from 'drizzle-orm'
import { beforeAll, expect, test } from 'vitest'
import { ledgerTransfers, payments, sandboxCharges, withdrawals } from '#api/db/schema.ts'
import { ApiError } from '#api/errors.ts'
import { NOT_COMPLETED, PENDING_MAX_AGE_MS, recoverPayments, recoverPayouts } from '#api/jobs/recovery.ts'
import type { PaymentGateway } from '#api/payments/index.ts'
import { reconcile } from '#api/services/reconcile.ts'
import { describeApi, testApi } from '#tests/support/test-api.ts'
import { balanceOf, checkout, fund, newKey, startFunding, withdrawalCode } from '#tests/support/wallet.ts'

// The job that settles what a crash or a lost webhook left pending: payments verified with the gateway
// once they are older than the threshold, payouts finished.

type Ctx = Awaited<ReturnType<typeof testApi>>
type Account = Awaited<ReturnType<Ctx['createAccount']>>

const LATER = PENDING_MAX_AGE_MS + 60_000

describeApi('recovering payments left pending', () => {
	let ctx: Ctx
	let owner: Account

	beforeAll(async () => {
		ctx = await testApi()
		owner = await ctx.createAccount()
	})

	/** A funding the payer started; the gateway's record of it left as the payer left it. */
	async function started(amount: number) {
		const res = await startFunding(ctx, owner, amount)
		expect(res.status).toBe(201)
		return res.body.data.reference as string
	}
	/** The gateway took the money, and its webhook never reached us (we were down). */
	const approvedWithoutWebhook = (reference: string) =>
		ctx.db.update(sandboxCharges).set({ status: 'success', paidAt: ctx.deps.now() }).where(eq(sandboxCharges.reference, reference))
	const paymentOf = async (reference: string) => (await ctx.db.select().from(payments).where(eq(payments.reference, reference)))[0]!
	const creditsOf = async (reference: string) =>
		(await ctx.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.reference, reference))).length

	test('a payment the gateway approved is credited once it is older than the threshold, once however often the job runs; a newer one waits', async () => {
		const before = await balanceOf(ctx, owner)
		const old = await started(12_000)
		ctx.advanceClock(LATER)
		const recent = await started(3_000)
		await approvedWithoutWebhook(old)
		await approvedWithoutWebhook(recent)

		const first = await recoverPayments(ctx.deps)
		expect(first.credited).toBeGreaterThanOrEqual(1)
		expect(await paymentOf(old)).toMatchObject({ status: 'success' })
		expect(await paymentOf(recent)).toMatchObject({ status: 'pending' })
		await recoverPayments(ctx.deps)
		await Promise.all([recoverPayments(ctx.deps), recoverPayments(ctx.deps)])
		expect(await creditsOf(old)).toBe(1)
		expect(await balanceOf(ctx, owner)).toBe(before + 12_000)

		ctx.advanceClock(LATER)
		await recoverPayments(ctx.deps)
		expect(await paymentOf(recent)).toMatchObject({ status: 'success' })
		expect(await creditsOf(recent)).toBe(1)
		expect(await balanceOf(ctx, owner)).toBe(before + 15_000)
	})

	test('a payment the gateway declined is marked failed with its reason, and credits nothing', async () => {
		const reference = await started(4_000)
		// The payer declined and never came back to the callback.
		expect((await checkout(ctx, reference, 'decline')).status).toBe(303)
		ctx.advanceClock(LATER)
		await recoverPayments(ctx.deps)
		expect(await paymentOf(reference)).toMatchObject({ status: 'failed', failureReason: 'Declined' })
		expect(await creditsOf(reference)).toBe(0)
	})

	test('a checkout never finished is marked not completed, and still credited when the payer pays late without a webhook', async () => {
		const reference = await started(6_000)
		ctx.advanceClock(LATER)
		await recoverPayments(ctx.deps)
		expect(await paymentOf(reference)).toMatchObject({ status: 'failed', failureReason: NOT_COMPLETED })

		await approvedWithoutWebhook(reference)
		// Asked again at doubling intervals: not at once, nor once the threshold has passed again, but once
		// as long has passed as the payment had waited (6 minutes).
		await recoverPayments(ctx.deps)
		expect(await paymentOf(reference)).toMatchObject({ status: 'failed' })
		ctx.advanceClock(PENDING_MAX_AGE_MS + 30_000)
		await recoverPayments(ctx.deps)
		expect(await paymentOf(reference)).toMatchObject({ status: 'failed' })
		ctx.advanceClock(60_000)
		await recoverPayments(ctx.deps)
		expect(await paymentOf(reference)).toMatchObject({ status: 'success', failureReason: null })
		expect(await creditsOf(reference)).toBe(1)
	})

	test('a gateway that does not answer leaves the payment pending for the next run', async () => {
		const reference = await started(2_500)
		await approvedWithoutWebhook(reference)
		ctx.advanceClock(LATER)
		const down = { ...ctx.deps, payments: { ...ctx.deps.payments, verify: () => Promise.reject(new ApiError(502, 'down')) } }
		const counts = await recoverPayments(down)
		expect(counts.unreachable).toBeGreaterThanOrEqual(1)
		expect(await paymentOf(reference)).toMatchObject({ status: 'pending' })
		await recoverPayments(ctx.deps)
		expect(await paymentOf(reference)).toMatchObject({ status: 'success' })
	})

	test('reconcile reports a payment pending longer than the threshold, not a newer one', async () => {
		const reference = await started(7_000)
		const mentions = async () => (await reconcile(ctx.db, ctx.deps.now())).problems.filter((p) => p.includes(reference))
		expect(await mentions()).toEqual([])
		ctx.advanceClock(LATER)
		const [problem] = await mentions()
		expect(problem).toMatch(new RegExp(`^payment ${reference} \\(₦7,000\\) has been pending since \\S+, more than 5 minutes`))
		await recoverPayments(ctx.deps)
		expect(await mentions()).toEqual([])
	})
})

describeApi('recovering payouts left hanging', () => {
	test('a withdrawal whose payout never reached the gateway is paid out by the job', async () => {
		let gatewayDown = true
		const { sandbox } = await testApi()
		const payments: PaymentGateway = {
			...sandbox,
			initiateTransfer: (input) =>
				gatewayDown ? Promise.reject(new ApiError(502, 'The payment service did not answer.')) : sandbox.initiateTransfer(input),
		}
		const ctx = await testApi({ payments })
		const owner = await ctx.createAccount()
		await fund(ctx, owner, 50_000)
		await sandbox.idle()
		const made = await ctx.call('POST', '/wallet/withdraw', {
			token: owner.token,
			body: { amount: 10_000, bank_code: '058', account_number: '0123456780', idempotency_key: newKey('wd') },
		})
		expect(made.status).toBe(201)
		const confirmed = await ctx.call('POST', `/wallet/withdrawals/${made.body.data.id}/confirm`, {
			token: owner.token,
			body: { otp: await withdrawalCode(ctx, owner.email) },
		})
		expect(confirmed.status).toBe(502)
		const statusOf = async () => (await ctx.db.select().from(withdrawals).where(eq(withdrawals.id, made.body.data.id)))[0]!.status

		gatewayDown = false
		expect(await recoverPayouts(ctx.deps)).toMatchObject({ failures: 0 })
		expect(await statusOf()).toBe('processing')
		ctx.advanceClock(LATER)
		await recoverPayouts(ctx.deps)
		await sandbox.idle()
		expect(await statusOf()).toBe('succeeded')
	})
})
