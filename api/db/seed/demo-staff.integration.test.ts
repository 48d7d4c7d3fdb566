import { and, eq, inArray, sql } from 'drizzle-orm'
import { beforeAll, expect, test } from 'vitest'
import { PRODUCT_IDS, type HealthProductId } from '#api/contract/product-ids.ts'
import { productById } from '#api/domain/catalogue/index.ts'
import { QuoteBody } from '#api/domain/catalogue/quotes.ts'
import { ageOn } from '#api/domain/dependants.ts'
import { HEALTH_MONTHLY_RATES } from '#api/domain/pricing/health.ts'
import { computeQuote } from '#api/domain/pricing/index.ts'
import { reconcile } from '#api/services/reconcile.ts'
import { describeApi, testApi } from '#tests/support/test-api.ts'
import { activities, dependants, employees, policies, policyEvents, purchases, staff, users } from '../schema.ts'
import { seedDemo } from './demo.ts'
import { DEMO_PASSWORD } from './index.ts'
import { DEMO_BUSINESS_DOMAIN } from './demo-people.ts'

// The demo business's people as one company has them (decision 159): every person once in its register,
// with a name, an address at its domain and a phone of their own, and every plan member among them; each
// staff plan under its own name, at the catalogue's rate, with members of the ages its product covers.

