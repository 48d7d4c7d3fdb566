import { sql } from 'drizzle-orm'
import { beforeAll, expect, test } from 'vitest'
import { PRODUCT_IDS } from '#api/contract/product-ids.ts'
import { POLICIES_COUNT_CAP, type Policy } from '#api/contract/purchases.ts'
import { POLICY_STATUS_FILTERS } from '#api/contract/statuses.ts'
import { policies, policyEvents, staff } from '#api/db/schema.ts'
import { addDays, lagosDate } from '#api/domain/policies.ts'
import { matchesStatus, type PolicyFlags } from '#api/domain/policy-state.ts'
import { insertPolicy } from '#tests/support/claims.ts'
import { describeApi, testApi } from '#tests/support/test-api.ts'

// GET /policies filters by status and pages in SQL (docs/decisions/121-policies-in-sql.md): the SQL
// rule must keep exactly the policies the JavaScript rule (policyFlags and matchesStatus, which still
// give each listed policy its flags) keeps, on a set with every kind of stored fact.

type Ctx = Awaited<ReturnType<typeof testApi>>
type Account = Awaited<ReturnType<Ctx['createAccount']>>
type Page = { items: Policy[]; page: number; page_size: number; total: number }

type EventSpec = { kind: 'terminate' | 'deactivate' | 'pause' | 'resume' | 'member_removal'; on: number; cancelled?: boolean }

