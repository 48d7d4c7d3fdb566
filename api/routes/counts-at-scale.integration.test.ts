import { sql } from 'drizzle-orm'
import { beforeAll, expect, test } from 'vitest'
import { ACTIVITIES_COUNT_CAP } from '#api/contract/activities.ts'
import { INVOICES_COUNT_CAP } from '#api/contract/invoices.ts'
import { insertPolicy } from '#tests/support/claims.ts'
import { describeApi, testApi } from '#tests/support/test-api.ts'

// The invoices list and the activity log count so far and no further, and their pages reach past the
// cap without a repeat (docs/decisions/123-billing-at-scale.md). Timing is the bench's (bench/scale.ts).

type Ctx = Awaited<ReturnType<typeof testApi>>
type Page<T> = { items: T[]; total: number }

const ROWS = INVOICES_COUNT_CAP + 50

describeApi('counts at scale', () => {
	let ctx: Ctx

	beforeAll(async () => {
		ctx = await testApi()
	})

	test('the invoices list counts up to its cap, totals every invoice, and pages newest month first without repeats', async () => {
		const owner = await ctx.createAccount({ kyc: true })
		const plans = await Promise.all([0, 1, 2].map(() => insertPolicy(ctx, owner.customerId)))
		// Invoice g bills plan g % 3 for month g / 3: three invoices a month, told apart by their numbers,
		// so the list's order is g from the highest down. Its total is 1000 + g; one in ten is paid (the
		// totals count a paid invoice's total), one in ten void.
		await ctx.db.execute(sql`
			insert into invoices (customer_id, policy_id, kind, number, status, period_start, period_end, issued_on, due_on, total)
			select ${owner.customerId}, (array[${plans[0]!.id}, ${plans[1]!.id}, ${plans[2]!.id}]::uuid[])[1 + g % 3], 'invoice',
				'INV-' || lpad(g::text, 6, '0'),
				case g % 10 when 0 then 'paid' when 1 then 'void' else 'open' end, m, (m + interval '1 month' - interval '1 day')::date, m, m + 7, 1000 + g
			from generate_series(1, ${ROWS}) as g, lateral (select (date '1930-01-01' + make_interval(months => g / 3))::date as m) as month`)
		const page = async (n: number, filter = '') => {
			const res = await ctx.call('GET', `/invoices?page=${n}&page_size=100${filter}`, { token: owner.token })
			expect(res.status).toBe(200)
			return res.body.data as Page<{ id: string; number: string; total: number }> & { totals: Record<string, number> }
		}
		const first = await page(1)
		expect(first.total).toBe(INVOICES_COUNT_CAP + 1)
		const sum = (keep: (g: number) => boolean) =>
			Array.from({ length: ROWS }, (_, k) => k + 1)
				.filter(keep)
				.reduce((a, g) => a + 1000 + g, 0)
		expect(first.totals).toEqual({
			billed: sum(() => true),
			paid: sum((g) => g % 10 === 0),
			outstanding: sum((g) => g % 10 > 1),
		})
		const totals: number[] = []
		const ids: string[] = []
		for (let n = 1; n <= Math.ceil(ROWS / 100); n++) {
			const { items } = n === 1 ? first : await page(n)
			ids.push(...items.map((i) => i.id))
			totals.push(...items.map((i) => i.total))
		}
		expect(ids).toHaveLength(ROWS)
		expect(new Set(ids).size).toBe(ROWS)
		expect(totals).toEqual(Array.from({ length: ROWS }, (_, k) => 1000 + ROWS - k))
		// A filter that matches fewer than the cap is counted exactly.
		const recent = await page(1, '&from=1950-01-01')
		expect(recent.total).toBe(ROWS - (20 * 12 * 3 - 1))
	})

	test('the activity log counts up to its cap and pages newest first without repeats', async () => {
		const owner = await ctx.createAccount({ kyc: true })
		await ctx.db.execute(sql`
			insert into activities (customer_id, type, description, created_at)
			select ${owner.customerId}, 'scale.test', 'Entry ' || g, timestamptz '2026-06-01T12:00:00Z' - make_interval(mins => g / 3)
			from generate_series(1, ${ROWS}) as g`)
		const page = async (n: number, size = 100) => {
			const res = await ctx.call('GET', `/activities?type=scale.test&page=${n}&page_size=${size}`, { token: owner.token })
			expect(res.status).toBe(200)
			return res.body.data as Page<{ id: string; description: string; created_at: string }>
		}
		// Home's newest five.
		const newest = await page(1, 5)
		expect(newest.total).toBe(ACTIVITIES_COUNT_CAP + 1)
		expect(
			newest.items
				.map((a) => a.description)
				.slice(0, 2)
				.sort(),
		).toEqual(['Entry 1', 'Entry 2'])
		const ids: string[] = []
		const times: string[] = []
		for (let n = 1; n <= Math.ceil(ROWS / 100); n++) {
			const { items } = await page(n)
			ids.push(...items.map((a) => a.id))
			times.push(...items.map((a) => a.created_at))
		}
		expect(ids).toHaveLength(ROWS)
		expect(new Set(ids).size).toBe(ROWS)
		expect(times).toEqual([...times].sort().reverse())
		// Fewer than the cap: the exact count.
		const signUp = await ctx.call('GET', '/activities?type=account.created', { token: owner.token })
		expect(signUp.body.data.total).toBe(1)
	})
})
