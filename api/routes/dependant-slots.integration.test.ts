import { and, eq } from 'drizzle-orm'
import { beforeAll, expect, test } from 'vitest'
import { activities } from '#api/db/schema.ts'
import { activePlan } from '#tests/support/plans.ts'
import { describeApi, testApi } from '#tests/support/test-api.ts'

// A staff plan's dependant slots (docs/decisions/165-dependant-slots.md): GET and POST /policies/:id/dependant-slots.

type Ctx = Awaited<ReturnType<typeof testApi>>
type Account = Awaited<ReturnType<Ctx['createAccount']>>

describeApi('dependant slots', () => {
	let ctx: Ctx
	let other: Account

	beforeAll(async () => {
		ctx = await testApi()
		other = await ctx.createAccount({ kyc: true })
	})

	test("dependant slots: set at once on a live staff plan, never below the dependants holding them nor above five a member; a member's page says what is free", async () => {
		// A business of its own: the plans it ends are not the other tests' to count.
		const mine = await ctx.createAccount({ kyc: true })
		const mineViewer = (await ctx.createMember(mine, 'Viewer')).token
		const plan = (await activePlan(ctx, mine, 2, { prefix: 'd', phone: (i) => `0803${String(2_100_000 + i)}` })).id
		const slots = (token = mine.token) => ctx.call('GET', `/policies/${plan}/dependant-slots`, { token })
		const set = (dependant_slots: unknown, token = mine.token) =>
			ctx.call('POST', `/policies/${plan}/dependant-slots`, { token, body: { dependant_slots } })
		expect((await slots()).body.data).toEqual({ dependant_slots: 0, dependants: 0, max: 10, monthly_rate: 7_500 })
		const staffList = (await ctx.call('GET', '/employees?q=d1-', { token: mine.token })).body.data.items as { id: string }[]
		const member = staffList[0]!.id
		const memberPage = async () => (await ctx.call('GET', `/employees/${member}`, { token: mine.token })).body.data
		expect(await memberPage()).toMatchObject({ dependant_slots_free: 0 })
		const spouse = { first_name: 'Ada', last_name: 'Okafor', relationship: 'spouse', date_of_birth: '1991-04-02', gender: 'female' }
		expect(await ctx.call('POST', `/employees/${member}/dependants`, { token: mine.token, body: spouse })).toMatchObject({ status: 409 })

		expect(await set(2)).toMatchObject({
			status: 200,
			body: { data: { dependant_slots: 2, dependants: 0 }, message: 'The plan now has 2 dependant slots.' },
		})
		expect(await memberPage()).toMatchObject({ dependant_slots_free: 2 })
		expect(await ctx.call('POST', `/employees/${member}/dependants`, { token: mine.token, body: spouse })).toMatchObject({ status: 201 })
		expect(await memberPage()).toMatchObject({ dependant_slots_free: 1 })
		expect((await slots()).body.data).toMatchObject({ dependant_slots: 2, dependants: 1 })

		const refused = (res: Awaited<ReturnType<typeof set>>) => [res.status, JSON.stringify(res.body)]
		expect(refused(await set(0))).toEqual([
			409,
			expect.stringContaining('1 dependant holds a slot of this plan: remove dependants before going below 1.'),
		])
		expect(refused(await set(11))).toEqual([
			400,
			expect.stringContaining("At most 5 dependants for each of the plan's 2 staff: 10 in all."),
		])
		expect(refused(await set(2))).toEqual([400, expect.stringContaining('The plan already has 2 dependant slots.')])
		expect(refused(await set('two'))).toEqual([400, expect.stringContaining('Enter how many dependants the plan may cover.')])
		expect(refused(await set(-1))).toEqual([400, expect.stringContaining('Enter 0 or more.')])
		expect(await set(3, mineViewer)).toMatchObject({ status: 403 })
		expect(await set(3, other.token)).toMatchObject({ status: 404 })
		expect(await slots(other.token)).toMatchObject({ status: 404 })
		expect(await set(1)).toMatchObject({
			status: 200,
			body: { data: { dependant_slots: 1, dependants: 1 }, message: 'The plan now has 1 dependant slot.' },
		})
		expect(await memberPage()).toMatchObject({ dependant_slots_free: 0 })

		// Each change is on the plan's activity list and the business's log.
		const list = (await ctx.call('GET', `/policies/${plan}/activities`, { token: mine.token })).body.data.items as {
			kind: string
			description: string
		}[]
		expect(list.filter((a) => a.kind === 'dependant_slots').map((a) => a.description)).toEqual([
			'Dependant slots changed from 2 to 1',
			'Dependant slots changed from 0 to 2',
		])
		const log = await ctx.db
			.select()
			.from(activities)
			.where(and(eq(activities.customerId, mine.customerId), eq(activities.type, 'plans.dependant_slots')))
		expect(log).toHaveLength(2)

		// A plan ending at its period's end is live until then; one that has ended keeps its slots as they were.
		expect(
			await ctx.call('POST', `/policies/${plan}/remove`, { token: mine.token, body: { action: 'deactivate', when: 'period_end' } }),
		).toMatchObject({ status: 200 })
		expect(await set(3)).toMatchObject({ status: 200, body: { data: { dependant_slots: 3 } } })
		expect(
			await ctx.call('POST', `/policies/${plan}/remove`, { token: mine.token, body: { action: 'terminate', when: 'now' } }),
		).toMatchObject({ status: 200 })
		expect(refused(await set(4))).toEqual([409, expect.stringContaining('This plan is terminated: its dependant slots cannot change.')])
	})
})
