// `npm run bench -- --only=scale` (or `npx tsx bench/scale.ts`): lists at scale on PostgreSQL (issue 19 point 2).
// A business with 100,000 staff, 1,000,000 ledger entries (500,000 wallet fundings), 10,000 policies and
// 10,000 claims, and one with 100 of each, on one new database; the portal runs against it and each list
// page is loaded under autocannon for both businesses, in alternating rounds of the same run. Each page of the large business
// must cost at most 1.3× the small one's (median latency). The large business also has 10,000 invoices, paid from
// its wallet, on 100 staff plans of 100 months each; the small one 100 on one plan (decision 123). Each business's
// staff are members of live staff plans of at most 1,000 members, 100 plans for the large one (decision 146).
// Env: BENCH_DATABASE_URL (the server, default DATABASE_URL_TEST or postgres://postgres@127.0.0.1:5432/test),
// BENCH_SCALE_DURATION (autocannon seconds per page and round, default 5), BENCH_SCALE_FACTOR (1 = the sizes above;
// 0.1 for a quick look).
import { performance } from 'node:perf_hooks'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { createCookieSessionStorage } from 'react-router'
import { openDatabase, type Db } from '../api/db/client.ts'
import { customers, roles, users } from '../api/db/schema.ts'
import { seedReferenceData } from '../api/db/seed/index.ts'
import { issueToken } from '../api/security/tokens.ts'
import { reconcile } from '../api/services/reconcile.ts'
import { type LoadResult, runLoad } from './load.ts'
import { makeTempDir, PORTAL_ARGS, PORTAL_DIR, startServer } from './serve.ts'

// The pages that used to read every policy (home, My cover) last: a round of them that does not finish
// leaves the portal busy with the requests it still holds, which would slow the pages measured after it.
export const SCALE_PAGES = ['/employees', '/transaction-history', '/invoice', '/claims', '/', '/mycover'] as const
export const SCALE_BUDGET = 1.3
export const RECONCILE_BUDGET_MS = 30_000
export const SCALE_SECRET = 'bench-scale-session-secret-0123456789abcdef'
const ROUNDS = 3
const CONNECTIONS = 4

/** Waits (up to 2 minutes) until the portal answers /login within a second again. */
async function settle(baseUrl: string) {
	const until = Date.now() + 120_000
	while (Date.now() < until) {
		const started = performance.now()
		try {
			const res = await fetch(`${baseUrl}/login`, { signal: AbortSignal.timeout(5_000) })
			await res.arrayBuffer()
			if (performance.now() - started < 1_000) return
		} catch {}
		await new Promise((r) => setTimeout(r, 2_000))
	}
}

/** The round whose median latency is the median of the rounds'. */
function medianRun(runs: LoadResult[]) {
	return [...runs].sort((a, b) => a.p50Ms - b.p50Ms)[Math.floor(runs.length / 2)]!
}

type Sizes = { staff: number; entries: number; policies: number; claims: number; invoices?: number }

export function benchDatabaseUrl(database?: string) {
	const url = new URL(process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL_TEST ?? 'postgres://postgres@127.0.0.1:5432/test')
	if (database) url.pathname = `/${database}`
	return url.toString()
}

export async function adminQuery(query: string) {
	const client = new pg.Client({ connectionString: benchDatabaseUrl(), connectionTimeoutMillis: 5000 })
	await client.connect()
	try {
		await client.query(query)
	} finally {
		await client.end()
	}
}

/** The most members a seeded live staff plan has. */
const STAFF_PER_PLAN = 1_000

/** An invoice of the seeded staff plans: 10 members at ₦750. */
const INVOICE_TOTAL = 7_500

const seconds = (start: number) => Math.round((performance.now() - start) / 100) / 10

