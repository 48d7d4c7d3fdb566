import { beforeAll, expect, test } from 'vitest'
import { lagosDate } from '#api/domain/policies.ts'
import { firstOfMonth } from '#api/domain/staff-lifecycle.ts'
import { reconcile } from '#api/services/reconcile.ts'
import { chargeSavedCard } from '#api/services/saved-cards.ts'
import { describeApi, testApi } from '#tests/support/test-api.ts'
import { DEMO_PASSWORD, seedDemoAccounts } from './index.ts'

type Ctx = Awaited<ReturnType<typeof testApi>>

describeApi('the demo accounts and their year of history', () => {
	let ctx: Ctx
	const homeOf = async (email: string) => {
		const signIn = await ctx.call('POST', '/auth/sign-in', { body: { email, password: DEMO_PASSWORD, platform: 'web' } })
		expect(signIn.status).toBe(200)
		const res = await ctx.call('GET', '/dashboard', { token: signIn.body.data.access_token })
		expect(res.status).toBe(200)
		return res.body.data
	}

	beforeAll(async () => {
		ctx = await testApi()
		await seedDemoAccounts(ctx.db)
		// Seeding again changes nothing: the accounts exist.
		await seedDemoAccounts(ctx.db)
	})

	test('the ledger reconciles to the Naira', async () => {
		expect((await reconcile(ctx.db)).problems).toEqual([])
	})

	test("the business's home is alive: spend in every month, cover on several lines, staff, a bill and renewals", async () => {
		const home = await homeOf('business@example.com')
		expect(home.wallet.balance).toBe(3_000_000 - 2_439_500)
		expect(home.spend.months.every((m: { amount: number }) => m.amount > 0)).toBe(true)
		expect(home.spend.this_month).toBeGreaterThan(0)
		expect(home.cover.by_line.map((l: { category: string }) => l.category)).toEqual(['health', 'auto', 'gadget', 'others'])
		expect(home.staff).toEqual({ covered: 12, pending: 0, plans: 1 })
		// FlexiCare, active since a year ago: this month is billed on the next 1st (decision 161).
		expect(home.next_bill.bill).toMatchObject({ month: firstOfMonth(lagosDate(new Date())), plans: 1 })
		expect(home.renewals.due).toBeGreaterThanOrEqual(2)
		expect(home.todos.map((t: { title: string }) => t.title)).toContain('Activate Laptop Cover')
	})

	test("the individual's home has their policies and a renewal", async () => {
		const home = await homeOf('individual@example.com')
		expect(home.wallet.balance).toBe(150_000 - 49_800)
		expect(home.cover.policies.map((p: { product_name: string }) => p.product_name)).toEqual([
			'Crestwave Travel Cover',
			'Gadget Cover',
			'Third Party Motor',
		])
		expect(home.renewals.items.map((p: { product_name: string }) => p.product_name)).toEqual(['Third Party Motor'])
	})

	test('each demo account has a default card saved from its first funding, which a renewal or an invoice can charge', async () => {
		for (const email of ['business@example.com', 'individual@example.com']) {
			const signIn = await ctx.call('POST', '/auth/sign-in', { body: { email, password: DEMO_PASSWORD, platform: 'web' } })
			const cards = (await ctx.call('GET', '/cards', { token: signIn.body.data.access_token })).body.data
			expect(cards).toEqual([expect.objectContaining({ brand: 'visa', last4: '4081', is_default: true })])
			const customerId = signIn.body.data.customer.id
			const reference = `demo_card_check_${customerId.slice(0, 8)}`
			const charged = await chargeSavedCard(ctx.deps, { customerId, amount: 1_000, reference, purpose: 'a check of the demo card' })
			expect(charged).toMatchObject({ status: 'success', card: 'Visa card ending 4081' })
		}
		expect((await reconcile(ctx.db)).problems).toEqual([])
	})
})
