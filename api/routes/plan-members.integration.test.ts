import { beforeAll, expect, test } from 'vitest'
import { count, eq, or } from 'drizzle-orm'
import { MEMBERS_PAGE_SIZE, PLAN_ACTIVITIES_PAGE_SIZE } from '#api/contract/plans.ts'
import { policyEvents } from '#api/db/schema.ts'
import { activePlan } from '#tests/support/plans.ts'
import { describeApi, testApi } from '#tests/support/test-api.ts'

// A plan's lists a page at a time: its members, searched (docs/decisions/166-plan-members-a-page.md), and its
// activities (decision 167): GET /policies/:id/members and /activities.

type Ctx = Awaited<ReturnType<typeof testApi>>
type Account = Awaited<ReturnType<Ctx['createAccount']>>
type Member = { id: string; name: string; phone: string }

describeApi('the members of a staff plan, a page at a time', () => {
	let ctx: Ctx
	let owner: Account
	let plan: string
	const phone = (i: number) => `0803${2_200_000 + i}`
	const members = (query: string, token = owner.token) => ctx.call('GET', `/policies/${plan}/members?${query}`, { token })

	beforeAll(async () => {
		ctx = await testApi()
		owner = await ctx.createAccount({ kyc: true })
		plan = (await activePlan(ctx, owner, MEMBERS_PAGE_SIZE + 2, { prefix: 'm', phone })).id
	})

	test('pages of 25 by name; the count is of every member; a page past the last is empty', async () => {
		const whole = (await members('page_size=100')).body.data
		expect(whole).toMatchObject({ total: 27, on_plan: 27, page: 1, page_size: 100 })
		const all = whole.members as Member[]
		expect(all).toHaveLength(27)
		const first = (await members('')).body.data
		expect(first).toMatchObject({ total: 27, on_plan: 27, page: 1, page_size: MEMBERS_PAGE_SIZE, slots: 27, monthly_rate: 7_500 })
		const second = (await members('page=2')).body.data
		expect(second.members.map((m: Member) => m.id)).toEqual(all.slice(25).map((m) => m.id))
		expect(first.members.map((m: Member) => m.id)).toEqual(all.slice(0, 25).map((m) => m.id))
		expect((await members('page=3')).body.data).toMatchObject({ members: [], total: 27, on_plan: 27, page: 3 })
	})

	test('a search matches part of a name or email, or the phone with or without 234; the plan is still counted whole', async () => {
		const found = async (q: string) => {
			const res = await members(`q=${encodeURIComponent(q)}`)
			expect(res.status).toBe(200)
			expect(res.body.data.on_plan).toBe(27)
			return res.body.data as { members: Member[]; total: number }
		}
		const m2 = await found('M2')
		expect(m2.total).toBe(9)
		expect(m2.members.map((m) => m.name).sort()).toEqual(
			['m2', ...Array.from({ length: 8 }, (_, i) => `m2${i}`)].map((n) => `${n} Okafor`).sort(),
		)
		expect((await found(phone(4))).members.map((m) => m.name)).toEqual(['m5 Okafor'])
		expect((await found(`+234${phone(4).slice(1)}`)).members.map((m) => m.name)).toEqual(['m5 Okafor'])
		expect(await found('nobody-here')).toMatchObject({ members: [], total: 0 })
		// A LIKE's own characters are taken as they are.
		expect(await found('%')).toMatchObject({ total: 0 })
	})

	test("the plan's activity list comes 20 a page, newest first, with the count of them all", async () => {
		const all = (await members('page_size=100')).body.data.members as Member[]
		const leaving = all.slice(0, 21).map((m) => m.id)
		const removed = await ctx.call('POST', `/policies/${plan}/batch-removal`, {
			token: owner.token,
			body: { member_ids: leaving, confirm: true },
		})
		expect(removed.status).toBe(200)
		const [stored] = await ctx.db
			.select({ n: count() })
			.from(policyEvents)
			.where(or(eq(policyEvents.policyId, plan), eq(policyEvents.toPolicyId, plan)))
		const total = Number(stored!.n)
		expect(total).toBeGreaterThan(PLAN_ACTIVITIES_PAGE_SIZE)
		const page = async (query: string) => {
			const res = await ctx.call('GET', `/policies/${plan}/activities${query}`, { token: owner.token })
			expect(res.status).toBe(200)
			return res.body.data as {
				items: { id: string; kind: string; description: string; created_at: string }[]
				page: number
				total: number
			}
		}
		const first = await page('')
		const second = await page('?page=2')
		expect(first).toMatchObject({ page: 1, page_size: PLAN_ACTIVITIES_PAGE_SIZE, total })
		expect(second).toMatchObject({ page: 2, total })
		expect(first.items).toHaveLength(PLAN_ACTIVITIES_PAGE_SIZE)
		expect(second.items).toHaveLength(total - PLAN_ACTIVITIES_PAGE_SIZE)
		const listed = [...first.items, ...second.items]
		expect(new Set(listed.map((a) => a.id)).size).toBe(total)
		expect(listed.filter((a) => a.kind === 'member_removal')).toHaveLength(21)
		// The oldest is the plan's activation by its staff sheet.
		expect(listed.at(-1)).toMatchObject({ kind: 'activated', description: 'Activated for 27 staff' })
		const times = listed.map((a) => a.created_at)
		expect(times).toEqual([...times].sort().reverse())
		expect((await page('?page=3')).items).toEqual([])
		const refused = await ctx.call('GET', `/policies/${plan}/activities?page=0`, { token: owner.token })
		expect([refused.status, JSON.stringify(refused.body)]).toEqual([
			400,
			expect.stringContaining('The page must be a whole number from 1.'),
		])
	})

	test('refused: pages that are not numbers, pages too large, long searches; another business, a policy', async () => {
		const refused = async (query: string, message: string) => {
			const res = await members(query)
			expect([res.status, JSON.stringify(res.body)]).toEqual([400, expect.stringContaining(message)])
		}
		await refused('page=0', 'The page must be a whole number from 1.')
		await refused('page=two', 'The page must be a whole number from 1.')
		await refused('page_size=101', 'A page holds from 1 to 100 members.')
		await refused(`q=${'a'.repeat(101)}`, 'Search with at most 100 characters.')
		const other = await ctx.createAccount({ kyc: true })
		expect(await members('', other.token)).toMatchObject({ status: 404 })
	})
})