/** One business and its owner (verified, KYC done), filled with generate_series in a few statements. */
export async function seedBusiness(db: Db, name: string, n: Sizes) {
	const [owner] = await db.select({ id: roles.id }).from(roles).where(sql`${roles.name} = 'Owner' and ${roles.customerId} is null`)
	const [customer] = await db
		.insert(customers)
		.values({
			kind: 'business',
			name: `${name} Logistics`,
			sector: 'Logistics and Transportation',
			businessType: 'none',
			state: 'Lagos',
			lga: 'Ikeja',
			address: '1 Bench Road',
			phone: '08030000000',
			meta: { cac_verified: true, sector: 'Logistics and Transportation' },
		})
		.returning({ id: customers.id })
	const c = customer!.id
	const invoices = n.invoices ?? 0
	const [user] = await db
		.insert(users)
		.values({
			customerId: c,
			roleId: owner!.id,
			firstName: 'Bench',
			lastName: name,
			email: `owner@${name}.bench`,
			phone: '08030000000',
			passwordHash: 'not-a-hash',
			emailVerifiedAt: new Date(),
		})
		.returning({ id: users.id })
	const run = (q: ReturnType<typeof sql>) => db.execute(q)
	await run(sql`
		insert into employees (customer_id, first_name, last_name, email, phone, gender, enrolled_on)
		select ${c}, 'Staff' || g, (array['Okafor','Adeyemi','Eze','Bello','Nwosu'])[1 + g % 5], 'staff' || g || '@' || ${name} || '.ng',
			'080' || lpad(g::text, 8, '0'), case when g % 2 = 0 then 'female' else 'male' end, date '2025-01-01' + (g % 600)
		from generate_series(1, ${n.staff}) as g`)
	await run(sql`
		insert into purchases (customer_id, user_id, idempotency_key, product_id, input, quote, amount, payment_option, status, created_at)
		select ${c}, ${user!.id}, 'bench_' || g, 5, '{"product_id":5,"gadget_type":"phone","device_value":250000,"period":"annual"}',
			'{"product_id":5,"total":12500,"period":"annual","lines":[]}', 12500, 'wallet', 'paid', now() - make_interval(hours => g)
		from generate_series(1, ${n.policies}) as g`)
	await run(sql`
		insert into policies (customer_id, purchase_id, kind, product_id, policy_number, status, custodian_user_id, premium, period, cover_start, cover_end, created_at)
		select p.customer_id, p.id, 'policy', 5, 'BENCH-' || ${name} || '-' || p.idempotency_key, 'active', ${user!.id}, 12500, 'annual',
			(p.created_at at time zone 'Africa/Lagos')::date, (p.created_at at time zone 'Africa/Lagos')::date + 364, p.created_at
		from purchases p where p.customer_id = ${c}`)
	await run(sql`
		insert into claims (customer_id, policy_id, claim_number, status, incident_type, incident_date, place, description, amount, claimant_name, created_by, created_at, updated_at)
		select ${c}, p.id, 'CL-BENCH-' || ${name} || '-' || row_number() over (), 'pending', 'accidental_damage', p.cover_start,
			'Allen Avenue, Ikeja', 'The phone fell.', 50000, 'Bench Owner', ${user!.id}, p.created_at, p.created_at
		from (select id, cover_start, created_at from policies where customer_id = ${c} order by created_at desc limit ${n.claims}) p`)
	// The ledger's guards stamp and check each row as the services write one transfer at a time; a bulk
	// seed of a bench database writes whole transfers at once and sets the balance after.
	await run(sql`alter table ledger_transfers disable trigger user`)
	await run(sql`alter table ledger_entries disable trigger user`)
	await run(sql`alter table ledger_accounts disable trigger user`)
	try {
		await run(sql`insert into ledger_accounts (kind, customer_id) values ('wallet', ${c}) on conflict do nothing`)
		// Two entries a transfer: the fundings, one premium a policy and one payment an invoice make `entries`
		// together (and the fundings at least pay for them: a wallet never goes below zero).
		const fundings = Math.max(
			Math.ceil((n.policies * 12_500 + invoices * INVOICE_TOTAL) / 50_000),
			Math.floor(n.entries / 2) - n.policies - invoices,
		)
		await run(sql`
			insert into ledger_transfers (idempotency_key, kind, customer_id, reference, description, created_at)
			select 'funding:bench_' || ${name} || '_' || g, 'funding', ${c}, 'bench_' || ${name} || '_' || g, 'Wallet funding',
				now() - make_interval(mins => g)
			from generate_series(1, ${fundings}) as g`)
		await run(sql`
			insert into payments (customer_id, idempotency_key, reference, amount, status, gateway, authorization_url, transfer_id, purpose, created_at)
			select ${c}, t.reference, t.reference, 50000, 'success', 'sandbox', '', t.id, 'funding', t.created_at
			from ledger_transfers t where t.customer_id = ${c} and t.kind = 'funding'`)
		await run(sql`
			insert into ledger_entries (transfer_id, account_id, amount, created_at)
			select t.id, a.id, case when a.kind = 'wallet' then 50000 else -50000 end, t.created_at
			from ledger_transfers t
			cross join lateral (
				select id, kind from ledger_accounts where (kind = 'wallet' and customer_id = ${c}) or (kind = 'gateway_clearing' and customer_id is null)
			) a
			where t.customer_id = ${c} and t.kind = 'funding'`)
		// Each policy's premium, paid from the wallet, as the services write it.
		await run(sql`
			insert into ledger_transfers (idempotency_key, kind, customer_id, reference, description, created_at)
			select 'premium:purchase_' || p.id, 'premium', ${c}, 'purchase_' || p.id, 'Premium', p.created_at
			from purchases p where p.customer_id = ${c}`)
		await run(sql`
			update purchases p set transfer_id = t.id from ledger_transfers t
			where p.customer_id = ${c} and t.customer_id = ${c} and t.kind = 'premium' and t.reference = 'purchase_' || p.id`)
		await run(sql`
			insert into ledger_entries (transfer_id, account_id, amount, created_at)
			select t.id, a.id, case when a.kind = 'wallet' then -12500 else 12500 end, t.created_at
			from ledger_transfers t
			cross join lateral (
				select id, kind from ledger_accounts where (kind = 'wallet' and customer_id = ${c}) or (kind = 'premium_income' and customer_id is null)
			) a
			where t.customer_id = ${c} and t.kind = 'premium'`)
		// Staff plans of 100 months each (ended), an invoice a month, each paid from the wallet as payFromWallet pays it.
		await run(sql`
			insert into purchases (customer_id, user_id, idempotency_key, product_id, input, quote, amount, payment_option, status, created_at)
			select ${c}, ${user!.id}, 'bench_plan_' || k, 32, '{"product_id":32,"plan_type":"standard","members":10,"period":"annual"}', '{}',
				0, 'subscription', 'subscribed', timestamptz '2016-01-01T09:00:00Z'
			from generate_series(1, ${Math.ceil(invoices / 100)}) as k`)
		await run(sql`
			insert into policies (customer_id, purchase_id, kind, product_id, policy_number, status, custodian_user_id, premium, period,
				cover_start, cover_end, slots, monthly_rate, created_at)
			select ${c}, p.id, 'plan', 32, 'BENCH-' || ${name} || '-' || p.idempotency_key, 'active', ${user!.id}, 0, 'annual',
				date '2016-01-01', date '2024-04-30', 10, ${INVOICE_TOTAL / 10}, p.created_at
			from purchases p where p.customer_id = ${c} and p.idempotency_key like 'bench_plan_%'`)
		await run(sql`
			insert into invoices (customer_id, policy_id, kind, number, status, period_start, period_end, issued_on, due_on, total, paid_at, created_at)
			select ${c}, p.id, 'invoice', 'INV-' || lpad((row_number() over (order by m, p.id))::text, 6, '0'), 'paid', s, (s + interval '1 month' - interval '1 day')::date,
				(s + interval '1 month')::date, (s + interval '1 month 7 days')::date, ${INVOICE_TOTAL}, s + interval '1 month 2 days', s + interval '1 month 1 day'
			from policies p cross join generate_series(0, 99) as m cross join lateral (select (date '2016-01-01' + make_interval(months => m))::date as s) as month
			where p.customer_id = ${c} and p.kind = 'plan'
			limit ${invoices}`)
		await run(sql`
			insert into ledger_transfers (idempotency_key, kind, customer_id, reference, description, created_at)
			select 'premium:invoice_' || i.id, 'premium', ${c}, 'invoice_' || i.id, 'Invoice ' || i.number, i.paid_at
			from invoices i where i.customer_id = ${c}`)
		await run(sql`
			insert into invoice_payments (invoice_id, method, reference, amount, transfer_id, paid_at)
			select i.id, 'wallet', t.reference, i.total, t.id, i.paid_at
			from invoices i join ledger_transfers t on t.customer_id = ${c} and t.reference = 'invoice_' || i.id where i.customer_id = ${c}`)
		await run(sql`
			insert into ledger_entries (transfer_id, account_id, amount, created_at)
			select t.id, a.id, case when a.kind = 'wallet' then -${INVOICE_TOTAL}::int else ${INVOICE_TOTAL}::int end, t.created_at
			from ledger_transfers t
			cross join lateral (
				select id, kind from ledger_accounts where (kind = 'wallet' and customer_id = ${c}) or (kind = 'premium_income' and customer_id is null)
			) a
			where t.customer_id = ${c} and t.kind = 'premium' and t.reference like 'invoice_%'`)
		await run(sql`update ledger_accounts set balance = coalesce((select sum(amount) from ledger_entries e where e.account_id = ledger_accounts.id), 0)
			where (kind = 'wallet' and customer_id = ${c}) or (kind in ('gateway_clearing', 'premium_income') and customer_id is null)`)
	} finally {
		await run(sql`alter table ledger_transfers enable trigger user`)
		await run(sql`alter table ledger_entries enable trigger user`)
		await run(sql`alter table ledger_accounts enable trigger user`)
	}
	// Every member of staff on a live staff plan, as a business that buys for its staff has them: plans of at most
	// STAFF_PER_PLAN members, current for another year. Those enrolled later wait (pending); one in a hundred leaves
	// in 20 days, and one in two hundred has left one plan. Without them home's count of staff covered was never
	// measured at scale (decision 146).
	const livePlans = Math.ceil(n.staff / STAFF_PER_PLAN)
	await run(sql`
		insert into purchases (customer_id, user_id, idempotency_key, product_id, input, quote, amount, payment_option, status)
		select ${c}, ${user!.id}, 'bench_live_plan_' || k, 32, '{"product_id":32,"plan_type":"standard","members":10,"period":"annual"}', '{}',
			0, 'subscription', 'subscribed'
		from generate_series(1, ${livePlans}) as k`)
	await run(sql`
		insert into policies (customer_id, purchase_id, kind, product_id, policy_number, status, custodian_user_id, premium, period,
			cover_start, cover_end, slots, monthly_rate, next_billing_date)
		select ${c}, p.id, 'plan', 32, 'BENCH-' || ${name} || '-' || p.idempotency_key, 'active', ${user!.id}, 0, 'annual',
			current_date - 30, current_date + 335, ${STAFF_PER_PLAN}, 750, current_date + 5
		from purchases p where p.customer_id = ${c} and p.idempotency_key like 'bench_live_plan_%'`)
	await run(
		sql`update employees set leaves_on = current_date + 20, leave_kind = 'removed' where customer_id = ${c} and email like 'staff%00@%'`,
	)
	await run(sql`
		insert into staff (customer_id, policy_id, employee_id, ends_on, first_name, last_name, email, phone, gender, status)
		select ${c}, plan.id, e.id, case when e.n % 200 = 7 then current_date - 3 end, e.first_name, e.last_name, e.email, e.phone, e.gender,
			case when e.enrolled_on <= current_date then 'active' else 'pending' end
		from (select *, row_number() over (order by id) - 1 as n from employees where customer_id = ${c}) e
		join (select id, row_number() over (order by id) - 1 as n from policies where customer_id = ${c} and policy_number like 'BENCH-%-bench_live_plan_%') plan
			on plan.n = e.n / ${STAFF_PER_PLAN}`)
	return { customerId: c, userId: user!.id }
}

