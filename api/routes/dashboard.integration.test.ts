import { eq, sql } from 'drizzle-orm'
import { beforeAll, expect, test } from 'vitest'
import { OPEN_CLAIMS_COUNT_CAP } from '#api/contract/dashboard.ts'
import { claims, employees, policies, purchases, staff } from '#api/db/schema.ts'
import { lastTwelveMonths } from '#api/domain/dashboard.ts'
import { addDays, lagosDate } from '#api/domain/policies.ts'
import { firstOfMonth, firstOfNextMonth } from '#api/domain/staff-lifecycle.ts'
import { insertPolicy } from '#tests/support/claims.ts'
import { describeApi, testApi } from '#tests/support/test-api.ts'
import { fund, newKey } from '#tests/support/wallet.ts'

type Ctx = Awaited<ReturnType<typeof testApi>>
type Account = Awaited<ReturnType<Ctx['createAccount']>>

describeApi('GET /dashboard', () => {
	let ctx: Ctx
	let owner: Account
	let motorId: string
	let planId: string
	const THIRD_PARTY_PRICE = 15_000

	const dashboard = async (account: { token: string }) => {
		const res = await ctx.call('GET', '/dashboard', { token: account.token })
		expect(res.status).toBe(200)
		return res.body.data
	}

	beforeAll(async () => {
		ctx = await testApi()
		owner = await ctx.createAccount({ kyc: true })
		await fund(ctx, owner, 100_000)
		const motor = await ctx.call('POST', '/purchases', {
			token: owner.token,
			body: { product_id: 1, vehicle_class: 'private_car', payment_option: 'wallet', idempotency_key: newKey('buy') },
		})
		expect(motor.status).toBe(201)
		motorId = motor.body.data.policy.id
		const older = await ctx.call('POST', '/purchases', {
			token: owner.token,
			body: { product_id: 1, vehicle_class: 'private_car', payment_option: 'wallet', idempotency_key: newKey('buy') },
		})
		// Bought three months ago, on that month's 15th in Lagos: its spend belongs to that month. (Three
		// months taken from the time itself can land in another Lagos month: on 28 February at 23:30 UTC,
		// 1 March in Lagos, it gives 28 November.)
		const threeMonthsAgo = lastTwelveMonths(lagosDate(new Date()))[8]
		await ctx.db
			.update(purchases)
			.set({ createdAt: new Date(`${threeMonthsAgo}-15T12:00:00+01:00`) })
			.where(eq(purchases.id, older.body.data.purchase.id))
		const plan = await ctx.call('POST', '/purchases', {
			token: owner.token,
			body: { product_id: 31, plan_type: 'standard', members: 3, period: 'quarterly', idempotency_key: newKey('buy') },
		})
		expect(plan.status).toBe(201)
		planId = plan.body.data.policy.id
		// Its staff, from the register (docs/decisions/121): two covered, one who left yesterday, one who
		// joins next month, each on the plan; one more in the register on no plan.
		const today = lagosDate(new Date())
		const people = [
			{ name: 'Ada', enrolledOn: '2026-01-01', leavesOn: null, onPlan: true },
			{ name: 'Bayo', enrolledOn: '2026-01-01', leavesOn: addDays(today, 20), onPlan: true },
			{ name: 'Chidi', enrolledOn: '2026-01-01', leavesOn: addDays(today, -1), onPlan: true },
			{ name: 'Dayo', enrolledOn: addDays(today, 40), leavesOn: null, onPlan: true },
			{ name: 'Efe', enrolledOn: '2026-01-01', leavesOn: null, onPlan: false },
		]
		for (const person of people) {
			const email = `${person.name.toLowerCase()}@example.test`
			const [employee] = await ctx.db
				.insert(employees)
				.values({
					customerId: owner.customerId,
					firstName: person.name,
					lastName: 'Obi',
					email,
					phone: '08031234567',
					gender: 'female',
					enrolledOn: person.enrolledOn,
					leavesOn: person.leavesOn,
					leaveKind: person.leavesOn ? 'removed' : null,
				})
				.returning()
			if (!person.onPlan) continue
			await ctx.db.insert(staff).values({
				customerId: owner.customerId,
				policyId: planId,
				employeeId: employee!.id,
				firstName: person.name,
				lastName: 'Obi',
				email,
				phone: '08031234567',
				gender: 'female',
				status: 'active',
			})
		}
		// The first motor policy ends within the renewal window.
		const soon = new Date(Date.parse(`${today}T00:00:00Z`) + 10 * 86_400_000).toISOString().slice(0, 10)
		await ctx.db.update(policies).set({ status: 'active', coverEnd: soon }).where(eq(policies.id, motorId))
	})

	test('needs a valid bearer token', async () => {
		expect(await ctx.call('GET', '/dashboard')).toMatchObject({ status: 401, body: { message: 'Missing authorization' } })
		expect(await ctx.call('GET', '/dashboard', { token: 'garbage' })).toMatchObject({ status: 401, body: { message: 'Invalid token' } })
	})

	test("answers a business owner's whole home in one call", async () => {
		const home = await dashboard(owner)
		const today = lagosDate(new Date())
		expect(home.kind).toBe('business')
		expect(home.today).toBe(today)
		expect(home.wallet).toEqual({ balance: 100_000 - 2 * THIRD_PARTY_PRICE })
		expect(home.cover).toMatchObject({ active: 1, pending: 2, by_line: [{ category: 'auto', active: 1 }] })
		expect(home.cover.policies.map((p: { id: string }) => p.id)).toContain(motorId)
		// The register's people on the live plan: Ada and Bayo (leaving later) covered, Dayo joining; not
		// Chidi, who left yesterday, nor Efe, on no plan.
		expect(home.staff).toEqual({ covered: 2, pending: 1, plans: 1 })
		const months = lastTwelveMonths(today)
		expect(home.spend.months.map((m: { month: string }) => m.month)).toEqual(months)
		expect(home.spend.this_month).toBe(THIRD_PARTY_PRICE)
		expect(home.spend.months[8]).toEqual({ month: months[8], amount: THIRD_PARTY_PRICE })
		expect(home.spend.total).toBe(2 * THIRD_PARTY_PRICE)
		// The staff plan waits for activation: the billing run bills active plans only (decision 161).
		expect(home.next_bill).toEqual({ bill: null })
		expect(home.renewals).toMatchObject({ window_days: 30, due: 1, items: [{ id: motorId, product_name: 'Third Party Motor' }] })
		expect(home.claims).toEqual({ open: 0 })
		expect(home.todos.map((t: { id: string }) => t.id)).toContain(`activate-${planId}`)
		// The activity log's newest entries, as the log itself lists them (decision 128).
		const log = await ctx.call('GET', '/activities?page_size=5', { token: owner.token })
		expect(log.status).toBe(200)
		expect(home.activities.length).toBeGreaterThan(0)
		expect(home.activities).toEqual(log.body.data.items)
	})

	test('lists the five newest activities, newest first, with who did each', async () => {
		const busy = await ctx.createAccount({ kyc: true })
		for (let n = 0; n < 7; n++) {
			const res = await ctx.call('PATCH', `/business/${busy.customerId}`, { token: busy.token, body: { address: `${n} Marina, Lagos` } })
			expect(res.status).toBe(200)
		}
		const home = await dashboard(busy)
		const log = await ctx.call('GET', '/activities?page_size=5', { token: busy.token })
		expect(home.activities).toHaveLength(5)
		expect(home.activities).toEqual(log.body.data.items)
		const times = home.activities.map((a: { created_at: string }) => Date.parse(a.created_at))
		expect([...times].sort((a, b) => b - a)).toEqual(times)
		expect(home.activities[0].actor).toMatchObject({ id: expect.any(String), name: expect.stringContaining(' ') })
		expect(home.activities[0].created_at).toMatch(/Z$/)
	})

	test('counts the claims still under way, not those declined, paid or settled', async () => {
		const claim = (n: number, status: 'pending' | 'offer_sent' | 'declined' | 'settled') => ({
			customerId: owner.customerId,
			policyId: motorId,
			claimNumber: `CLM-DASH-${n}-${Date.now()}`,
			status,
			incidentType: 'accidental_damage',
			incidentDate: lagosDate(new Date()),
			place: 'Ikeja',
			description: 'Rear bumper',
			amount: 50_000,
			claimantName: 'Ada Obi',
		})
		await ctx.db.insert(claims).values([claim(1, 'pending'), claim(2, 'offer_sent'), claim(3, 'declined'), claim(4, 'settled')])
		expect((await dashboard(owner)).claims).toEqual({ open: 2 })
		// The count stops one past its cap (decision 126): home shows "1,000+" and never reads every claim.
		await ctx.db.execute(sql`
			insert into claims (customer_id, policy_id, claim_number, status, incident_type, incident_date, place, description, amount, claimant_name)
			select ${owner.customerId}, ${motorId}, 'CLM-DASH-MANY-' || g, 'pending', 'accidental_damage', current_date, 'Ikeja', 'Rear bumper', 50000, 'Ada Obi'
			from generate_series(1, ${OPEN_CLAIMS_COUNT_CAP}) as g`)
		expect((await dashboard(owner)).claims).toEqual({ open: OPEN_CLAIMS_COUNT_CAP + 1 })
		await ctx.db.delete(claims).where(eq(claims.policyId, motorId))
	})

	test('a finance member sees the money and not the cover', async () => {
		const finance = await ctx.createMember(owner, 'Finance')
		const home = await dashboard(finance)
		expect(home.wallet).toEqual({ balance: 100_000 - 2 * THIRD_PARTY_PRICE })
		expect(home.spend.this_month).toBe(THIRD_PARTY_PRICE)
		expect(home.next_bill).toEqual({ bill: null })
		expect(home).toMatchObject({ cover: null, staff: null, renewals: null, claims: null })
	})

	test('a role without wallet.view gets no balance, nor any part its role lacks', async () => {
		const role = await ctx.call('POST', '/roles', {
			token: owner.token,
			body: { name: `Cover desk ${newKey()}`.slice(0, 40), permissions: ['plans.view'] },
		})
		expect(role.status).toBe(201)
		const member = await ctx.createMember(owner, role.body.data.id)
		const home = await dashboard(member)
		expect(home).toMatchObject({ wallet: null, spend: null, next_bill: null, staff: null, activities: null })
		expect(home.cover.active).toBe(1)
		expect(home.renewals.due).toBe(1)
	})

	test("an individual's home has their cover and renewals, and no staff, spend or bill", async () => {
		const individual = await ctx.createAccount({ kind: 'individual', kyc: true })
		const home = await dashboard(individual)
		expect(home).toMatchObject({
			kind: 'individual',
			wallet: { balance: 0 },
			cover: { active: 0, pending: 0, by_line: [], policies: [] },
			staff: null,
			spend: null,
			next_bill: null,
			renewals: { due: 0, items: [] },
		})
	})

	test('reads a page, not every policy: counts in SQL, five listed, five due of all those due, five waiting todos', async () => {
		const busy = await ctx.createAccount({ kyc: true })
		const today = lagosDate(new Date())
		const due = []
		for (let n = 7; n >= 1; n--) due.push(await insertPolicy(ctx, busy.customerId, { productId: 1, coverEnd: addDays(today, n) }))
		for (let n = 0; n < 6; n++) await insertPolicy(ctx, busy.customerId, { status: 'pending', coverEnd: addDays(today, 200) })
		await insertPolicy(ctx, busy.customerId, { coverEnd: addDays(today, -1) })
		const home = await dashboard(busy)
		expect(home.cover).toMatchObject({
			active: 7,
			pending: 6,
			by_line: [{ category: 'auto', active: 7 }],
		})
		expect(home.cover.policies).toHaveLength(5)
		expect(home.cover.policies.every((p: { status: string }) => p.status === 'pending')).toBe(true)
		expect(home.renewals.due).toBe(7)
		expect(home.renewals.items.map((p: { id: string }) => p.id)).toEqual(
			due
				.reverse()
				.slice(0, 5)
				.map((p) => p.id),
		)
		expect(home.todos.filter((t: { id: string }) => t.id.startsWith('activate-'))).toHaveLength(5)
	})

	test('the next bill is the month the billing run bills next, on home and on the plan (decision 161)', async () => {
		const today = lagosDate(new Date())
		const thisMonth = firstOfMonth(today)
		const [before] = await ctx.db.select().from(policies).where(eq(policies.id, planId))
		// Waiting for activation, it bills nothing yet.
		const waiting = (await ctx.call('GET', `/policies/${planId}`, { token: owner.token })).body.data
		expect(waiting).toMatchObject({ next_bill: null, next_billing_date: null })
		// Active since this month's 1st: this month is billed, on the next 1st, due a week later.
		await ctx.db
			.update(policies)
			.set({ status: 'active', coverStart: thisMonth, activatedAt: new Date(`${thisMonth}T09:00:00+01:00`) })
			.where(eq(policies.id, planId))
		try {
			const bill = { month: thisMonth, issued_on: firstOfNextMonth(today), due_on: addDays(firstOfNextMonth(today), 7), plans: 1 }
			expect((await dashboard(owner)).next_bill).toEqual({ bill })
			// On the plan: Ada and Bayo (leaving later this month or after) are billed for the month; Chidi, who
			// left yesterday, too unless that was last month; Dayo joins later. At FlexiCare's ₦3,500.
			const people = today === thisMonth ? 2 : 3
			const plan = await ctx.call('GET', `/policies/${planId}`, { token: owner.token })
			expect(plan.body.data.next_bill).toEqual({
				month: thisMonth,
				issued_on: bill.issued_on,
				due_on: bill.due_on,
				amount: 3_500 * people,
				people,
			})
			// The contract's next_billing_date is that bill's day, in the plan and in the list, not the day after its period.
			expect(plan.body.data.next_billing_date).toBe(bill.issued_on)
			const listed = await ctx.call('GET', '/policies?kind=plan', { token: owner.token })
			expect(listed.body.data.items.find((p: { id: string }) => p.id === planId).next_billing_date).toBe(bill.issued_on)
			// Activated today instead: a month it starts part-way through is not billed, unless today is a 1st.
			await ctx.db.update(policies).set({ coverStart: today, activatedAt: new Date() }).where(eq(policies.id, planId))
			const first = today === thisMonth ? thisMonth : firstOfNextMonth(today)
			expect((await dashboard(owner)).next_bill.bill).toMatchObject({ month: first, issued_on: firstOfNextMonth(first), plans: 1 })
		} finally {
			await ctx.db
				.update(policies)
				.set({ status: before!.status, coverStart: before!.coverStart, activatedAt: before!.activatedAt })
				.where(eq(policies.id, planId))
		}
	})

	test("another business's figures stay its own", async () => {
		const other = await ctx.createAccount({ kyc: true })
		const home = await dashboard(other)
		expect(home.wallet.balance).toBe(0)
		expect(home.spend.total).toBe(0)
		expect(home.staff).toEqual({ covered: 0, pending: 0, plans: 0 })
		expect(home.next_bill.bill).toBeNull()
	})

	test("each request runs home's statement, built once, with its own day (decision 131)", async () => {
		const before = await dashboard(owner)
		expect(before.renewals.items.map((p: { id: string }) => p.id)).toContain(motorId)
		ctx.advanceClock(20 * 86_400_000)
		try {
			// A token lives a day: sign in again, twenty days on.
			const signIn = await ctx.call('POST', '/auth/sign-in', { body: { email: owner.email, password: owner.password, platform: 'web' } })
			expect(signIn.status).toBe(200)
			const later = await dashboard({ token: signIn.body.data.access_token })
			expect(later.today).toBe(addDays(before.today, 20))
			// The motor policy's cover ended ten days before: no longer live, so no longer due for renewal.
			expect(later.renewals.items.map((p: { id: string }) => p.id)).not.toContain(motorId)
			expect(later.spend.months.map((m: { month: string }) => m.month)).toEqual(lastTwelveMonths(later.today))
		} finally {
			ctx.advanceClock(-20 * 86_400_000)
		}
		expect((await dashboard(owner)).renewals.items.map((p: { id: string }) => p.id)).toContain(motorId)
	})
})
