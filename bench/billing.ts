// `npm run bench -- --only=billing` (or `npx tsx bench/billing.ts`): the monthly billing run at scale on
// PostgreSQL (issue 19 point 3). 1,000 businesses, each with a staff plan of 100 members, on a new database
// seeded with generate_series. The plans began 11 months ago and their members joined last month, so each
// plan has one month to invoice and ten that cover nobody. One run is timed (budget 60 s), then a second,
// which finds every plan settled (docs/decisions/123-billing-at-scale.md).
// Env: BENCH_DATABASE_URL (as bench/scale.ts), BENCH_BILLING_FACTOR (1 = 1,000 businesses; 0.1 for a quick look).
import { performance } from 'node:perf_hooks'
import { sql } from 'drizzle-orm'
import { openDatabase } from '../api/db/client.ts'
import { seedReferenceData } from '../api/db/seed/index.ts'
import type { Deps } from '../api/deps.ts'
import { addMonths, lagosDate } from '../api/domain/policies.ts'
import { HEALTH_MONTHLY_RATES } from '../api/domain/pricing/health.ts'
import { createMailer } from '../api/mail.ts'
import { runBilling } from '../api/services/billing.ts'
import { adminQuery, benchDatabaseUrl } from './scale.ts'

export const BILLING_BUDGET_MS = 60_000
const MEMBERS = 100

export async function runBillingBench() {
	const businesses = Math.round(1_000 * Number(process.env.BENCH_BILLING_FACTOR ?? 1))
	const name = `portal_bench_billing_${process.pid}`
	await adminQuery(`drop database if exists ${name} with (force)`)
	await adminQuery(`create database ${name}`)
	const database = await openDatabase({ url: benchDatabaseUrl(name) })
	try {
		const { db } = database
		await seedReferenceData(db)
		const today = lagosDate(new Date())
		const thisMonth = `${today.slice(0, 7)}-01`
		const coverStart = addMonths(thisMonth, -11)
		const joined = addMonths(thisMonth, -1)
		let start = performance.now()
		const run = (q: ReturnType<typeof sql>) => db.execute(q)
		await run(sql`
			insert into customers (kind, name, sector, business_type, state, lga, address, phone, meta)
			select 'business', 'Billing ' || lpad(g::text, 5, '0'), 'Bench billing', 'none', 'Lagos', 'Ikeja', '1 Bench Road', '08030000000',
				'{"cac_verified":true}'
			from generate_series(1, ${businesses}) as g`)
		await run(sql`
			insert into users (customer_id, role_id, first_name, last_name, email, phone, password_hash, email_verified_at)
			select c.id, (select id from roles where name = 'Owner' and customer_id is null), 'Bench', c.name,
				'owner' || substr(c.name, 9) || '@billing.bench', '08030000000', 'not-a-hash', now()
			from customers c where c.sector = 'Bench billing'`)
		await run(sql`
			insert into purchases (customer_id, user_id, idempotency_key, product_id, input, quote, amount, payment_option, status)
			select u.customer_id, u.id, 'bench_plan_' || u.customer_id, 32,
				'{"product_id":32,"plan_type":"standard","members":100,"period":"annual"}', '{}', 0, 'subscription', 'subscribed'
			from users u join customers c on c.id = u.customer_id where c.sector = 'Bench billing'`)
		await run(sql`
			insert into policies (customer_id, purchase_id, kind, product_id, policy_number, status, custodian_user_id, premium, period,
				cover_start, cover_end, slots, monthly_rate, activated_at)
			select p.customer_id, p.id, 'plan', 32, 'BENCH-PLAN-' || p.customer_id, 'active', p.user_id, 0, 'annual',
				${coverStart}::date, ${coverStart}::date + interval '1 year' - interval '1 day', ${MEMBERS}, ${HEALTH_MONTHLY_RATES[32]},
				${coverStart}::date + interval '10 hours'
			from purchases p where p.idempotency_key like 'bench_plan_%'`)
		await run(sql`
			insert into employees (customer_id, first_name, last_name, email, phone, gender, enrolled_on)
			select c.id, 'Staff' || g, (array['Okafor','Adeyemi','Eze','Bello','Nwosu'])[1 + g % 5], 'staff' || g || '@' || substr(c.name, 9) || '.ng',
				'080' || lpad(g::text, 8, '0'), case when g % 2 = 0 then 'female' else 'male' end, ${joined}::date
			from customers c cross join generate_series(1, ${MEMBERS}) as g where c.sector = 'Bench billing'`)
		await run(sql`
			insert into staff (customer_id, policy_id, employee_id, first_name, last_name, email, phone, gender, status)
			select e.customer_id, p.id, e.id, e.first_name, e.last_name, e.email, e.phone, e.gender, 'active'
			from employees e join policies p on p.customer_id = e.customer_id and p.kind = 'plan'`)
		for (const table of ['customers', 'users', 'purchases', 'policies', 'employees', 'staff']) await db.execute(sql.raw(`analyze ${table}`))
		const seedS = Math.round((performance.now() - start) / 100) / 10
		console.log(`bench: billing seeded ${businesses} businesses of ${MEMBERS} members in ${seedS} s`)
		const deps = {
			db,
			mailer: await createMailer({ db, from: 'bench@localhost' }),
			env: {
				publicUrl: 'http://portal.bench',
				demo: false,
				outboxPublic: false,
				trustProxy: false,
				walletFundMax: 0,
				withdrawalApprovalThreshold: 0,
			},
			now: () => new Date(),
		} as unknown as Deps
		start = performance.now()
		const first = await runBilling(deps)
		const firstMs = Math.round(performance.now() - start)
		console.log(`bench: billing run issued ${first.issued} invoices in ${firstMs} ms`)
		start = performance.now()
		const second = await runBilling(deps)
		const secondMs = Math.round(performance.now() - start)
		console.log(`bench: a second run issued ${second.issued} in ${secondMs} ms`)
		const [lines] = ((await db.execute(sql`select count(*)::int as n from invoice_lines`)) as unknown as { rows: Array<{ n: number }> })
			.rows
		return {
			database: 'postgresql',
			businesses,
			membersEach: MEMBERS,
			monthsToInvoice: 1,
			monthsCoveringNobody: 10,
			seedS,
			run: { ms: firstMs, budgetMs: BILLING_BUDGET_MS, issued: first.issued, paid: first.paid, lines: lines!.n },
			secondRun: { ms: secondMs, issued: second.issued },
			pass: firstMs <= BILLING_BUDGET_MS && first.issued === businesses && second.issued === 0,
		}
	} finally {
		await database.close()
		await adminQuery(`drop database if exists ${name} with (force)`).catch(() => {})
	}
}

if (import.meta.url === `file://${process.argv[1]}`) {
	const result = await runBillingBench()
	console.log(JSON.stringify(result, null, '\t'))
}
