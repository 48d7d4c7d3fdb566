import { eq } from 'drizzle-orm'
import { beforeAll, expect, test } from 'vitest'
import { PolicyDetail } from '#api/contract/purchases.ts'
import { ledgerTransfers } from '#api/db/schema.ts'
import { lagosDate } from '#api/domain/policies.ts'
import { CLAIM_STATUSES } from '#api/contract/statuses.ts'
import { reconcile } from '#api/services/reconcile.ts'
import { describeApi, testApi } from '#tests/support/test-api.ts'
import { seedDemoClaims } from './claims.ts'
import { seedDemoStaff } from './demo-staff.ts'
import { DEMO_PASSWORD, seedDemoAccounts } from './index.ts'

// The demo's claims (docs/decisions/068, 108 and 158): every status, a bank payout with the bank and one
// paid, two operators, and a ledger that reconciles; each claim's steps, files and money in time.

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
		// The staff plan whose members' claims are seeded with the business's (as the whole demo seeds it).
		await seedDemoStaff(ctx.db, 'business@example.com')
		await seedDemoClaims(ctx.db, ctx.deps.storage)
		// Seeding again changes nothing: the claims exist.
		await seedDemoClaims(ctx.db, ctx.deps.storage)
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

	test('the demo individual has a claim paid into their wallet and one with the desk, on their gadget cover (decision 163)', async () => {
		const token = await signIn('/auth/sign-in', 'individual@example.com')
		const list = (await ctx.call('GET', '/claims', { token })).body.data as Array<{
			id: string
			status: string
			claimant_name: string
			policy: { product_name: string }
		}>
		expect(list.map((c) => c.status).sort()).toEqual(['documented', 'paid'])
		expect(new Set(list.map((c) => `${c.claimant_name}, ${c.policy.product_name}`))).toEqual(new Set(['Tunde Bakare, Gadget Cover']))
		const paid = (await ctx.call('GET', `/claims/${list.find((c) => c.status === 'paid')!.id}`, { token })).body.data
		expect(paid.payout).toMatchObject({ method: 'wallet' })
		// ₦38,000 assessed, less ₦3,800 excess and ₦6,000 betterment, is in the wallet's history.
		const moves = (await ctx.call('GET', '/transactions?page_size=50', { token })).body.data.items as Array<{ amount: number }>
		expect(moves.map((m) => m.amount)).toContain(28_200)
		// The desk sees the one waiting for review.
		const desk = await signIn('/desk/sign-in', 'operator@example.com')
		const queue = (await ctx.call('GET', '/desk/claims?status=documented', { token: desk })).body.data as Array<{ claimant_name: string }>
		expect(queue.map((c) => c.claimant_name)).toContain('Tunde Bakare')
		expect((await reconcile(ctx.db)).problems).toEqual([])
	})

	test('each claim happened in time: its steps in order after the incident, its files as its status says, its money when its timeline says', async () => {
		const token = await signIn('/auth/sign-in', 'business@example.com')
		const list = (await ctx.call('GET', '/claims', { token })).body.data as Array<{ id: string }>
		const now = Date.now()
		const dated = async (reference: string) =>
			(
				await ctx.db
					.select({ kind: ledgerTransfers.kind, at: ledgerTransfers.createdAt })
					.from(ledgerTransfers)
					.where(eq(ledgerTransfers.reference, reference))
			)
				.map((r) => [r.kind, r.at.toISOString()])
				.sort()
		const logged = (await ctx.call('GET', '/activities?type=claims.created&page_size=50', { token })).body.data.items as Array<{
			description: string
			created_at: string
		}>
		expect(logged).toHaveLength(list.length)
		for (const { id } of list) {
			const claim = (await ctx.call('GET', `/claims/${id}`, { token })).body.data
			// Its start is in the activity log, at the moment its timeline starts.
			expect(logged.find((a) => a.description.startsWith(`Adaeze started claim ${claim.claim_number} `))?.created_at).toBe(claim.created_at)
			const times = claim.events.map((e: { created_at: string }) => Date.parse(e.created_at))
			// Strictly forward, so the timeline's order is the order things happened in.
			for (let i = 1; i < times.length; i++) expect(times[i], `${claim.claim_number}, step ${i}`).toBeGreaterThan(times[i - 1])
			expect(lagosDate(new Date(times[0])) > claim.incident_date, claim.claim_number).toBe(true)
			expect(times.at(-1)).toBeLessThan(now)
			// In Lagos working hours (UTC+1), as a customer and a desk work.
			for (const t of times)
				expect(new Date(t + 3_600_000).getUTCHours(), `${claim.claim_number} at ${new Date(t).toISOString()}`).toBeGreaterThanOrEqual(9)
			for (const t of times) expect(new Date(t + 3_600_000).getUTCHours()).toBeLessThan(18)
			expect(Date.parse(claim.created_at)).toBe(times[0])
			const reached = claim.events.map((e: { to_status: string }) => e.to_status)
			if (reached.includes('documented')) {
				// At the desk: everything the checklist asks for is in.
				expect(claim.missing, claim.claim_number).toEqual([])
				expect(claim.checklist.every((c: { file: unknown }) => c.file !== null)).toBe(true)
			} else expect(claim.checklist.every((c: { file: unknown }) => c.file === null)).toBe(true)
			expect(claim.photos.length > 0, claim.claim_number).toBe(claim.needs.inspection && claim.status !== 'pending')
			const at = (status: string) => claim.events.find((e: { action: string }) => e.action === status)?.created_at
			if (claim.payout.method === 'wallet' && ['paid', 'settled'].includes(claim.status)) {
				expect(await dated(claim.claim_number)).toEqual(
					[
						['claim_payout', at('paid')],
						['claim_reserve', at('offer_accepted')],
					].sort(),
				)
			}
		}
	})

	test("the policies the claims are on answer as the contract says, priced by their quote's lines", async () => {
		const token = await signIn('/auth/sign-in', 'business@example.com')
		const list = (await ctx.call('GET', '/claims', { token })).body.data as Array<{ policy: { id: string } }>
		const ids = [...new Set(list.map((c) => c.policy.id))]
		// The gadget, the car, and the staff plan its members claimed on.
		expect(ids).toHaveLength(3)
		for (const id of ids) {
			const policy = PolicyDetail.parse((await ctx.call('GET', `/policies/${id}`, { token })).body.data)
			expect(policy.quote?.lines.length).toBeGreaterThan(0)
			// A plan is billed monthly for its members (decision 095): nothing was paid as its premium.
			if (policy.kind === 'plan') expect(policy.premium).toBe(0)
			else expect(policy.quote?.total).toBe(policy.premium)
		}
	})

	test('both demo operators sign in to the desk and see its queue', async () => {
		for (const email of ['operator@example.com', 'payouts@example.com']) {
			const token = await signIn('/desk/sign-in', email)
			expect((await ctx.call('GET', '/desk/claims', { token })).body.data.length).toBeGreaterThan(10)
		}
	})
})