describeApi('GET /policies in SQL', () => {
	let ctx: Ctx
	let owner: Account
	const today = lagosDate(new Date())
	const day = (n: number) => addDays(today, n)

	const list = async (account: Account, query: string) => {
		const res = await ctx.call('GET', `/policies${query}`, { token: account.token })
		expect(res.status).toBe(200)
		return res.body.data as Page
	}

	/** A policy with its stored facts; its events written in the order given, a millisecond apart. */
	async function policyWith(
		name: string,
		options: { status?: 'pending' | 'active'; coverEnd?: number; productId?: number; activated?: boolean; events?: EventSpec[] },
	) {
		const policy = await insertPolicy(ctx, owner.customerId, {
			status: options.status ?? 'active',
			coverEnd: day(options.coverEnd ?? 200),
			...(options.productId ? { productId: options.productId, input: { product_id: options.productId } } : {}),
		})
		if (options.activated) await ctx.db.update(policies).set({ activatedAt: new Date() }).where(sql`${policies.id} = ${policy.id}`)
		let member: string | null = null
		const base = Date.now()
		for (const [i, e] of (options.events ?? []).entries()) {
			if (e.kind === 'member_removal' && !member) {
				const [row] = await ctx.db
					.insert(staff)
					.values({
						customerId: owner.customerId,
						policyId: policy.id,
						firstName: 'Ada',
						lastName: name,
						email: `${policy.id}@staff.test`,
						phone: '08031234567',
						gender: 'female',
						status: 'active',
					})
					.returning()
				member = row!.id
			}
			await ctx.db.insert(policyEvents).values({
				customerId: owner.customerId,
				policyId: policy.id,
				staffId: e.kind === 'member_removal' ? member : null,
				kind: e.kind,
				effectiveOn: day(e.on),
				description: `${name}: ${e.kind}`,
				cancelledAt: e.cancelled ? new Date() : null,
				createdAt: new Date(base + i),
			})
		}
		return policy.id
	}

	beforeAll(async () => {
		ctx = await testApi()
		owner = await ctx.createAccount({ kyc: true })
		const set: Array<[string, Parameters<typeof policyWith>[1]]> = [
			['plain', {}],
			['pending', { status: 'pending' }],
			['awaiting inspection', { status: 'pending', productId: PRODUCT_IDS.comprehensive, activated: true }],
			['expired', { coverEnd: -1 }],
			['expired pending', { status: 'pending', coverEnd: -1 }],
			['ends today', { coverEnd: 0 }],
			['terminated', { events: [{ kind: 'terminate', on: -1 }] }],
			['terminated today', { events: [{ kind: 'terminate', on: 0 }] }],
			['to be terminated', { events: [{ kind: 'terminate', on: 1 }] }],
			['deactivated', { events: [{ kind: 'deactivate', on: -3 }] }],
			['to be deactivated', { events: [{ kind: 'deactivate', on: 30 }] }],
			[
				'both ended',
				{
					events: [
						{ kind: 'deactivate', on: -2 },
						{ kind: 'terminate', on: -1 },
					],
				},
			],
			[
				'deactivated, termination to come',
				{
					events: [
						{ kind: 'deactivate', on: -2 },
						{ kind: 'terminate', on: 5 },
					],
				},
			],
			['paused', { events: [{ kind: 'pause', on: -5 }] }],
			[
				'paused then resumed the same day',
				{
					events: [
						{ kind: 'pause', on: -1 },
						{ kind: 'resume', on: -1 },
					],
				},
			],
			[
				'resumed then paused the same day',
				{
					events: [
						{ kind: 'resume', on: -1 },
						{ kind: 'pause', on: -1 },
					],
				},
			],
			[
				'resumed later, paused earlier',
				{
					events: [
						{ kind: 'resume', on: -1 },
						{ kind: 'pause', on: -4 },
					],
				},
			],
			[
				'paused, resume to come',
				{
					events: [
						{ kind: 'pause', on: -2 },
						{ kind: 'resume', on: 3 },
					],
				},
			],
			['pause to come', { events: [{ kind: 'pause', on: 2 }] }],
			[
				'paused, deactivation to come',
				{
					events: [
						{ kind: 'pause', on: -2 },
						{ kind: 'deactivate', on: 9 },
					],
				},
			],
			['cancelled termination', { events: [{ kind: 'terminate', on: -1, cancelled: true }] }],
			['cancelled pause', { events: [{ kind: 'pause', on: -1, cancelled: true }] }],
			['member leaving', { events: [{ kind: 'member_removal', on: 10 }] }],
			['member left', { events: [{ kind: 'member_removal', on: -10 }] }],
			['member leaving, cancelled', { events: [{ kind: 'member_removal', on: 10, cancelled: true }] }],
			[
				'terminated, member leaving',
				{
					events: [
						{ kind: 'member_removal', on: 10 },
						{ kind: 'terminate', on: -1 },
					],
				},
			],
			['expired, termination to come', { coverEnd: -1, events: [{ kind: 'terminate', on: 4 }] }],
			['expired, member leaving', { coverEnd: -3, events: [{ kind: 'member_removal', on: 10 }] }],
			['pending, termination to come', { status: 'pending', events: [{ kind: 'terminate', on: 6 }] }],
			['pending, paused', { status: 'pending', events: [{ kind: 'pause', on: -6 }] }],
		]
		for (const [name, options] of set) await policyWith(name, options)
	})

	test('each status keeps, in SQL, exactly the policies whose flag the JavaScript rule sets', async () => {
		const all = await list(owner, '?page_size=100')
		expect(all.total).toBe(30)
		for (const status of POLICY_STATUS_FILTERS) {
			const expected = all.items.filter((p) => matchesStatus(p as unknown as PolicyFlags, status)).map((p) => p.id)
			expect(expected.length, status).toBeGreaterThan(0)
			const filtered = await list(owner, `?status=${status}&page_size=100`)
			expect(
				filtered.items.map((p) => p.id),
				status,
			).toEqual(expected)
			expect(filtered.total, status).toBe(expected.length)
		}
	})

	test('pages cut in the database, newest first, and a kind filter', async () => {
		const all = await list(owner, '?page_size=100')
		const pages = await Promise.all([1, 2, 3, 4].map((n) => list(owner, `?page=${n}&page_size=8`)))
		expect(pages.map((p) => p.items.length)).toEqual([8, 8, 8, 6])
		expect(pages.flatMap((p) => p.items.map((i) => i.id))).toEqual(all.items.map((p) => p.id))
		expect(pages.every((p) => p.total === 30)).toBe(true)
		const created = all.items.map((p) => p.created_at)
		expect(created).toEqual([...created].sort().reverse())
		expect(await list(owner, '?page=9&page_size=8')).toMatchObject({ items: [], total: 30, page: 9 })
		expect(await list(owner, '?kind=plan')).toMatchObject({ items: [], total: 0 })
		expect((await list(owner, '?kind=policy&status=paused')).total).toBe(4)
		for (const bad of ['?page_size=101', '?page=0', '?kind=plans', '?status=gone'])
			expect(await ctx.call('GET', `/policies${bad}`, { token: owner.token })).toMatchObject({ status: 400 })
	})

	test(`the count stops at ${POLICIES_COUNT_CAP + 1}, and the pages still reach that far`, async () => {
		const big = await ctx.createAccount({ kyc: true })
		const n = POLICIES_COUNT_CAP + 30
		await ctx.db.execute(sql`
			with bought as (
				insert into purchases (customer_id, idempotency_key, product_id, input, quote, amount, payment_option, status)
				select ${big.customerId}, 'cap-' || g || '-' || ${big.customerId}, 5, '{}'::jsonb, '{}'::jsonb, 0, 'subscription', 'subscribed'
				from generate_series(1, ${n}) as g
				returning id
			)
			insert into policies (customer_id, purchase_id, kind, product_id, policy_number, status, premium, period, cover_start, cover_end)
			select ${big.customerId}, id, 'policy', 5, 'CP-CAP-' || id, 'active', 1000, 'annual', ${today}::date, ${day(300)}::date from bought`)
		expect(await list(big, '')).toMatchObject({ total: POLICIES_COUNT_CAP + 1, page: 1, page_size: 20 })
		expect((await list(big, '?status=active')).total).toBe(POLICIES_COUNT_CAP + 1)
		expect((await list(big, '?status=expired')).total).toBe(0)
		const last = await list(big, `?page=${Math.ceil(n / 100)}&page_size=100`)
		expect(last.items).toHaveLength(n % 100)
	})

	test('GET /claims/products names each product the business holds once; another business has its own', async () => {
		const products = await ctx.call('GET', '/claims/products', { token: owner.token })
		expect(products.status).toBe(200)
		expect(products.body.data.map((p: { product_id: number }) => p.product_id).sort()).toEqual([PRODUCT_IDS.comprehensive, 5])
		const names = products.body.data.map((p: { product_name: string }) => p.product_name)
		expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)))
		const other = await ctx.createAccount({ kyc: true })
		expect((await ctx.call('GET', '/claims/products', { token: other.token })).body.data).toEqual([])
		expect(await ctx.call('GET', '/claims/products')).toMatchObject({ status: 401 })
		const finance = await ctx.createMember(owner, 'Finance')
		expect(await ctx.call('GET', '/claims/products', { token: finance.token })).toMatchObject({ status: 403 })
	})
})
