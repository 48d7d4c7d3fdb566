import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { beforeAll, expect, test } from 'vitest'
import { cards, ledgerTransfers, notifications, policies, policyEvents, referrals } from '#api/db/schema.ts'
import { QUALIFYING_DAYS, REFERRAL_REWARD } from '#api/domain/rewards.ts'
import { reconcile } from '#api/services/reconcile.ts'
import { creditReferralRewards } from '#api/services/rewards.tsx'
import { describeApi, testApi } from '#tests/support/test-api.ts'
import { insertPolicy, png, uploadTo } from '#tests/support/claims.ts'
import { balanceOf, checkout, fund, newKey, startFunding } from '#tests/support/wallet.ts'

type Ctx = Awaited<ReturnType<typeof testApi>>
const DAY = 86_400_000

describeApi('referrals, rewards, attribution, notifications and the tour', () => {
	let ctx: Ctx
	let referrer: Awaited<ReturnType<Ctx['createAccount']>>
	let code: string

	beforeAll(async () => {
		ctx = await testApi()
		referrer = await ctx.createAccount({ kyc: true })
		const rewards = await ctx.call('GET', '/rewards', { token: referrer.token })
		expect(rewards.status).toBe(200)
		code = rewards.body.data.code
	})

	/** A new account through the referral link, with its own phone (a shared phone is the referrer's own people). */
	async function referred(extra: Record<string, unknown> = {}, phone = `0803${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`) {
		const email = `referred-${randomUUID().slice(0, 10)}@example.test`
		const res = await ctx.call('POST', '/auth/sign-up', {
			body: {
				account_type: 'individual',
				first_name: 'Tolu',
				last_name: 'Ade',
				email,
				phone,
				password: 'Test-pass-1234',
				referrer: code,
				...extra,
			},
		})
		expect(res.status, JSON.stringify(res.body)).toBe(201)
		const token = res.body.data.access_token as string
		await ctx.call('POST', '/auth/verify-email', { token, body: { otp: await ctx.latestCode(email) } })
		await ctx.call('POST', `/business/${res.body.data.customer.id}`, {
			token,
			body: { sector: 'Healthcare', state: 'Lagos', lga: 'Ikeja', address: '1 Awolowo Way', phone },
		})
		return { email, token, userId: res.body.data.id as string, customerId: res.body.data.customer.id as string }
	}

	/** Buy third-party auto cover (₦15,000) from a funded wallet. */
	async function buyCover(account: { token: string; email: string }) {
		await fund(ctx, account, 20_000)
		const bought = await ctx.call('POST', '/purchases', {
			token: account.token,
			body: { product_id: 1, vehicle_class: 'private_car', payment_option: 'wallet', idempotency_key: newKey('buy') },
		})
		expect(bought.status, JSON.stringify(bought.body)).toBe(201)
		return bought.body.data.policy.id as string
	}

	const referralOf = async (customerId: string) =>
		(await ctx.db.select().from(referrals).where(eq(referrals.referredCustomerId, customerId)))[0]
	const runJob = (daysLater: number, referrerId = referrer.customerId) =>
		creditReferralRewards({ ...ctx.deps, now: () => new Date(Date.now() + daysLater * DAY) }, { referrerId })

	test('the code and link: 8 characters, stable, in a sign-up link', async () => {
		expect(code).toMatch(/^[A-HJKMNP-Z2-9]{8}$/)
		const again = await ctx.call('GET', '/rewards', { token: referrer.token })
		expect(again.body.data).toMatchObject({ code, reward: REFERRAL_REWARD, qualifying_days: QUALIFYING_DAYS })
		expect(again.body.data.link).toBe(`http://portal.test/register?referrer=${code}&utm_source=referral`)
	})

	test('sign-up keeps the attribution: a known channel, the campaign code and the answer; the referral is pending', async () => {
		const account = await referred({ channel_source: 'instagram', campaign_code: 'NOV-26', heard_from: 'radio' })
		const user = await ctx.call('GET', `/users/${account.userId}`, { token: account.token })
		expect(user.body.data.customer.attribution).toEqual({ channel_source: 'instagram', campaign_code: 'NOV-26', heard_from: 'radio' })
		expect(await referralOf(account.customerId)).toMatchObject({ referrerCustomerId: referrer.customerId, status: 'pending' })
		const list = await ctx.call('GET', '/rewards/referrals', { token: referrer.token })
		expect(list.body.data.items[0]).toMatchObject({ name: 'Tolu A.', status: 'pending', amount: REFERRAL_REWARD, reason: null })
	})

	test('sign-up refuses an unknown channel or answer, and ignores a code nobody has', async () => {
		const bad = await ctx.call('POST', '/auth/sign-up', {
			body: {
				account_type: 'individual',
				first_name: 'A',
				last_name: 'B',
				email: `x-${randomUUID()}@example.test`,
				phone: '08031111111',
				password: 'Test-pass-1234',
				channel_source: 'spam',
				heard_from: 'tv',
			},
		})
		expect(bad.status).toBe(400)
		expect(bad.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['channel_source', 'heard_from'])
		const unknown = await ctx.call('POST', '/auth/sign-up', {
			body: {
				account_type: 'individual',
				first_name: 'A',
				last_name: 'B',
				email: `y-${randomUUID()}@example.test`,
				phone: '08032222222',
				password: 'Test-pass-1234',
				referrer: 'ZZZZ2222',
			},
		})
		expect(unknown.status).toBe(201)
		expect(await referralOf(unknown.body.data.customer.id)).toBeUndefined()
	})

	test('a self-referral (the referrer’s own phone) is void and earns nothing, even with cover kept', async () => {
		const self = await referred({}, '08031234567')
		expect(await referralOf(self.customerId)).toMatchObject({ status: 'void', voidReason: 'self' })
		await buyCover(self)
		expect(await runJob(QUALIFYING_DAYS + 1)).toMatchObject({ paid: 0 })
		expect(await referralOf(self.customerId)).toMatchObject({ status: 'void' })
	})

	test('cover kept past the qualifying days earns the reward, paid into the wallet through the ledger, once, with a notification and a mail', async () => {
		const account = await referred()
		await buyCover(account)
		const before = await balanceOf(ctx, referrer)
		expect(await runJob(0)).toEqual({ earned: 0, voided: 0, paid: 0 })
		expect(await runJob(QUALIFYING_DAYS - 1)).toEqual({ earned: 0, voided: 0, paid: 0 })
		expect(await runJob(QUALIFYING_DAYS + 1)).toMatchObject({ earned: 1, paid: 1 })
		const referral = await referralOf(account.customerId)
		expect(referral).toMatchObject({ status: 'paid' })
		expect(await balanceOf(ctx, referrer)).toBe(before + REFERRAL_REWARD)
		const [transfer] = await ctx.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.id, referral!.transferId!))
		expect(transfer).toMatchObject({
			kind: 'referral_reward',
			customerId: referrer.customerId,
			idempotencyKey: `referral:${referral!.id}:reward`,
		})
		expect(await runJob(QUALIFYING_DAYS + 2)).toEqual({ earned: 0, voided: 0, paid: 0 })
		expect(await balanceOf(ctx, referrer)).toBe(before + REFERRAL_REWARD)
		expect((await ctx.latestMail(referrer.email))?.subject).toBe('Referral reward paid')
		const bell = await ctx.call('GET', '/notifications', { token: referrer.token })
		expect(bell.body.data.items[0]).toMatchObject({ kind: 'reward_paid', href: '/rewards/all', read: false })
		const summary = await ctx.call('GET', '/rewards', { token: referrer.token })
		expect(summary.body.data.paid_total).toBeGreaterThanOrEqual(REFERRAL_REWARD)
		expect((await reconcile(ctx.db)).problems).toEqual([])
	})

	test('cover ended inside the qualifying days does not qualify', async () => {
		const account = await referred()
		const policyId = await buyCover(account)
		const [policy] = await ctx.db.select().from(policies).where(eq(policies.id, policyId))
		const ended = new Date(policy!.createdAt.getTime() + 10 * DAY).toISOString().slice(0, 10)
		await ctx.db
			.insert(policyEvents)
			.values({ customerId: account.customerId, policyId, kind: 'terminate', effectiveOn: ended, description: 'Removed' })
		await runJob(QUALIFYING_DAYS + 5)
		expect(await referralOf(account.customerId)).toMatchObject({ status: 'pending' })
	})

	test('cover paid with a card the referrer holds is void (same payer)', async () => {
		const account = await referred()
		await buyCover(account)
		const [card] = await ctx.db.select().from(cards).where(eq(cards.customerId, account.customerId))
		await ctx.db.insert(cards).values({ ...card!, id: undefined, customerId: referrer.customerId, isDefault: false })
		await runJob(QUALIFYING_DAYS + 1)
		expect(await referralOf(account.customerId)).toMatchObject({ status: 'void', voidReason: 'same_payer' })
		const list = await ctx.call('GET', '/rewards/referrals', { token: referrer.token })
		const row = list.body.data.items.find((r: { status: string; reason: string | null }) => r.reason?.includes('card'))
		expect(row).toMatchObject({ status: 'void' })
	})

	test('a referrer who has not finished KYC keeps an earned reward until they do', async () => {
		const early = await ctx.createAccount({ kind: 'individual' })
		const earlyCode = (await ctx.call('GET', '/rewards', { token: early.token })).body.data.code
		const email = `late-${randomUUID().slice(0, 8)}@example.test`
		const signedUp = await ctx.call('POST', '/auth/sign-up', {
			body: {
				account_type: 'individual',
				first_name: 'Uche',
				last_name: 'Obi',
				email,
				phone: '08035550000',
				password: 'Test-pass-1234',
				referrer: earlyCode,
			},
		})
		const account = { email, token: signedUp.body.data.access_token as string, customerId: signedUp.body.data.customer.id as string }
		await ctx.call('POST', '/auth/verify-email', { token: account.token, body: { otp: await ctx.latestCode(email) } })
		await ctx.call('POST', `/business/${account.customerId}`, {
			token: account.token,
			body: { sector: 'Healthcare', state: 'Lagos', lga: 'Ikeja', address: '1 Awolowo Way', phone: '08035550000' },
		})
		await buyCover(account)
		expect(await runJob(QUALIFYING_DAYS + 1, early.customerId)).toMatchObject({ earned: 1, paid: 0 })
		expect(await referralOf(account.customerId)).toMatchObject({ status: 'earned' })
		await ctx.call('POST', `/business/${early.customerId}`, {
			token: early.token,
			body: { sector: 'Healthcare', state: 'Lagos', lga: 'Ikeja', address: '1 Awolowo Way', phone: '08031234567' },
		})
		expect(await runJob(QUALIFYING_DAYS + 1, early.customerId)).toMatchObject({ paid: 1 })
		expect(await balanceOf(ctx, early)).toBe(REFERRAL_REWARD)
	})

	test('the dev job route runs the job at a moved clock, only in demo mode from the machine itself', async () => {
		const at = new Date(Date.now() + (QUALIFYING_DAYS + 1) * DAY).toISOString()
		const ran = await ctx.call('POST', '/dev/jobs/referral-rewards', { body: { at, referrer_id: referrer.customerId } })
		expect(ran).toMatchObject({ status: 200, body: { data: { earned: 0, voided: 0, paid: 0 } } })
		const away = await ctx.call('POST', '/dev/jobs/referral-rewards', { body: { at }, headers: { 'x-forwarded-for': '203.0.113.9' } })
		expect(away.status).toBe(404)
	})

	test('notifications: a member joining tells the team, not the newcomer; unread count; marked read only by their owner', async () => {
		const owner = await ctx.createAccount({ kyc: true })
		const member = await ctx.createMember(owner, 'Admin')
		const count = await ctx.call('GET', '/notifications/unread-count', { token: owner.token })
		expect(count.body.data.unread).toBe(1)
		const list = await ctx.call('GET', '/notifications', { token: owner.token })
		expect(list.body.data).toMatchObject({
			total: 1,
			unread: 1,
			items: [{ kind: 'member_joined', title: 'Bola Ade joined the team', href: '/settings?tab=team', read: false }],
		})
		expect((await ctx.call('GET', '/notifications', { token: member.token })).body.data.total).toBe(0)
		const id = list.body.data.items[0].id
		expect((await ctx.call('POST', '/notifications/read', { token: member.token, body: { ids: [id] } })).body.data.marked).toBe(0)
		expect((await ctx.call('POST', '/notifications/read', { token: owner.token, body: { ids: [id] } })).body.data.marked).toBe(1)
		expect((await ctx.call('GET', '/notifications/unread-count', { token: owner.token })).body.data.unread).toBe(0)
		expect(await ctx.call('GET', '/notifications')).toMatchObject({ status: 401 })
	})

	test('a declined payment notifies its payer, linked to its receipt', async () => {
		const payer = await ctx.createAccount({ kyc: true })
		const started = await startFunding(ctx, payer, 7_000, newKey('fund'))
		await checkout(ctx, started.body.data.reference, 'decline')
		// What the callback page does on return from the gateway.
		await ctx.call('POST', '/payments/verify', { body: { reference: started.body.data.reference } })
		const [row] = await ctx.db
			.select()
			.from(notifications)
			.where(and(eq(notifications.userId, payer.userId), eq(notifications.kind, 'payment_failed')))
		expect(row?.title).toBe('A payment of ₦7,000 failed (wallet funding)')
		expect(row?.href).toMatch(/^\/transaction-history\/[0-9a-f-]{36}$/)
		const receipt = await ctx.call('GET', `/transactions/${row!.href.split('/').at(-1)}`, { token: payer.token })
		expect(receipt.status).toBe(200)
	})

	test("a claim's status change tells the business's members, linked to the claim", async () => {
		const owner = await ctx.createAccount({ kyc: true })
		const gadget = await insertPolicy(ctx, owner.customerId)
		const made = await ctx.call('POST', '/claims', {
			token: owner.token,
			body: {
				incident_type: 'screen_damage',
				incident_date: '2026-03-10',
				place: 'Ikeja, Lagos',
				description: 'The phone fell on the floor and the screen cracked.',
				amount: '₦60,000',
				policy_id: gadget.id,
			},
		})
		expect(made.status).toBe(201)
		const claim = made.body.data as { id: string; claim_number: string }
		expect((await uploadTo(ctx, owner.token, `/claims/${claim.id}/files/damage_1`, await png(), 'crack.png')).status).toBe(201)
		expect((await ctx.call('POST', `/claims/${claim.id}/inspection`, { token: owner.token })).status).toBe(200)
		const list = await ctx.call('GET', '/notifications', { token: owner.token })
		expect(list.body.data.items[0]).toMatchObject({
			kind: 'claim_status',
			title: `Claim ${claim.claim_number}: photos sent`,
			href: `/claims/details-${claim.id}`,
		})
	})

	test('the tour is remembered once finished', async () => {
		const account = await ctx.createAccount({ kyc: true })
		expect((await ctx.call('GET', `/users/${account.userId}`, { token: account.token })).body.data.toured_at).toBeNull()
		expect((await ctx.call('POST', '/tour', { token: account.token })).status).toBe(200)
		expect((await ctx.call('GET', `/users/${account.userId}`, { token: account.token })).body.data.toured_at).toEqual(expect.any(String))
	})
})