describeApi('the demo business’s people and staff plans', () => {
	let ctx: Awaited<ReturnType<typeof testApi>>
	let customerId: string

	beforeAll(async () => {
		ctx = await testApi()
		await seedDemo(ctx.db, ctx.deps.storage)
		const [owner] = await ctx.db.select({ customerId: users.customerId }).from(users).where(eq(users.email, 'business@example.com'))
		customerId = owner!.customerId!
	})

	test('each person in the register once: a name, an address at the company’s domain and a phone of their own', async () => {
		const people = await ctx.db.select().from(employees).where(eq(employees.customerId, customerId))
		expect(people.length).toBeGreaterThanOrEqual(80)
		const names = people.map((p) => `${p.firstName} ${p.lastName}`)
		expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([])
		expect(new Set(people.map((p) => p.phone)).size).toBe(people.length)
		for (const p of people) expect(p.email).toBe(`${p.firstName}.${p.lastName}@${DEMO_BUSINESS_DOMAIN}`.toLowerCase())
		// Nobody in the register carries the owner's name: she is the account, not one of the seeded staff.
		expect(names).not.toContain('Adaeze Okafor')
	})

	test('every member of a staff plan is in the register, under the name and address the register has', async () => {
		const members = await ctx.db
			.select({
				name: sql<string>`${staff.firstName} || ' ' || ${staff.lastName}`,
				email: staff.email,
				registered: sql<string | null>`${employees.firstName} || ' ' || ${employees.lastName}`,
				registeredEmail: employees.email,
			})
			.from(staff)
			.leftJoin(employees, eq(employees.id, staff.employeeId))
			.where(eq(staff.customerId, customerId))
		expect(members.length).toBeGreaterThanOrEqual(80)
		for (const m of members) expect([m.registered, m.registeredEmail], m.name).toEqual([m.name, m.email])
	})

	test('each staff plan has a name of its own, the catalogue’s rate, and members of the ages its product covers', async () => {
		const plans = await ctx.db
			.select()
			.from(policies)
			.where(and(eq(policies.customerId, customerId), eq(policies.kind, 'plan')))
		expect(plans.length).toBeGreaterThanOrEqual(4)
		const productNames = plans.map((p) => productById(p.productId as HealthProductId).name)
		expect(productNames.filter((name, i) => productNames.indexOf(name) !== i)).toEqual([])
		for (const plan of plans) {
			expect(plan.monthlyRate, plan.policyNumber).toBe(HEALTH_MONTHLY_RATES[plan.productId as HealthProductId])
			const range = productById(plan.productId as HealthProductId).member_age
			if (!range) continue
			const members = await ctx.db.select().from(staff).where(eq(staff.policyId, plan.id))
			for (const m of members) {
				const age = ageOn(m.dateOfBirth!, plan.coverStart)
				expect(age >= range.min && age <= range.max, `${m.firstName} ${m.lastName}, ${age}`).toBe(true)
			}
		}
		// The register's managers are on ZenCare Prime, not a plan for people aged 60 to 85.
		expect(plans.map((p) => p.productId)).not.toContain(PRODUCT_IDS.seniorCitizen)
	})

	test('every cover the business holds was priced by the quote, a vehicle’s with its details, a plan renewing', async () => {
		const bought = await ctx.db
			.select({
				number: policies.policyNumber,
				kind: policies.kind,
				activation: policies.activation,
				autoRenew: policies.autoRenew,
				purchase: purchases,
			})
			.from(policies)
			.innerJoin(purchases, eq(purchases.id, policies.purchaseId))
			.where(eq(policies.customerId, customerId))
		expect(bought.length).toBeGreaterThanOrEqual(20)
		for (const { number, kind, activation, autoRenew, purchase: p } of bought) {
			const quote = computeQuote(QuoteBody.parse(p.input) as Parameters<typeof computeQuote>[0])
			expect((p.quote as { total: number }).total, number).toBe(quote.total)
			expect(p.amount, number).toBe(kind === 'plan' ? 0 : quote.total)
			if (kind === 'plan') expect(autoRenew, number).toBe(true)
			const product = productById(p.productId as HealthProductId)
			if (product.category === 'auto' && p.status === 'paid') expect(activation?.registration_number, number).toBeTruthy()
		}
		// Each is in the activity log as a purchase records it, dated when it was bought.
		const logged = await ctx.db
			.select({ description: activities.description })
			.from(activities)
			.where(and(eq(activities.customerId, customerId), inArray(activities.type, ['policies.issued', 'plans.subscribed'])))
		for (const { number } of bought)
			expect(
				logged.some((a) => a.description.includes(number)),
				number,
			).toBe(true)
		// Every premium paid went through the ledger: the whole demo reconciles, purchases included.
		expect((await reconcile(ctx.db, ctx.deps.now())).problems).toEqual([])
	})

	test('dependants are families of their own: spouses with names and birthdays of their own, of the other gender', async () => {
		const rows = await ctx.db
			.select({
				firstName: dependants.firstName,
				dateOfBirth: dependants.dateOfBirth,
				gender: dependants.gender,
				staffGender: employees.gender,
			})
			.from(dependants)
			.innerJoin(employees, eq(employees.id, dependants.employeeId))
			.where(and(eq(dependants.customerId, customerId), eq(dependants.relationship, 'spouse')))
		expect(rows.length).toBeGreaterThanOrEqual(5)
		const keys = rows.map((r) => `${r.firstName} ${r.dateOfBirth}`)
		expect(new Set(keys).size).toBe(keys.length)
		for (const r of rows) expect(r.gender, r.firstName).not.toBe(r.staffGender)
	})

	test('each staff plan’s activity list starts with its activation, for the staff on it from its first day', async () => {
		const plans = await ctx.db
			.select()
			.from(policies)
			.where(and(eq(policies.customerId, customerId), eq(policies.kind, 'plan')))
		expect(plans.length).toBeGreaterThanOrEqual(5)
		for (const plan of plans) {
			const [first] = await ctx.db
				.select()
				.from(policyEvents)
				.where(eq(policyEvents.policyId, plan.id))
				.orderBy(policyEvents.createdAt)
				.limit(1)
			const [{ n }] = (await ctx.db
				.select({ n: sql<number>`count(*)::int` })
				.from(staff)
				.leftJoin(employees, eq(employees.id, staff.employeeId))
				.where(and(eq(staff.policyId, plan.id), sql`coalesce(${employees.enrolledOn} <= ${plan.coverStart}, true)`))) as [{ n: number }]
			expect(n, plan.policyNumber).toBeGreaterThan(0)
			// Worded as activating a plan by its sheet words it (services/batch.ts).
			expect(first, plan.policyNumber).toMatchObject({
				kind: 'activated',
				effectiveOn: plan.coverStart,
				description: `Activated for ${n} staff`,
			})
			expect(first!.createdAt.getTime(), plan.policyNumber).toBeGreaterThanOrEqual(plan.createdAt.getTime())
		}
	})

	test('the managers’ plan’s activity list has the register’s leavers and joiners by name, each asked before it holds', async () => {
		const signedIn = await ctx.call('POST', '/auth/sign-in', { body: { email: 'business@example.com', password: DEMO_PASSWORD } })
		const token = signedIn.body.data.access_token
		const plans = (await ctx.call('GET', '/policies?kind=plan&page_size=100', { token })).body.data.items
		const prime = plans.find((p: { product_id: number }) => p.product_id === PRODUCT_IDS.zencarePrime)
		const list = await ctx.call('GET', `/policies/${prime.id}/activities`, { token })
		expect(list.status).toBe(200)
		type Line = { kind: string; description: string; effective_on: string; upcoming: boolean; actor: string | null; created_at: string }
		const items = list.body.data.items as Line[]
		// Its activation, nine people leaving the register (four last month, five this) and the two joining in place of two of them.
		expect(list.body.data.total).toBe(12)
		expect(items.filter((a) => ['removed', 'deactivated', 'replaced'].includes(a.kind))).toHaveLength(9)
		const joiners = items.filter((a) => a.kind === 'enrolled')
		expect(joiners).toHaveLength(2)
		for (const j of joiners) {
			expect(j.description).toMatch(new RegExp(`^[A-Z][a-z]+ [A-Z][a-z]+: Enrolled on ZenCare Prime staff plan ${prime.policy_number}$`))
			expect(j.upcoming).toBe(true)
		}
		// In the register's own words (services/staff-leaving.ts), naming who asked as the product does.
		for (const a of items.filter((l) => ['removed', 'deactivated', 'replaced'].includes(l.kind))) {
			const by = a.actor!.split(' ')[0]
			expect(a.description).toMatch(
				new RegExp(
					`^[A-Z][a-z]+ [A-Z][a-z]+: (Removed from the staff list by ${by}|Deactivated by ${by}|Replaced by [A-Z][a-z]+ [A-Z][a-z]+ \\(${by}\\)): covered to \\d{1,2} [A-Z][a-z]{2} \\d{4}$`,
				),
			)
		}
		// Each joiner's own history says whose place they take, as a replacement writes it.
		for (const j of joiners) {
			const name = j.description.split(':')[0]!
			const found = (await ctx.call('GET', `/employees?q=${encodeURIComponent(name)}`, { token })).body.data.items as Array<{ id: string }>
			expect(found).toHaveLength(1)
			const person = (await ctx.call('GET', `/employees/${found[0]!.id}`, { token })).body.data
			expect(person.history.map((h: { description: string }) => h.description)).toContainEqual(
				expect.stringMatching(new RegExp(`^Joins in place of [A-Z][a-z]+ [A-Z][a-z]+ \\(${j.actor!.split(' ')[0]}\\)$`)),
			)
		}
		const registerLines = items.filter((a) => a.kind !== 'activated')
		for (const a of registerLines) {
			expect(a.description).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+: /)
			expect(a.actor).not.toBeNull()
			// Asked before the day it holds, and never after the seed.
			expect(a.created_at.slice(0, 10) < a.effective_on, a.description).toBe(true)
			expect(Date.parse(a.created_at)).toBeLessThanOrEqual(Date.now())
		}
		expect(items.map((a) => a.created_at)).toEqual(
			items
				.map((a) => a.created_at)
				.sort()
				.reverse(),
		)
		expect(items.at(-1)).toMatchObject({ kind: 'activated' })
	})

	test('ZenCare Plus grew into its 40 places: twenty hired one by one since, each on its activity list, a second page of it', async () => {
		const signedIn = await ctx.call('POST', '/auth/sign-in', { body: { email: 'business@example.com', password: DEMO_PASSWORD } })
		const token = signedIn.body.data.access_token
		const plans = (await ctx.call('GET', '/policies?kind=plan&page_size=100', { token })).body.data.items
		const plus = plans.find((p: { product_id: number }) => p.product_id === PRODUCT_IDS.zencarePlus)
		const first = (await ctx.call('GET', `/policies/${plus.id}/activities`, { token })).body.data
		expect(first.total).toBe(21)
		expect(first.items).toHaveLength(20)
		const days = new Set<string>()
		for (const line of first.items as Array<{
			kind: string
			description: string
			effective_on: string
			upcoming: boolean
			created_at: string
		}>) {
			expect(line.kind).toBe('enrolled')
			expect(line.description).toMatch(new RegExp(`^[A-Z][a-z]+ [A-Z][a-z]+: Enrolled on ZenCare Plus staff plan ${plus.policy_number}$`))
			expect(line.upcoming).toBe(false)
			expect(line.effective_on > plus.cover_start).toBe(true)
			expect(line.created_at.slice(0, 10)).toBe(line.effective_on)
			days.add(line.effective_on)
		}
		expect(days.size).toBeGreaterThan(10)
		const second = (await ctx.call('GET', `/policies/${plus.id}/activities?page=2`, { token })).body.data
		expect(second.items.map((a: { description: string }) => a.description)).toEqual(['Activated for 20 staff'])
		// Each is a member today, and the register has them joining the day they were added.
		const members = (await ctx.call('GET', `/policies/${plus.id}/members?page_size=100`, { token })).body.data
		expect(members.on_plan).toBe(40)
		expect(members.members.every((m: { state: string }) => m.state === 'active')).toBe(true)
	})

	test('members of the staff plan have claimed on it: its usage and its claims show them', async () => {
		const [plan] = await ctx.db
			.select()
			.from(policies)
			.where(and(eq(policies.customerId, customerId), eq(policies.productId, PRODUCT_IDS.zencarePlus), eq(policies.kind, 'plan')))
		const signedIn = await ctx.call('POST', '/auth/sign-in', { body: { email: 'business@example.com', password: DEMO_PASSWORD } })
		const token = signedIn.body.data.access_token as string
		const usage = (await ctx.call('GET', `/policies/${plan!.id}/usage`, { token })).body.data
		// The paid and the approved claims count against the limits; the one with the desk does not yet.
		expect(usage).toMatchObject({ claimants: 2, members_without_claims: 38, total_used: 100_000 })
		expect(usage.by_member.map((m: { used: number }) => m.used)).toEqual([85_000, 15_000])
		const claims = (await ctx.call('GET', `/claims?policy_id=${plan!.id}`, { token })).body.data as Array<{
			status: string
			claimant_name: string
		}>
		expect(claims.map((c) => c.status).sort()).toEqual(['approved', 'documented', 'paid'])
		const names = (await ctx.call('GET', `/policies/${plan!.id}/members?page_size=100`, { token })).body.data.members.map(
			(m: { name: string }) => m.name,
		)
		for (const c of claims) expect(names, c.claimant_name).toContain(c.claimant_name)
	})
})