/** The portal's session cookie for a token, signed with the secret the bench starts the portal with. */
export async function sessionCookie(token: string, userId: string) {
	const storage = createCookieSessionStorage<{ token: string; userId: string }>({
		cookie: { name: '__session', sameSite: 'strict', path: '/', httpOnly: true, secrets: [SCALE_SECRET] },
	})
	const session = await storage.getSession()
	session.set('token', token)
	session.set('userId', userId)
	return (await storage.commitSession(session)).split(';')[0]!
}

export async function runScaleBench() {
	const factor = Number(process.env.BENCH_SCALE_FACTOR ?? 1)
	const durationS = Number(process.env.BENCH_SCALE_DURATION ?? 5)
	const large: Sizes = {
		staff: Math.round(100_000 * factor),
		entries: Math.round(1_000_000 * factor),
		policies: Math.round(10_000 * factor),
		claims: Math.round(10_000 * factor),
		invoices: Math.round(10_000 * factor),
	}
	const small: Sizes = { staff: 100, entries: 100, policies: 100, claims: 100, invoices: 100 }
	const name = `portal_bench_scale_${process.pid}`
	await adminQuery(`drop database if exists ${name} with (force)`)
	await adminQuery(`create database ${name}`)
	const url = benchDatabaseUrl(name)
	const database = await openDatabase({ url })
	let portal: Awaited<ReturnType<typeof startServer>> | undefined
	try {
		const { db } = database
		await seedReferenceData(db)
		let start = performance.now()
		const smallBusiness = await seedBusiness(db, 'small', small)
		const largeBusiness = await seedBusiness(db, 'large', large)
		// As autovacuum leaves a table after inserts (PostgreSQL 13 on vacuums insert-only tables too): its
		// statistics and its visibility map, which lets a covering index answer alone (decision 126).
		for (const table of [
			'employees',
			'payments',
			'ledger_transfers',
			'ledger_entries',
			'purchases',
			'policies',
			'claims',
			'invoices',
			'invoice_payments',
			'purchase_spend_months',
			'policy_cover_counts',
			'staff',
			'employee_cover',
			'place_cover',
			'staff_cover_counts',
			'plan_cover_counts',
		])
			await db.execute(sql.raw(`vacuum analyze ${table}`))
		const seedS = seconds(start)
		console.log(`bench: scale seeded in ${seedS} s`)
		// `npm run reconcile` over the ledger: every account against its entries (issue 19 point 3: within 30 s).
		start = performance.now()
		const reconciled = await reconcile(db)
		const reconcileResult = {
			ms: Math.round(performance.now() - start),
			budgetMs: RECONCILE_BUDGET_MS,
			accounts: reconciled.accounts,
			transfers: reconciled.transfers,
			entries: reconciled.entries,
			problems: reconciled.problems.length,
		}
		console.log(`bench: reconciled ${reconciled.entries} entries in ${reconcileResult.ms} ms`)
		const cookies = {
			small: await sessionCookie(await issueToken(db, smallBusiness.userId, new Date()), smallBusiness.userId),
			large: await sessionCookie(await issueToken(db, largeBusiness.userId, new Date()), largeBusiness.userId),
		}
		start = performance.now()
		portal = await startServer({
			name: 'portal (PostgreSQL)',
			args: PORTAL_ARGS,
			cwd: PORTAL_DIR,
			env: {
				DATABASE_URL: url,
				DATA_DIR: makeTempDir('bench-scale-data-'),
				SESSION_SECRET: SCALE_SECRET,
				DEMO_MODE: 'true',
				LOG_LEVEL: 'warn',
			},
			readyPath: '/login',
			timeoutMs: 90_000,
		})
		const pages: Array<{
			page: string
			at100: LoadResult | null
			atScale: LoadResult | null
			p50Ratio: number | null
			pass: boolean
			error: string | null
		}> = []
		for (const page of SCALE_PAGES) {
			// Alternating rounds, the median of each kept: a machine busy with other work slows both alike.
			const rounds: { at100: LoadResult[]; atScale: LoadResult[] } = { at100: [], atScale: [] }
			try {
				for (let round = 0; round < ROUNDS; round++) {
					rounds.at100.push(await runLoad(portal.baseUrl + page, cookies.small, durationS, CONNECTIONS))
					rounds.atScale.push(await runLoad(portal.baseUrl + page, cookies.large, durationS, CONNECTIONS))
				}
			} catch (error) {
				// A page too slow to answer within a round at scale fails its budget; the others are still measured.
				const message = (error as Error).message.split('\n')[0]!
				console.log(`bench: ${page} failed: ${message}`)
				pages.push({ page, at100: null, atScale: null, p50Ratio: null, pass: false, error: message })
				await settle(portal.baseUrl)
				continue
			}
			const at100 = medianRun(rounds.at100)
			const atScale = medianRun(rounds.atScale)
			const ratio = Math.round((atScale.p50Ms / at100.p50Ms) * 100) / 100
			console.log(`bench: ${page} p50 ${at100.p50Ms} ms at 100, ${atScale.p50Ms} ms at scale (${ratio}×)`)
			pages.push({ page, at100, atScale, p50Ratio: ratio, pass: ratio <= SCALE_BUDGET, error: null })
		}
		return {
			database: 'postgresql',
			sizes: { small, large },
			seedS,
			durationS,
			rounds: ROUNDS,
			connections: CONNECTIONS,
			budget: SCALE_BUDGET,
			pages,
			reconcile: reconcileResult,
		}
	} finally {
		await portal?.stop()
		await database.close()
		await adminQuery(`drop database if exists ${name} with (force)`).catch(() => {})
	}
}

if (import.meta.url === `file://${process.argv[1]}`) {
	const result = await runScaleBench()
	console.log(JSON.stringify(result, null, '\t'))
}
