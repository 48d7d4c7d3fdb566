import { beforeAll, expect, test } from 'vitest'
import { PolicyDetail } from '#api/contract/purchases.ts'
import { CLAIM_STATUSES } from '#api/contract/statuses.ts'
import { reconcile } from '#api/services/reconcile.ts'
import { describeApi, testApi } from '#tests/support/test-api.ts'
import { seedDemoClaims } from './claims.ts'
import { DEMO_PASSWORD, seedDemoAccounts } from './index.ts'

// The demo's claims (docs/decisions/068 and 108): every status, a bank payout with the bank and one
// paid, two operators, and a ledger that reconciles.

describeApi('the demo claims', () => {
	let ctx: Awaited<ReturnType<typeof testApi>>
	const signIn = async (path: string, email: string) => {
		const res = await ctx.call('POST', path, { body: { email, password: DEMO_PASSWORD, platform: 'web' } })
		expect(res.status).toBe(200)
		return (res.body.data.access_token ?? res.body.data.token) as string
	}

	beforeAll(async () => {
		ctx = await testApi()
		await seedDemoAccounts(ctx.db)
		await seedDemoClaims(ctx.db)
		// Seeding again changes nothing: the claims exist.
		await seedDemoClaims(ctx.db)
	})

	test('the demo business has a claim in every status, and bank payouts with the bank and paid', async () => {
		const token = await signIn('/auth/sign-in', 'business@example.com')
		const list = (await ctx.call('GET', '/claims', { token })).body.data as Array<{ id: string; status: string }>
		expect(new Set(list.map((c) => c.status))).toEqual(new Set(CLAIM_STATUSES))
		const payouts = await Promise.all(list.map(async (c) => (await ctx.call('GET', `/claims/${c.id}`, { token })).body.data))
		const bank = payouts.filter((c) => c.payout.method === 'bank')
		expect(bank.map((c) => [c.status, c.payout.status]).sort()).toEqual([
			['offer_accepted', 'processing'],
			['paid', 'succeeded'],
		])
		expect(bank.find((c) => c.status === 'offer_accepted').next_step).toBe('Wait for the bank: the transfer is on its way to your account.')
		expect((await reconcile(ctx.db)).problems).toEqual([])
	})

	test("the policies the claims are on answer as the contract says, priced by their quote's lines", async () => {
		const token = await signIn('/auth/sign-in', 'business@example.com')
		const list = (await ctx.call('GET', '/claims', { token })).body.data as Array<{ policy: { id: string } }>
		const ids = [...new Set(list.map((c) => c.policy.id))]
		expect(ids).toHaveLength(2)
		for (const id of ids) {
			const policy = PolicyDetail.parse((await ctx.call('GET', `/policies/${id}`, { token })).body.data)
			expect(policy.quote?.lines.length).toBeGreaterThan(0)
			expect(policy.quote?.total).toBe(policy.premium)
		}
	})

	test('both demo operators sign in to the desk and see its queue', async () => {
		for (const email of ['operator@example.com', 'payouts@example.com']) {
			const token = await signIn('/desk/sign-in', email)
			expect((await ctx.call('GET', '/desk/claims', { token })).body.data.length).toBeGreaterThan(10)
		}
	})
})
