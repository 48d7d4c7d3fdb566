import { sql } from 'drizzle-orm'
import { beforeAll, expect, test } from 'vitest'
import { addMonths, lagosDate } from '#api/domain/policies.ts'
import { describeApi, testApi } from '#tests/support/test-api.ts'
import { seedDemoInvoices } from './demo-invoices.ts'
import { seedDemoPlans } from './demo-plans.ts'
import { seedDemoStaff } from './demo-staff.ts'
import { seedDemoAccounts } from './index.ts'
import { seedDemoInspections } from './inspections.ts'

// Nothing the demo shows is dated after it was seeded (decision 158), even when the seed runs in the
// first hour of a month: the morning's bills, the payments due two days after them and the plan
// changes "asked this morning" are all still to come then. The business's seeds run at 00:40 in Lagos
// on the 1st of next month; every record's moment (a column `…_at`) must be at or before it.

/** Columns whose moment is ahead by meaning: when a token, an invitation or a session lapses. */
const AHEAD = new Set(['expires_at'])

describeApi('the demo seeded in the first hour of a month', () => {
	type Ctx = Awaited<ReturnType<typeof testApi>>
	let ctx: Ctx
	const EMAIL = 'business@example.com'
	const firstOfNext = addMonths(`${lagosDate(new Date()).slice(0, 7)}-01`, 1)
	const seededAt = new Date(`${firstOfNext}T00:40:00+01:00`)

	const rows = async <T>(query: ReturnType<typeof sql>) => ((await ctx.db.execute(query)) as unknown as { rows: T[] }).rows

	beforeAll(async () => {
		ctx = await testApi()
		await seedDemoAccounts(ctx.db)
		await seedDemoStaff(ctx.db, EMAIL, seededAt)
		await seedDemoPlans(ctx.db, EMAIL, seededAt)
		await seedDemoInvoices(ctx.db, EMAIL, seededAt)
		await seedDemoInspections(ctx.db, ctx.deps.storage, seededAt)
	})

	test('dates no record after that moment', async () => {
		const columns = await rows<{ table: string; column: string }>(sql`
			select table_name as "table", column_name as "column" from information_schema.columns
			where table_schema = 'public' and data_type = 'timestamp with time zone' and column_name like '%\_at'
			order by 1, 2`)
		const list = columns.filter((c) => !AHEAD.has(c.column))
		expect(list.length).toBeGreaterThan(20)
		const later: string[] = []
		for (const { table, column } of list) {
			const [row] = await rows<{ n: number; latest: string }>(
				sql`select count(*)::int as n, max(${sql.identifier(column)})::text as latest from ${sql.identifier(table)} where ${sql.identifier(column)} > ${seededAt.toISOString()}::timestamptz`,
			)
			if (!row) throw new Error(`no count for ${table}.${column}`)
			if (row.n) later.push(`${table}.${column}: ${row.n}, the latest ${row.latest}`)
		}
		expect(later).toEqual([])
	})

	test('dates each car’s inspection from its purchase: photos sent and reviewed in working hours, in that order', async () => {
		const cars = await rows<{
			status: string
			bought: string
			started: string
			submitted: string | null
			reviewed: string | null
			event: string
		}>(sql`
			select i.status, p.created_at::text as bought, i.created_at::text as started, i.submitted_at::text as submitted,
				i.reviewed_at::text as reviewed, (select min(e.created_at)::text from policy_events e where e.policy_id = p.id) as event
			from inspections i join policies p on p.id = i.policy_id order by p.created_at`)
		expect(cars.map((c) => c.status).sort()).toEqual(['approved', 'open', 'rejected', 'submitted'])
		const lagosHour = (at: string) => (new Date(at).getUTCHours() + 1) % 24
		for (const car of cars) {
			// The details were sent as the car was bought; its photos started after.
			expect(car.event).toBe(car.bought)
			const moments = [car.bought, car.started, car.submitted, car.reviewed].filter((m) => m !== null).map((m) => Date.parse(m))
			expect(moments).toEqual([...moments].sort((a, b) => a - b))
			for (const at of [car.submitted, car.reviewed]) if (at) expect(lagosHour(at)).toBeGreaterThanOrEqual(8)
			for (const at of [car.submitted, car.reviewed]) if (at) expect(lagosHour(at)).toBeLessThan(17)
		}
	})

	test('keeps its states: bills paid, one overdue and two open; the two plan changes asked in that first hour', async () => {
		const invoices = await rows<{ status: string; n: number }>(sql`select status, count(*)::int as n from invoices group by status`)
		const by = Object.fromEntries(invoices.map((r) => [r.status, r.n]))
		expect(by).toMatchObject({ overdue: 1, open: 2 })
		expect(by.paid).toBeGreaterThanOrEqual(10)
		const [asked] = await rows<{ n: number }>(
			sql`select count(*)::int as n from policy_events where created_at >= ${`${firstOfNext}T00:00:00+01:00`}::timestamptz`,
		)
		expect(asked?.n).toBe(2)
	})
})
