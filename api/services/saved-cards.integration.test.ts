import { randomBytes } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { cards, ledgerTransfers, mailOutbox, payments } from '#api/db/schema.ts'
import { ApiError } from '#api/errors.ts'
import { SANDBOX_CARD_DECLINED, SANDBOX_DECLINING_CARD } from '#api/payments/sandbox.ts'
import { logger } from '#api/telemetry/logger.ts'
import { describeApi, testApi } from '#tests/support/test-api.ts'
import { balanceOf, fund } from '#tests/support/wallet.ts'
import { chargeSavedCard, NO_SAVED_CARD, REFERENCE_TAKEN } from './saved-cards.ts'

// Charging a saved card without the payer: the default card, once per reference, into the wallet.

type Ctx = Awaited<ReturnType<typeof testApi>>
type Account = Awaited<ReturnType<Ctx['createAccount']>>

const ref = (prefix = 'card') => `${prefix}_${randomBytes(12).toString('hex')}`

describeApi('charging a saved card', () => {
	let ctx: Ctx

	beforeAll(async () => {
		ctx = await testApi()
	})
	afterEach(() => {
		vi.restoreAllMocks()
	})

	const charge = (account: Account, amount: number, reference: string, purpose = 'Invoice INV-TEST-0001') =>
		chargeSavedCard(ctx.deps, { customerId: account.customerId, amount, reference, purpose })
	const paymentOf = async (reference: string) => (await ctx.db.select().from(payments).where(eq(payments.reference, reference)))[0]
	const transfersOf = (reference: string) => ctx.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.reference, reference))
	const mailsTo = (email: string, subject: string) =>
		ctx.db
			.select()
			.from(mailOutbox)
			.where(and(sql`lower(${mailOutbox.to}) = ${email.toLowerCase()}`, eq(mailOutbox.subject, subject)))
	/** An account whose card was saved from a real (sandbox) funding of ₦1,000. */
	async function withCard() {
		const account = await ctx.createAccount()
		await fund(ctx, account, 1_000)
		return account
	}
	/** An account whose default card is one the sandbox declines when charged again. */
	async function withDecliningCard() {
		const account = await ctx.createAccount()
		await ctx.db.insert(cards).values({
			customerId: account.customerId,
			authorizationCode: `${SANDBOX_DECLINING_CARD}test`,
			signature: `SIG_${randomBytes(6).toString('hex')}`,
			brand: 'mastercard',
			last4: '0002',
			expMonth: 9,
			expYear: 2031,
			email: account.email,
			isDefault: true,
		})
		return account
	}

	test('no saved card: nothing is charged or recorded', async () => {
		const account = await ctx.createAccount()
		const spy = vi.spyOn(ctx.deps.payments, 'chargeAuthorization')
		const reference = ref()
		expect(await charge(account, 5_000, reference)).toEqual({
			status: 'no_card',
			message: NO_SAVED_CARD,
			final: true,
			paymentId: null,
			card: null,
		})
		expect(spy).not.toHaveBeenCalled()
		expect(await paymentOf(reference)).toBeUndefined()
	})

	test('success: the default card is charged and the wallet credited through the ledger, with a receipt and a mail', async () => {
		const account = await withCard()
		const [card] = await ctx.db.select().from(cards).where(eq(cards.customerId, account.customerId))
		expect(card).toMatchObject({ isDefault: true, email: account.email, last4: '4081' })
		const reference = ref()
		const result = await charge(account, 42_500, reference)
		expect(result).toMatchObject({ status: 'success', final: true, card: 'Visa card ending 4081' })
		expect(result.message).toBe('₦42,500 was charged to the Visa card ending 4081 and paid into the wallet.')
		expect(await balanceOf(ctx, account)).toBe(43_500)
		expect(await paymentOf(reference)).toMatchObject({
			status: 'success',
			amount: 42_500,
			cardId: card!.id,
			authorizationUrl: null,
			note: 'Invoice INV-TEST-0001',
			userId: account.userId,
		})
		const [transfer] = await transfersOf(reference)
		expect(transfer).toMatchObject({ kind: 'funding', idempotencyKey: `funding:${reference}`, customerId: account.customerId })
		const list = await ctx.call('GET', '/transactions?type=funding', { token: account.token })
		const listed = list.body.data.items.find((t: { reference: string }) => t.reference === reference)
		expect(listed).toMatchObject({ status: 'success', amount: 42_500, description: 'Saved card charged for Invoice INV-TEST-0001' })
		const receipt = await ctx.call('GET', `/transactions/${listed.id}/receipt`, { token: account.token })
		expect(receipt.status).toBe(200)
		const [mail] = await mailsTo(account.email, 'Your Visa card ending 4081 was charged')
		expect(mail?.text).toContain('we charged ₦42,500 to your Visa card ending 4081 for Invoice INV-TEST-0001')
	})

	test('a declined card: the payment is recorded failed with the reason, nothing credited, the payer told', async () => {
		const account = await withDecliningCard()
		const reference = ref()
		const result = await chargeSavedCard(ctx.deps, {
			customerId: account.customerId,
			amount: 30_000,
			reference,
			purpose: 'Renewal of policy CP-TEST-1',
			retryUrl: 'http://portal.test/mycover/x/renew',
		})
		expect(result).toMatchObject({ status: 'failed', final: true, card: 'Mastercard card ending 0002' })
		expect(result.message).toContain(SANDBOX_CARD_DECLINED)
		expect(await paymentOf(reference)).toMatchObject({ status: 'failed', failureReason: SANDBOX_CARD_DECLINED, transferId: null })
		expect(await transfersOf(reference)).toEqual([])
		expect(await balanceOf(ctx, account)).toBe(0)
		const [mail] = await mailsTo(account.email, 'Payment failed')
		expect(mail?.text).toContain('Renewal of policy CP-TEST-1, charged to your Mastercard card ending 0002')
		expect(mail?.text).toContain('http://portal.test/mycover/x/renew')
		// The same reference again is the same failed attempt: the card is not charged again.
		const spy = vi.spyOn(ctx.deps.payments, 'chargeAuthorization')
		expect(await charge(account, 30_000, reference)).toMatchObject({ status: 'failed', final: true })
		expect(spy).not.toHaveBeenCalled()
	})

	test('a retried reference charges once, one after another or at the same time', async () => {
		const account = await withCard()
		const reference = ref()
		const answers = await Promise.all([charge(account, 10_000, reference), charge(account, 10_000, reference)])
		answers.push(await charge(account, 10_000, reference))
		for (const answer of answers) expect(answer.status).toBe('success')
		expect(await transfersOf(reference)).toHaveLength(1)
		expect(await balanceOf(ctx, account)).toBe(11_000)
		expect(await mailsTo(account.email, 'Your Visa card ending 4081 was charged')).toHaveLength(1)
		const sequential = ref()
		const spy = vi.spyOn(ctx.deps.payments, 'chargeAuthorization')
		await charge(account, 2_000, sequential)
		await charge(account, 2_000, sequential)
		expect(spy).toHaveBeenCalledTimes(1)
		expect(await balanceOf(ctx, account)).toBe(13_000)
	})

	test('the sandbox: a +decline payer pays the checkout, and the card it saves is declined when charged again', async () => {
		const email = `ngozi+decline-${randomBytes(4).toString('hex')}@example.test`
		const first = ref('fund')
		await ctx.sandbox.initialize({ amount: 1_000, email, reference: first, callbackUrl: 'http://portal.test/fund-wallet/callback' })
		await ctx.sandbox.complete(first, 'approve', new Date())
		const paid = await ctx.sandbox.verify(first)
		expect(paid).toMatchObject({ status: 'success', authorization: { last4: '0002', reusable: true } })
		expect(paid!.authorization!.authorizationCode.startsWith(SANDBOX_DECLINING_CARD)).toBe(true)
		const again = ref()
		const charge = { authorizationCode: paid!.authorization!.authorizationCode, email, amount: 5_000, reference: again }
		expect(await ctx.sandbox.chargeAuthorization(charge)).toMatchObject({
			status: 'failed',
			message: SANDBOX_CARD_DECLINED,
			authorization: null,
		})
		// Asked again, the same reference is the same declined charge; verify says so too.
		expect(await ctx.sandbox.chargeAuthorization(charge)).toMatchObject({ status: 'failed' })
		expect(await ctx.sandbox.verify(again)).toMatchObject({ status: 'failed', amount: 5_000, message: SANDBOX_CARD_DECLINED })
		// No checkout page exists for a saved card's charge.
		expect(await ctx.sandbox.checkout(again)).toBeNull()
		await ctx.sandbox.idle()
	})

	describe('after a crash', () => {
		test('recorded but never sent to the gateway: the retry charges it, once', async () => {
			const account = await withCard()
			const reference = ref()
			const [card] = await ctx.db.select().from(cards).where(eq(cards.customerId, account.customerId))
			await ctx.db.insert(payments).values({
				customerId: account.customerId,
				userId: account.userId,
				idempotencyKey: `card:${reference}`,
				reference,
				amount: 7_000,
				gateway: 'sandbox',
				authorizationUrl: null,
				cardId: card!.id,
				note: 'Invoice INV-TEST-0002',
			})
			const spy = vi.spyOn(ctx.deps.payments, 'chargeAuthorization')
			expect(await charge(account, 7_000, reference, 'Invoice INV-TEST-0002')).toMatchObject({ status: 'success' })
			expect(spy).toHaveBeenCalledTimes(1)
			expect(await balanceOf(ctx, account)).toBe(8_000)
		})

		test('charged by the gateway but not yet credited: the retry asks the gateway and credits without charging again', async () => {
			const account = await withCard()
			const reference = ref()
			const [card] = await ctx.db.select().from(cards).where(eq(cards.customerId, account.customerId))
			await ctx.db.insert(payments).values({
				customerId: account.customerId,
				userId: account.userId,
				idempotencyKey: `card:${reference}`,
				reference,
				amount: 4_000,
				gateway: 'sandbox',
				authorizationUrl: null,
				cardId: card!.id,
				note: 'Invoice INV-TEST-0003',
			})
			await ctx.deps.payments.chargeAuthorization({
				authorizationCode: card!.authorizationCode,
				email: account.email,
				amount: 4_000,
				reference,
			})
			const spy = vi.spyOn(ctx.deps.payments, 'chargeAuthorization')
			expect(await charge(account, 4_000, reference, 'Invoice INV-TEST-0003')).toMatchObject({ status: 'success', final: true })
			expect(spy).not.toHaveBeenCalled()
			expect(await balanceOf(ctx, account)).toBe(5_000)
		})
	})

	test('an unreachable gateway leaves the attempt pending, not final; the same reference settles it later', async () => {
		const account = await withCard()
		const reference = ref()
		const real = ctx.deps.payments.chargeAuthorization.bind(ctx.deps.payments)
		vi.spyOn(logger, 'warn').mockImplementation(() => {})
		vi.spyOn(ctx.deps.payments, 'chargeAuthorization').mockRejectedValueOnce(new ApiError(502, 'The payment service did not answer.'))
		expect(await charge(account, 3_000, reference)).toMatchObject({ status: 'failed', final: false })
		expect(await paymentOf(reference)).toMatchObject({ status: 'pending' })
		vi.mocked(ctx.deps.payments.chargeAuthorization).mockImplementation(real)
		expect(await charge(account, 3_000, reference)).toMatchObject({ status: 'success', final: true })
		expect(await balanceOf(ctx, account)).toBe(4_000)
	})

	test('a reference is one payment: another amount or customer is refused; bad input is a programming error', async () => {
		const account = await withCard()
		const other = await withCard()
		const reference = ref()
		await charge(account, 1_500, reference)
		await expect(charge(account, 1_600, reference)).rejects.toMatchObject({ status: 409, message: REFERENCE_TAKEN })
		await expect(charge(other, 1_500, reference)).rejects.toMatchObject({ status: 409, message: REFERENCE_TAKEN })
		await expect(charge(account, 0, ref())).rejects.toBeInstanceOf(RangeError)
		await expect(charge(account, 10.5, ref())).rejects.toBeInstanceOf(RangeError)
		await expect(charge(account, 100, 'not a reference!')).rejects.toBeInstanceOf(RangeError)
	})
})
