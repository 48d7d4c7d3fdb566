import { sql } from 'drizzle-orm'
import { beforeAll, expect, test } from 'vitest'
import { TRANSACTIONS_COUNT_CAP } from '#api/contract/transactions.ts'
import { addDays, lagosDate } from '#api/domain/policies.ts'
import { reconcile } from '#api/services/reconcile.ts'
import { insertPolicy } from '#tests/support/claims.ts'
import { describeApi, testApi } from '#tests/support/test-api.ts'

// Lists that cost O(page) (issue 19 point 2, decisions 118 and 119): keyset pages of the staff register
// walk every row once in order, whatever the sort and however names tie; the trigram-indexed search
// finds staff by part of a name, an email or a phone; the transaction history counts so far and no further.
// Timing is the bench's (bench/scale.ts); these check the answers.

type Ctx = Awaited<ReturnType<typeof testApi>>
type Account = Awaited<ReturnType<Ctx['createAccount']>>
type Employee = { id: string; first_name: string; last_name: string; email: string; phone: string; enrolled_on: string }
type EmployeePage = { items: Employee[]; next_cursor: string | null; total: number }

const STAFF = 230

describeApi('lists at scale', () => {
	let ctx: Ctx
	let owner: Account

	beforeAll(async () => {
		ctx = await testApi()
		owner = await ctx.createAccount({ kyc: true })
		// Five surnames and 23 first names: many rows tie on the name key, and on the day enrolled.
		await ctx.db.execute(sql`
			insert into employees (customer_id, first_name, last_name, email, phone, gender, enrolled_on)
			select ${owner.customerId}, 'Staff' || (g % 23), (array['Okafor','Adeyemi','Eze','Bello','Nwosu'])[1 + g % 5],
				'member' || g || '@scale.test', '080' || lpad(g::text, 8, '0'), 'female', date '2026-01-01' + (g % 7)
			from generate_series(1, ${STAFF}) as g`)
	})

	const employees = async (query: string) => {
		const res = await ctx.call('GET', `/employees${query}`, { token: owner.token })
		expect(res.status).toBe(200)
		return res.body.data as EmployeePage
	}

	async function walk(sort: string) {
		const seen: Employee[] = []
		let cursor: string | null = null
		let pages = 0
		do {
			const page: EmployeePage = await employees(`?sort=${sort}&page_size=17${cursor ? `&cursor=${cursor}` : ''}`)
			expect(page.items.length).toBeLessThanOrEqual(17)
			seen.push(...page.items)
			cursor = page.next_cursor
			pages++
		} while (cursor && pages < 100)
		return { seen, pages }
	}

	const byName = (a: Employee, b: Employee) =>
		a.last_name.toLowerCase().localeCompare(b.last_name.toLowerCase(), 'en', { sensitivity: 'base' }) ||
		a.first_name.toLowerCase().localeCompare(b.first_name.toLowerCase(), 'en', { sensitivity: 'base' })

	test.each(['name', 'email', 'enrolled'])('keyset pages sorted by %s hold every employee once, in order', async (sort) => {
		const { seen, pages } = await walk(sort)
		expect(pages).toBe(Math.ceil(STAFF / 17))
		expect(new Set(seen.map((e) => e.id)).size).toBe(STAFF)
		expect(seen).toHaveLength(STAFF)
		for (let i = 1; i < seen.length; i++) {
			const [a, b] = [seen[i - 1]!, seen[i]!]
			if (sort === 'name') expect(byName(a, b)).toBeLessThanOrEqual(0)
			if (sort === 'email') expect(a.email.toLowerCase() <= b.email.toLowerCase()).toBe(true)
			if (sort === 'enrolled') expect(a.enrolled_on >= b.enrolled_on).toBe(true)
		}
	})

	test('the history reads card payments of one purpose newest first by an index, not every payment of the business', async () => {
		const { rows } = (await ctx.db.execute(
			sql`select indexdef from pg_indexes where tablename = 'payments' and indexname = 'payments_customer_purpose_idx'`,
		)) as unknown as { rows: Array<{ indexdef: string }> }
		expect(rows.map((r) => r.indexdef.replace(/^.* USING btree /, ''))).toEqual(['(customer_id, purpose, created_at)'])
	})

	test("home's spend is a running total the purchases keep: equal to summing them after every kind of change", async () => {
		const buyer = await ctx.createAccount({ kyc: true })
		type Sum = { month: string; amount: number }
		const read = async (query: ReturnType<typeof sql>) =>
			((await ctx.db.execute(query)) as unknown as { rows: Sum[] }).rows.map((r) => ({ month: r.month, amount: Number(r.amount) }))
		const kept = () =>
			read(sql`select month, amount from purchase_spend_months where customer_id = ${buyer.customerId} and amount <> 0 order by month`)
		const summed = () =>
			read(sql`select to_char((created_at at time zone 'UTC') + interval '1 hour', 'YYYY-MM') as month, sum(amount) as amount
				from purchases where customer_id = ${buyer.customerId} and status = 'paid' group by 1 order by 1`)
		const insert = (key: string, amount: number, status: string, at: string) =>
			ctx.db.execute(sql`insert into purchases (customer_id, user_id, idempotency_key, product_id, input, quote, amount, payment_option, status, created_at)
				values (${buyer.customerId}, ${buyer.userId}, ${key}, 5, '{}', '{}', ${amount}, 'wallet', ${status}, ${at}::timestamptz)`)
		// 23:30 UTC on 31 March is 00:30 on 1 April in Lagos: April's spend, as the history dates it.
		await insert('a', 12_500, 'paid', '2026-03-31T23:30:00Z')
		await insert('b', 7_000, 'paid', '2026-03-31T22:30:00Z')
		await insert('c', 3_000, 'awaiting_payment', '2026-05-10T10:00:00Z')
		expect(await kept()).toEqual([
			{ month: '2026-03', amount: 7_000 },
			{ month: '2026-04', amount: 12_500 },
		])
		// A card payment lands; a paid one moves month; another is marked failed; one is deleted.
		await ctx.db.execute(sql`update purchases set status = 'paid' where customer_id = ${buyer.customerId} and idempotency_key = 'c'`)
		await ctx.db.execute(
			sql`update purchases set created_at = '2026-06-02T09:00:00Z' where customer_id = ${buyer.customerId} and idempotency_key = 'b'`,
		)
		await insert('d', 1_000, 'paid', '2026-06-20T09:00:00Z')
		await ctx.db.execute(sql`update purchases set status = 'failed' where customer_id = ${buyer.customerId} and idempotency_key = 'a'`)
		await ctx.db.execute(sql`delete from purchases where customer_id = ${buyer.customerId} and idempotency_key = 'd'`)
		expect(await kept()).toEqual(await summed())
		expect(await kept()).toEqual([
			{ month: '2026-05', amount: 3_000 },
			{ month: '2026-06', amount: 7_000 },
		])
		await expect(ctx.db.execute(sql`truncate purchases cascade`)).rejects.toThrow()
	})

	test("home's cover counts are kept by the policies: equal to counting them after every kind of change, and home reads them", async () => {
		const buyer = await ctx.createAccount({ kyc: true })
		type Count = { cover_end: string; product_id: number; status: string; policies: number }
		const read = async (query: ReturnType<typeof sql>) =>
			((await ctx.db.execute(query)) as unknown as { rows: Count[] }).rows.map((r) => ({ ...r, policies: Number(r.policies) }))
		const kept = () =>
			read(sql`select cover_end::text, product_id, status, policies from policy_cover_counts
				where customer_id = ${buyer.customerId} order by 1, 2, 3`)
		const counted = () =>
			read(sql`select cover_end::text, product_id, status, count(*) as policies from policies
				where customer_id = ${buyer.customerId} group by 1, 2, 3 order by 1, 2, 3`)
		const today = lagosDate(ctx.deps.now())
		const soon = addDays(today, 10)
		const later = addDays(today, 200)
		const past = addDays(today, -3)
		const a = await insertPolicy(ctx, buyer.customerId, { productId: 5, coverEnd: soon })
		const b = await insertPolicy(ctx, buyer.customerId, { productId: 5, coverEnd: soon })
		const c = await insertPolicy(ctx, buyer.customerId, { productId: 5, status: 'pending', coverEnd: later })
		await insertPolicy(ctx, buyer.customerId, { productId: 1, coverEnd: later })
		await insertPolicy(ctx, buyer.customerId, { productId: 6, coverEnd: past })
		expect(await kept()).toEqual([
			{ cover_end: past, product_id: 6, status: 'active', policies: 1 },
			{ cover_end: soon, product_id: 5, status: 'active', policies: 2 },
			{ cover_end: later, product_id: 1, status: 'active', policies: 1 },
			{ cover_end: later, product_id: 5, status: 'pending', policies: 1 },
		])
		const home = async () => {
			const res = await ctx.call('GET', '/dashboard', { token: buyer.token })
			expect(res.status).toBe(200)
			return res.body.data as { cover: { active: number; pending: number; by_line: unknown }; renewals: { due: number } }
		}
		// Ended cover (product 6) counts nowhere; two due within the window.
		expect(await home()).toMatchObject({
			cover: {
				active: 3,
				pending: 1,
				by_line: [
					{ category: 'auto', active: 1 },
					{ category: 'gadget', active: 2 },
				],
			},
			renewals: { due: 2 },
		})
		// The waiting one is activated; one renewed past the window; one changes product; one is deleted.
		await ctx.db.execute(sql`update policies set status = 'active' where id = ${c.id}`)
		await ctx.db.execute(sql`update policies set cover_end = ${later}::date where id = ${a.id}`)
		await ctx.db.execute(sql`update policies set product_id = 30 where id = ${b.id}`)
		await ctx.db.execute(sql`update policies set status = status where customer_id = ${buyer.customerId}`)
		await ctx.db.execute(sql`delete from policies where customer_id = ${buyer.customerId} and product_id = 6`)
		expect(await kept()).toEqual(await counted())
		// A count that reaches nothing is dropped, not kept at zero.
		expect(await kept()).toEqual([
			{ cover_end: soon, product_id: 30, status: 'active', policies: 1 },
			{ cover_end: later, product_id: 1, status: 'active', policies: 1 },
			{ cover_end: later, product_id: 5, status: 'active', policies: 2 },
		])
		expect(await home()).toMatchObject({ cover: { active: 4, pending: 0 }, renewals: { due: 1 } })
		await expect(ctx.db.execute(sql`truncate policies cascade`)).rejects.toThrow()
	})

	test("the invoice list's totals are running totals the invoices keep: equal to summing the invoices, for any range and after every kind of change", async () => {
		const owner = await ctx.createAccount({ kyc: true })
		const other = await ctx.createAccount({ kyc: true })
		const plans = await Promise.all([owner, owner, other].map((a) => insertPolicy(ctx, a.customerId)))
		// Each plan has a period on the 1st and one on the 15th of each month from January to June; statuses,
		// kinds and totals in turn.
		const statuses = ['open', 'paid', 'overdue', 'void', 'draft', 'paid', 'open'] as const
		for (let g = 0; g < 24; g++) {
			const start = `2026-${String(1 + Math.floor(g / 4)).padStart(2, '0')}-${Math.floor(g / 2) % 2 ? '15' : '01'}`
			await ctx.db.execute(sql`insert into invoices (customer_id, policy_id, kind, number, status, period_start, period_end, total)
				values (${owner.customerId}, ${plans[g % 2]!.id}, ${g % 5 === 4 ? 'credit_note' : 'invoice'}, ${`T-${g}`},
					${statuses[g % statuses.length]!}, ${start}, ${start}, ${1_000 + 37 * g})`)
		}
		type Totals = { billed: number; paid: number; outstanding: number }
		const read = async <T>(query: ReturnType<typeof sql>) => ((await ctx.db.execute(query)) as unknown as { rows: T[] }).rows
		// The list's totals summed from every invoice, as before running totals (decision 126). No invoice here
		// has a payment, so an unpaid one counts nothing as paid and its whole total as outstanding.
		const summed = async (from?: string, to?: string, status?: string): Promise<Totals> => {
			const [row] = await read<Record<keyof Totals, string>>(sql`select
				coalesce(sum(case when i.kind = 'invoice' then i.total else -i.total end), 0) as billed,
				coalesce(sum(case when i.kind <> 'invoice' then 0 when i.status = 'paid' then i.total else 0 end), 0) as paid,
				coalesce(sum(case when i.kind = 'invoice' and i.status in ('open', 'overdue') then i.total else 0 end), 0) as outstanding
				from invoices i where i.customer_id = ${owner.customerId} and i.status <> 'draft'
					and (${from ?? null}::date is null or i.period_start >= ${from ?? null}::date)
					and (${to ?? null}::date is null or i.period_start <= ${to ?? null}::date)
					and (${status ?? null}::text is null or i.status = ${status ?? null}::text)`)
			return { billed: Number(row!.billed), paid: Number(row!.paid), outstanding: Number(row!.outstanding) }
		}
		const listed = async (from?: string, to?: string, status?: string): Promise<Totals> => {
			const query = new URLSearchParams({ ...(from && { from }), ...(to && { to }), ...(status && { status }) })
			const res = await ctx.call('GET', `/invoices?${query}`, { token: owner.token })
			expect(res.status, JSON.stringify(res.body)).toBe(200)
			return res.body.data.totals
		}
		const ranges: Array<[string?, string?, string?]> = [
			[],
			[undefined, undefined, 'paid'],
			['2026-02-01', '2026-04-30'],
			['2026-02-10', '2026-05-20'],
			['2026-03-02', '2026-03-30'],
			['2026-03-15', '2026-04-01', 'open'],
			[undefined, '2026-03-14'],
			['2026-04-15'],
			['2026-03-31', '2026-03-31'],
		]
		const compare = async () => {
			for (const [from, to, status] of ranges)
				expect(await listed(from, to, status), `${from} ${to} ${status}`).toEqual(await summed(from, to, status))
			const kept = await read(sql`select month::text as month, status, kind, total::int as total, count from invoice_totals_months
				where customer_id = ${owner.customerId} order by 1, 2, 3`)
			const grouped = await read(sql`select date_trunc('month', period_start::timestamp)::date::text as month, status, kind,
				sum(total)::int as total, count(*)::int as count from invoices where customer_id = ${owner.customerId} group by 1, 2, 3 order by 1, 2, 3`)
			expect(kept).toEqual(grouped)
		}
		await compare()
		expect((await listed()).billed).toBeGreaterThan(0)
		// Paid, marked overdue, moved a month, corrected, given to another business, deleted.
		await ctx.db.execute(sql`update invoices set status = 'paid' where customer_id = ${owner.customerId} and number = 'T-0'`)
		await ctx.db.execute(sql`update invoices set status = 'overdue' where customer_id = ${owner.customerId} and number = 'T-6'`)
		await ctx.db.execute(sql`update invoices set period_start = '2026-07-15' where customer_id = ${owner.customerId} and number = 'T-5'`)
		await ctx.db.execute(
			sql`update invoices set total = total + 500, kind = 'credit_note' where customer_id = ${owner.customerId} and number = 'T-8'`,
		)
		await ctx.db.execute(
			sql`update invoices set customer_id = ${other.customerId}, policy_id = ${plans[2]!.id} where customer_id = ${owner.customerId} and number = 'T-10'`,
		)
		await ctx.db.execute(sql`delete from invoices where customer_id = ${owner.customerId} and number = 'T-12'`)
		await compare()
		const [moved] = await read<{ total: number }>(
			sql`select total::int as total from invoice_totals_months where customer_id = ${other.customerId}`,
		)
		expect(moved).toEqual({ total: 1_000 + 37 * 10 })
		// Reconcile finds a running total that no longer equals its invoices.
		const mine = (problems: string[]) => problems.filter((p) => p.startsWith(`invoice totals of ${owner.customerId} `))
		expect(mine((await reconcile(ctx.db)).problems)).toEqual([])
		await ctx.db.execute(
			sql`update invoice_totals_months set total = total + 1 where customer_id = ${owner.customerId} and month = '2026-02-01' and status = 'open'`,
		)
		expect(mine((await reconcile(ctx.db)).problems)).toEqual([
			`invoice totals of ${owner.customerId} for 2026-02 (open invoice): kept 1260 in 1, the invoices sum to 1259 in 1`,
		])
		await ctx.db.execute(
			sql`update invoice_totals_months set total = total - 1 where customer_id = ${owner.customerId} and month = '2026-02-01' and status = 'open'`,
		)
		await expect(ctx.db.execute(sql`truncate invoices cascade`)).rejects.toThrow()
	})

	test('home, the invoice list and the staff register read their figures from indexes that hold them', async () => {
		const { rows } = (await ctx.db.execute(
			sql`select indexname, regexp_replace(indexdef, '^.* USING btree ', '') as def from pg_indexes
				where indexname in ('policies_customer_cover_end_idx', 'policies_plan_billing_idx', 'policies_custodian_employee_idx', 'invoices_totals_idx', 'invoices_unpaid_idx')
				order by indexname`,
		)) as unknown as { rows: Array<{ indexname: string; def: string }> }
		expect(rows).toEqual([
			{ indexname: 'invoices_totals_idx', def: '(customer_id, period_start, status, kind, total, id)' },
			{
				indexname: 'invoices_unpaid_idx',
				def: "(customer_id, period_start) WHERE ((kind = 'invoice'::text) AND (status = ANY (ARRAY['open'::text, 'overdue'::text])))",
			},
			{ indexname: 'policies_custodian_employee_idx', def: '(custodian_employee_id) WHERE (custodian_employee_id IS NOT NULL)' },
			{ indexname: 'policies_customer_cover_end_idx', def: '(customer_id, cover_end, product_id, status)' },
			{ indexname: 'policies_plan_billing_idx', def: "(customer_id, next_billing_date) WHERE (kind = 'plan'::text)" },
		])
	})

	test('a PostgreSQL connection compiles no statement to machine code (JIT off): short statements only paid for it', async () => {
		if (ctx.database.kind !== 'postgres') return
		const { rows } = (await ctx.db.execute(sql`select current_setting('jit') as jit`)) as unknown as { rows: Array<{ jit: string }> }
		expect(rows).toEqual([{ jit: 'off' }])
	})

	test('search finds staff by part of a name, an email or a phone number, through trigram indexes', async () => {
		const { rows } = (await ctx.db.execute(
			sql`select indexname from pg_indexes where tablename = 'employees' and indexname like '%trgm%' order by indexname`,
		)) as unknown as { rows: Array<{ indexname: string }> }
		expect(rows.map((r) => r.indexname)).toEqual(['employees_email_trgm_idx', 'employees_name_trgm_idx', 'employees_phone_trgm_idx'])
		const byEmail = await employees('?q=member117@')
		expect(byEmail.items.map((e) => e.email)).toEqual(['member117@scale.test'])
		const byPhone = await employees('?q=08000000117')
		expect(byPhone.items.map((e) => e.email)).toEqual(['member117@scale.test'])
		// 'Staff22 Eze': g % 23 = 22 and g % 5 = 2, that is g % 115 = 22: two of the 230 (22 and 137).
		const byName = await employees('?q=staff22 eze')
		expect(byName.total).toBe(2)
		expect(byName.items.every((e) => e.first_name === 'Staff22' && e.last_name === 'Eze')).toBe(true)
	})

	test('the transaction history counts up to its cap and pages newest first without repeats', async () => {
		const payer = await ctx.createAccount({ kyc: true })
		const fundings = TRANSACTIONS_COUNT_CAP + 50
		await ctx.db.execute(sql`
			insert into payments (customer_id, idempotency_key, reference, amount, status, gateway, authorization_url, purpose, created_at)
			select ${payer.customerId}, 'scale_' || g, 'scale_' || ${payer.customerId} || '_' || g, 1000 + g, 'pending', 'sandbox', '', 'funding',
				timestamptz '2026-06-01T12:00:00Z' - make_interval(mins => g / 3)
			from generate_series(1, ${fundings}) as g`)
		const page = async (n: number) => {
			const res = await ctx.call('GET', `/transactions?page=${n}&page_size=100`, { token: payer.token })
			expect(res.status).toBe(200)
			return res.body.data as { items: Array<{ id: string; amount: number }>; total: number }
		}
		const first = await page(1)
		expect(first.total).toBe(TRANSACTIONS_COUNT_CAP + 1)
		const ids: string[] = []
		const amounts: number[] = []
		for (let n = 1; n <= 11; n++) {
			const { items } = n === 1 ? first : await page(n)
			ids.push(...items.map((t) => t.id))
			amounts.push(...items.map((t) => t.amount))
		}
		expect(ids).toHaveLength(fundings)
		expect(new Set(ids).size).toBe(fundings)
		// Newest first: payment g is made floor(g / 3) minutes before the first (its amount is 1000 + g).
		const minutesBack = amounts.map((a) => Math.floor((a - 1000) / 3))
		expect(minutesBack).toEqual([...minutesBack].sort((a, b) => a - b))
	})
})
