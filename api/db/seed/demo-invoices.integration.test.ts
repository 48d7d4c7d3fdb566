import { eq, sql } from 'drizzle-orm'
import { beforeAll, expect, test } from 'vitest'
import { collectInvoices, runBilling } from '#api/services/billing.ts'
import { reconcile } from '#api/services/reconcile.ts'
import { describeApi, testApi } from '#tests/support/test-api.ts'
import { invoices, users } from '../schema.ts'
import { seedDemoClaims } from './claims.ts'
import { seedDemoInvoices } from './demo-invoices.ts'
import { seedDemoPlans } from './demo-plans.ts'
import { seedDemoStaff } from './demo-staff.ts'
import { DEMO_PASSWORD, seedDemoAccounts } from './index.ts'

// The demo business's invoices: months of paid bills, one overdue with its reminder, two open; the
// jobs that run at start change none of them, and home links to them.

describeApi('the demo business’s invoices', () => {
	let ctx: Ctx
	type Ctx = Awaited<ReturnType<typeof testApi>>
	const EMAIL = 'business@example.com'

	beforeAll(async () => {
		ctx = await testApi()
		await seedDemoAccounts(ctx.db)
		await seedDemoStaff(ctx.db, EMAIL)
		await seedDemoPlans(ctx.db, EMAIL)
		await seedDemoClaims(ctx.db, ctx.deps.storage)
		await seedDemoInvoices(ctx.db, EMAIL)
		await seedDemoInvoices(ctx.db, EMAIL)
	})

	test('a year of bills: paid ones, one overdue and reminded, two open; the ledger reconciles; the jobs bill nothing more', async () => {
		const [owner] = await ctx.db.select().from(users).where(sql`lower(${users.email}) = ${EMAIL}`)
		const all = await ctx.db.select().from(invoices).where(eq(invoices.customerId, owner!.customerId))
		const by = (status: string) => all.filter((i) => i.status === status)
		expect(by('paid').length).toBeGreaterThanOrEqual(10)
		expect(by('overdue')).toHaveLength(1)
		expect(by('overdue')[0]!.remindedOn).not.toBeNull()
		expect(by('overdue')[0]!.pausedOn).toBeNull()
		expect(by('open')).toHaveLength(2)
		expect(new Set(all.map((i) => i.number)).size).toBe(all.length)
		// Every purchase the seeds make is paid as a purchase is, through the ledger (decision 159).
		expect((await reconcile(ctx.db, ctx.deps.now())).problems).toEqual([])
		await runBilling(ctx.deps)
		await collectInvoices(ctx.deps)
		const after = await ctx.db.select().from(invoices).where(eq(invoices.customerId, owner!.customerId))
		expect(after.map((i) => [i.id, i.status]).sort()).toEqual(all.map((i) => [i.id, i.status]).sort())
	})

	test('home asks to pay the unpaid ones, linking to each invoice', async () => {
		const signIn = await ctx.call('POST', '/auth/sign-in', { body: { email: EMAIL, password: DEMO_PASSWORD, platform: 'web' } })
		const token = signIn.body.data.access_token
		const todos = (await ctx.call('GET', '/todos', { token })).body.data as { title: string; href: string }[]
		const pay = todos.filter((t) => t.title.startsWith('Pay invoice'))
		expect(pay).toHaveLength(3)
		expect(pay.every((t) => /^\/invoice\/[0-9a-f-]{36}$/.test(t.href))).toBe(true)
		const list = await ctx.call('GET', '/invoices?status=overdue', { token })
		expect(list.body.data.items).toHaveLength(1)
		expect(list.body.data.totals.outstanding).toBe(list.body.data.items[0].balance)
	})
})
