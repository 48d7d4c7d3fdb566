import { and, eq, like, sql } from 'drizzle-orm'
import { beforeAll, expect, test } from 'vitest'
import { formatDay, formatDays, formatLongDays } from '#api/contract/dates.ts'
import { cards, ledgerTransfers, mailOutbox, payments, policies, policyEvents, policyNotices, purchases } from '#api/db/schema.ts'
import { addDays, addMonths, lagosDate } from '#api/domain/policies.ts'
import { autoRenewPolicies, mailExpiredPolicies, sendRenewalReminders } from '#api/jobs/renewals.ts'
import { describeApi, testApi } from '#tests/support/test-api.ts'
import { PENDING_MAX_AGE_MS, recoverPayments } from '#api/jobs/recovery.ts'
import { balanceOf, checkout, fund, newKey } from '#tests/support/wallet.ts'

// The renewal jobs on a moved clock: each runs twice (and twice at once) and acts once.

type Ctx = Awaited<ReturnType<typeof testApi>>
type Account = Awaited<ReturnType<Ctx['createAccount']>>

const THIRD_PARTY = { product_id: 1, vehicle_class: 'private_car' }
const PREMIUM = 15_000

describeApi('renewals, reminders and expiry', () => {
	let ctx: Ctx

	beforeAll(async () => {
		ctx = await testApi()
	})

	/** Move the shared clock forward to `day` (Lagos); never back. */
	function moveTo(day: string) {
		const ms = Date.parse(`${day}T00:00:00Z`) - Date.parse(`${lagosDate(ctx.deps.now())}T00:00:00Z`)
		if (ms < 0) throw new Error(`the clock is past ${day}`)
		ctx.advanceClock(ms)
	}

	/** An account with an active third-party policy bought from its wallet, `left` Naira left in the wallet. */
	async function insured(left: number, autoRenew = false) {
		const owner = await ctx.createAccount({ kyc: true })
		await fund(ctx, owner, PREMIUM + left)
		const bought = await ctx.call('POST', '/purchases', {
			token: owner.token,
			body: { ...THIRD_PARTY, payment_option: 'wallet', idempotency_key: newKey('buy') },
		})
		expect(bought.status).toBe(201)
		const id = bought.body.data.policy.id as string
		const [policy] = await ctx.db
			.update(policies)
			.set({ status: 'active', activatedAt: ctx.deps.now(), autoRenew })
			.where(eq(policies.id, id))
			.returning()
		return { owner, policy: policy! }
	}

	/** The account signed in again: a token from before a clock moved by months has expired. */
	async function fresh(account: Account): Promise<Account> {
		const res = await ctx.call('POST', '/auth/sign-in', { body: { email: account.email, password: account.password } })
		if (res.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(res.body)}`)
		return { ...account, token: res.body.data.access_token as string }
	}

	const mailsTo = (account: Account, subject: string) =>
		ctx.db
			.select()
			.from(mailOutbox)
			.where(and(sql`lower(${mailOutbox.to}) = ${account.email.toLowerCase()}`, like(mailOutbox.subject, `%${subject}%`)))
	const renewalsOf = (policyId: string) => ctx.db.select().from(purchases).where(eq(purchases.renewsPolicyId, policyId))
	const policyOf = async (id: string) => (await ctx.db.select().from(policies).where(eq(policies.id, id)))[0]!
	const todos = async (account: Account) =>
		(await ctx.call('GET', '/todos', { token: (await fresh(account)).token })).body.data as Array<{ href: string; description: string }>
	const balance = async (account: Account) => balanceOf(ctx, await fresh(account))

	test('reminders go 14 and 3 days before cover ends, once each however often the job runs', async () => {
		const { owner, policy } = await insured(0)
		moveTo(addDays(policy.coverEnd, -20))
		await sendRenewalReminders(ctx.deps)
		expect(await mailsTo(owner, 'cover ends')).toHaveLength(0)

		moveTo(addDays(policy.coverEnd, -14))
		await sendRenewalReminders(ctx.deps)
		await Promise.all([sendRenewalReminders(ctx.deps), sendRenewalReminders(ctx.deps)])
		const first = await mailsTo(owner, 'cover ends in 14 days')
		expect(first).toHaveLength(1)
		expect(first[0]!.text).toContain(`/mycover/${policy.id}/renew`)
		expect(first[0]!.text).toContain('₦15,000')
		const renewedEnd = addDays(addMonths(addDays(policy.coverEnd, 1), 12), -1)
		expect(first[0]!.text).toContain(`Renewal price: ₦15,000 for ${formatLongDays(addDays(policy.coverEnd, 1), renewedEnd)}`)

		moveTo(addDays(policy.coverEnd, -3))
		await sendRenewalReminders(ctx.deps)
		await sendRenewalReminders(ctx.deps)
		expect(await mailsTo(owner, 'cover ends in 3 days')).toHaveLength(1)
		expect(await mailsTo(owner, 'cover ends')).toHaveLength(2)
		const notices = await ctx.db.select().from(policyNotices).where(eq(policyNotices.policyId, policy.id))
		expect(notices.map((n) => n.kind).sort()).toEqual(['renewal_reminder_14', 'renewal_reminder_3'])
	})

	test('auto-renewal pays from the wallet through the ledger once, however often (and at once) it runs; the number stays', async () => {
		const { owner: buyer, policy } = await insured(40_000, true)
		moveTo(addDays(policy.coverEnd, -4))
		const owner = await fresh(buyer)
		await autoRenewPolicies(ctx.deps)
		expect(await renewalsOf(policy.id)).toHaveLength(0)

		moveTo(addDays(policy.coverEnd, -3))
		const runs = await Promise.all([autoRenewPolicies(ctx.deps), autoRenewPolicies(ctx.deps)])
		await autoRenewPolicies(ctx.deps)
		expect(runs.map((r) => r.renewed).reduce((a, b) => a + b)).toBe(1)
		const renewals = await renewalsOf(policy.id)
		expect(renewals).toHaveLength(1)
		expect(renewals[0]).toMatchObject({ status: 'paid', paymentOption: 'wallet', amount: PREMIUM })
		const transfers = await ctx.db
			.select()
			.from(ledgerTransfers)
			.where(eq(ledgerTransfers.reference, `purchase_${renewals[0]!.id}`))
		expect(transfers).toHaveLength(1)
		expect(await balance(owner)).toBe(40_000 - PREMIUM)

		const after = await policyOf(policy.id)
		expect(after.policyNumber).toBe(policy.policyNumber)
		expect(after.coverStart).toBe(policy.coverStart)
		expect(after.coverEnd).toBe(addDays(addMonths(addDays(policy.coverEnd, 1), 12), -1))
		const events = await ctx.db
			.select()
			.from(policyEvents)
			.where(and(eq(policyEvents.policyId, policy.id), eq(policyEvents.kind, 'renewed')))
		expect(events).toHaveLength(1)
		expect(events[0]).toMatchObject({ effectiveOn: addDays(policy.coverEnd, 1) })
		expect(events[0]!.description).toContain(
			`policy ${policy.policyNumber} renewed for ₦15,000: cover ${formatDays(addDays(policy.coverEnd, 1), after.coverEnd)}`,
		)
		expect(await mailsTo(owner, `Renewed: Third Party`)).toHaveLength(1)

		// The reminder of 3 days is for cover that ends soon: this one no longer does.
		await sendRenewalReminders(ctx.deps)
		expect(await mailsTo(owner, 'cover ends in 3 days')).toHaveLength(0)
		const shown = await ctx.call('GET', `/policies/${policy.id}`, { token: (await fresh(owner)).token })
		expect(shown.body.data).toMatchObject({ cover_end: after.coverEnd, renewal_due: false, is_expired: false })
	})

	test('a wallet too short with a saved card: the card is charged what the wallet lacks, once, and the wallet renews', async () => {
		// The sandbox saved the card that funded the wallet.
		const { owner: buyer, policy } = await insured(2_000, true)
		expect(await ctx.db.select().from(cards).where(eq(cards.customerId, buyer.customerId))).not.toHaveLength(0)
		moveTo(addDays(policy.coverEnd, -3))
		const owner = await fresh(buyer)
		await Promise.all([autoRenewPolicies(ctx.deps), autoRenewPolicies(ctx.deps)])
		await autoRenewPolicies(ctx.deps)
		expect(await renewalsOf(policy.id)).toHaveLength(1)
		const charged = await ctx.db
			.select()
			.from(payments)
			.where(eq(payments.reference, `renew_${policy.id}_${policy.coverEnd}`))
		expect(charged).toHaveLength(1)
		expect(charged[0]).toMatchObject({ status: 'success', amount: PREMIUM - 2_000 })
		expect(await balance(owner)).toBe(0)
		expect(await mailsTo(owner, 'the wallet is short')).toHaveLength(0)
		expect((await policyOf(policy.id)).policyNumber).toBe(policy.policyNumber)
	})

	test('a wallet too short asks the customer once, by mail and a todo; funded later, the next run renews', async () => {
		const { owner: buyer, policy } = await insured(2_000, true)
		// No saved card to fall back on (the funding saved one).
		await ctx.db.delete(cards).where(eq(cards.customerId, buyer.customerId))
		moveTo(addDays(policy.coverEnd, -3))
		let owner = await fresh(buyer)
		await autoRenewPolicies(ctx.deps)
		await autoRenewPolicies(ctx.deps)
		expect(await renewalsOf(policy.id)).toHaveLength(0)
		expect(await balance(owner)).toBe(2_000)
		const asked = await mailsTo(owner, 'the wallet is short')
		expect(asked).toHaveLength(1)
		expect(asked[0]!.text).toContain(`/mycover/${policy.id}/renew`)
		expect((await todos(owner)).find((t) => t.href === `/mycover/${policy.id}/renew`)?.description).toBe(
			`${policy.policyNumber} ends on ${formatDay(policy.coverEnd)} and the wallet could not pay its renewal.`,
		)

		await fund(ctx, owner, PREMIUM)
		moveTo(addDays(policy.coverEnd, -1))
		owner = await fresh(owner)
		expect((await autoRenewPolicies(ctx.deps)).renewed).toBeGreaterThanOrEqual(1)
		expect(await renewalsOf(policy.id)).toHaveLength(1)
		expect(await balance(owner)).toBe(2_000)
		expect((await todos(owner)).map((t) => t.href)).not.toContain(`/mycover/${policy.id}/renew`)
		expect(await mailsTo(owner, 'the wallet is short')).toHaveLength(1)
	})

	test('cover past its end is expired and told once; renewed late from the wallet it keeps its number and starts today', async () => {
		const { owner: buyer, policy } = await insured(PREMIUM)
		moveTo(addDays(policy.coverEnd, 2))
		const owner = await fresh(buyer)
		await mailExpiredPolicies(ctx.deps)
		await mailExpiredPolicies(ctx.deps)
		expect(await mailsTo(owner, 'cover has ended')).toHaveLength(1)
		const expired = await ctx.call('GET', `/policies/${policy.id}`, { token: owner.token })
		expect(expired.body.data).toMatchObject({ is_expired: true, state: 'expired', renewal_due: true })

		const offer = await ctx.call('GET', `/policies/${policy.id}/renewal`, { token: owner.token })
		const today = lagosDate(ctx.deps.now())
		expect(offer.body.data).toMatchObject({ renewable: true, period: 'annual', amount: PREMIUM, cover_start: today })
		const key = newKey('renew')
		const body = { period: 'annual', payment_option: 'wallet', idempotency_key: key }
		const renewed = await ctx.call('POST', `/policies/${policy.id}/renew`, { token: owner.token, body })
		expect(renewed.status).toBe(201)
		expect(renewed.body.data.policy).toMatchObject({ policy_number: policy.policyNumber, cover_start: today, is_expired: false })
		expect(renewed.body.message).toBe(
			`Renewed for ₦15,000: policy ${policy.policyNumber} now covers you to ${formatDay(renewed.body.data.policy.cover_end)}.`,
		)
		const again = await ctx.call('POST', `/policies/${policy.id}/renew`, { token: owner.token, body })
		expect(again.status).toBe(201)
		expect(await renewalsOf(policy.id)).toHaveLength(1)
		expect(await balance(owner)).toBe(0)
	})

	test('renewed through the gateway: the checkout paid renews once, through the purchase callback path and the recovery job', async () => {
		const { owner: buyer, policy } = await insured(0)
		moveTo(addDays(policy.coverEnd, -10))
		const owner = await fresh(buyer)
		const body = { period: 'annual', payment_option: 'gateway', idempotency_key: newKey('renew') }
		const started = await ctx.call('POST', `/policies/${policy.id}/renew`, { token: owner.token, body })
		expect(started.status).toBe(201)
		expect(started.body.data).toMatchObject({ purchase: { status: 'awaiting_payment' }, policy: null })
		const reference = started.body.data.payment.reference as string
		expect((await checkout(ctx, reference, 'approve')).status).toBe(303)
		await ctx.sandbox.idle()
		// The payer's return: the callback asks about the payment, which answers the renewed policy.
		const back = await ctx.call('POST', '/payments/verify', { body: { reference } })
		expect(back.body.data).toMatchObject({ status: 'success', purpose: 'purchase', policy: { id: policy.id } })
		ctx.advanceClock(PENDING_MAX_AGE_MS + 60_000)
		await recoverPayments(ctx.deps)
		const after = await policyOf(policy.id)
		expect(after.coverEnd).toBe(addDays(addMonths(addDays(policy.coverEnd, 1), 12), -1))
		const events = await ctx.db
			.select()
			.from(policyEvents)
			.where(and(eq(policyEvents.policyId, policy.id), eq(policyEvents.kind, 'renewed')))
		expect(events).toHaveLength(1)
		expect(await renewalsOf(policy.id)).toMatchObject([{ status: 'paid', paymentOption: 'gateway' }])
		expect(await mailsTo(owner, 'Renewed: Third Party')).toHaveLength(1)
	})

	test('the renewal routes: outside the window 409, another business 404, no token 401, bad period 400', async () => {
		const { owner, policy } = await insured(PREMIUM)
		const body = { period: 'annual', payment_option: 'wallet', idempotency_key: newKey('renew') }
		const early = await ctx.call('GET', `/policies/${policy.id}/renewal`, { token: owner.token })
		expect(early.body.data).toMatchObject({ renewable: false })
		expect(await ctx.call('POST', `/policies/${policy.id}/renew`, { token: owner.token, body })).toMatchObject({ status: 409 })
		const other = await ctx.createAccount({ kyc: true })
		expect((await ctx.call('GET', `/policies/${policy.id}/renewal`, { token: other.token })).status).toBe(404)
		expect((await ctx.call('POST', `/policies/${policy.id}/renew`, { token: other.token, body })).status).toBe(404)
		expect((await ctx.call('POST', `/policies/${policy.id}/renew`, { body })).status).toBe(401)
		const bad = await ctx.call('POST', `/policies/${policy.id}/renew`, { token: owner.token, body: { ...body, period: 'weekly' } })
		expect(bad.status).toBe(400)
		expect(await renewalsOf(policy.id)).toHaveLength(0)
	})
})
