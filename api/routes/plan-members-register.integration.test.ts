import { beforeAll, expect, test } from 'vitest'
import { and, eq, inArray } from 'drizzle-orm'
import { formatDay } from '#api/contract/dates.ts'
import { policyEvents, staff } from '#api/db/schema.ts'
import { lagosDate } from '#api/domain/policies.ts'
import { activePlan, moveTo } from '#tests/support/plans.ts'
import { pdfText } from '#tests/support/pdf.ts'
import { describeApi, testApi } from '#tests/support/test-api.ts'

// A plan's members as the register has them too (decision 168): someone removed from the staff list, or from
// this plan alone, is leaving the plan and then gone from it; a replacement's joiner is joining until their
// first day. The members' list, the plan's count, its certificate and its changes all say so.

type Ctx = Awaited<ReturnType<typeof testApi>>
type Member = { id: string; name: string; email: string; state: string; effective_on: string | null }

describeApi("a staff plan's members and the staff register", () => {
	let ctx: Ctx
	let owner: Awaited<ReturnType<Ctx['createAccount']>>
	let plan: string
	const employeeOf = new Map<string, string>()

	const members = async () => {
		const res = await ctx.call('GET', `/policies/${plan}/members?page_size=100`, { token: owner.token })
		expect(res.status).toBe(200)
		return res.body.data as { members: Member[]; on_plan: number; total: number }
	}
	/** The plan's "Members leaving" flag on its page and in the list, and whether the list's filter keeps it. */
	const leavingFlag = async (id = plan) => {
		const detail = await ctx.call('GET', `/policies/${id}`, { token: owner.token })
		const listed = (await ctx.call('GET', '/policies?kind=plan&page_size=100', { token: owner.token })).body.data.items as Array<{
			id: string
			to_be_removed: boolean
		}>
		const filtered = (await ctx.call('GET', '/policies?status=to_be_removed&page_size=100', { token: owner.token })).body.data
			.items as Array<{
			id: string
		}>
		return [detail.body.data.to_be_removed, listed.find((p) => p.id === id)?.to_be_removed, filtered.some((p) => p.id === id)]
	}
	const stateOf = (list: Member[]) => Object.fromEntries(list.map((m) => [m.name, [m.state, m.effective_on]]))
	const certificate = async () => {
		const res = await ctx.api.request(`/api/v1/policies/${plan}/certificate`, { headers: { authorization: `Bearer ${owner.token}` } })
		expect(res.status).toBe(200)
		return pdfText(new Uint8Array(await res.arrayBuffer()))
	}

	beforeAll(async () => {
		ctx = await testApi()
		owner = await ctx.createAccount({ kyc: true })
		plan = (await activePlan(ctx, owner, 5, { prefix: 'r', phone: (i) => `0803${3_300_000 + i}` })).id
		const rows = await ctx.db.select().from(staff).where(eq(staff.policyId, plan))
		for (const row of rows) employeeOf.set(`${row.firstName} ${row.lastName}`, row.employeeId!)
	})

	test('leaving the register or the plan, and joining by replacement: listed with the day, counted, and on the certificate', async () => {
		expect(await leavingFlag()).toEqual([false, false, false])
		const removed = await ctx.call('POST', '/employees/remove', {
			token: owner.token,
			body: { employee_ids: [employeeOf.get('r1 Okafor')] },
		})
		expect(removed.status).toBe(200)
		const { last_covered_day: lastDay, effective_on: leaves } = removed.body.data
		const offPlan = await ctx.call('POST', `/employees/${employeeOf.get('r2 Okafor')}/remove-from-plan`, {
			token: owner.token,
			body: { plan_id: plan },
		})
		expect(offPlan.status).toBe(200)
		const replaced = await ctx.call('POST', `/employees/${employeeOf.get('r3 Okafor')}/replace`, {
			token: owner.token,
			body: {
				replacement: {
					first_name: 'Joy',
					last_name: 'Okafor',
					email: `joy-${owner.customerId.slice(0, 8)}@eze-foods.ng`,
					phone: '08033300099',
					gender: 'female',
				},
			},
		})
		expect(replaced.status).toBe(200)

		const before = await members()
		expect(stateOf(before.members)).toEqual({
			'r1 Okafor': ['to_be_removed', leaves],
			'r2 Okafor': ['to_be_removed', leaves],
			'r3 Okafor': ['to_be_removed', leaves],
			'Joy Okafor': ['joining', leaves],
			'r4 Okafor': ['active', null],
			'r5 Okafor': ['active', null],
		})
		expect(before.on_plan).toBe(6)
		// The plan's "Members leaving" flag and filter hear the register too, not only the plan's own removals.
		expect(await leavingFlag()).toEqual([true, true, true])
		// So does its activity list (decision 171): each leaver and the joiner, by name, newest first, the day each holds.
		// The replacement and the joiner's enrolment are one change, written at one instant: either of the two may come first.
		const activities = await ctx.call('GET', `/policies/${plan}/activities`, { token: owner.token })
		expect(activities.status).toBe(200)
		const { policy_number: planNumber } = (await ctx.call('GET', `/policies/${plan}`, { token: owner.token })).body.data
		expect(activities.body.data.total).toBe(5)
		const lines = activities.body.data.items.map((a: { description: string; upcoming: boolean; effective_on: string; kind: string }) => [
			a.kind,
			a.description,
			a.upcoming,
			a.effective_on,
		])
		expect([...lines.slice(0, 2)].sort((a, b) => a[0].localeCompare(b[0])).concat(lines.slice(2))).toEqual([
			['enrolled', `Joy Okafor: Enrolled on ZenCare staff plan ${planNumber}`, true, leaves],
			['replaced', `r3 Okafor: Replaced by Joy Okafor (Ngozi): covered to ${formatDay(lastDay)}`, true, leaves],
			['removed_from_plan', `r2 Okafor: Removed from staff plan ${planNumber} by Ngozi: covered to ${formatDay(lastDay)}`, true, leaves],
			['removed', `r1 Okafor: Removed from the staff list by Ngozi: covered to ${formatDay(lastDay)}`, true, leaves],
			['activated', 'Activated for 5 staff', false, expect.any(String)],
		])
		expect((await ctx.call('GET', `/policies/${plan}`, { token: owner.token })).body.data.staff_count).toBe(6)
		const text = await certificate()
		expect(text).toContain('Members covered (6)')
		expect(text).toMatch(new RegExp(`r1 Okafor r1-[^ ]+ To ${formatDay(lastDay)}`))
		expect(text).toMatch(new RegExp(`Joy Okafor joy-[^ ]+ From ${formatDay(leaves)}`))
		expect(text).toMatch(/r4 Okafor r4-[^ ]+ Covered/)

		// Someone leaving, or not yet joined, is not chosen for another change: the plan's changes say why.
		const chosen = before.members.filter((m) => ['r1 Okafor', 'Joy Okafor'].includes(m.name)).map((m) => m.id)
		for (const id of chosen) {
			const refused = await ctx.call('POST', `/policies/${plan}/batch-removal`, { token: owner.token, body: { member_ids: [id] } })
			expect(refused.status).toBe(400)
			expect(JSON.stringify(refused.body)).toContain('Choose members of this plan who are covered and not already leaving.')
		}
		const listed = await ctx.call('POST', `/policies/${plan}/batch-removal`, {
			token: owner.token,
			body: { identifiers: [before.members.find((m) => m.name === 'r2 Okafor')!.email] },
		})
		expect(listed.body.data.errors).toEqual([expect.objectContaining({ row: 1, message: 'r2 Okafor is already leaving or moving.' })])

		// From the 1st: the leavers are gone from the plan, and the joiner is covered.
		await moveTo(ctx, leaves, owner)
		const after = await members()
		expect(stateOf(after.members)).toEqual({ 'Joy Okafor': ['active', null], 'r4 Okafor': ['active', null], 'r5 Okafor': ['active', null] })
		expect((await ctx.call('GET', `/policies/${plan}`, { token: owner.token })).body.data.staff_count).toBe(3)
		expect(await leavingFlag()).toEqual([false, false, false])
		const later = await certificate()
		expect(later).toContain('Members covered (3)')
		for (const gone of ['r1 Okafor', 'r2 Okafor', 'r3 Okafor']) expect(later).not.toContain(gone)
		// Their rows are kept: billing and the register's history still read them.
		const kept = await ctx.db
			.select({ id: staff.id })
			.from(staff)
			.where(and(eq(staff.policyId, plan), inArray(staff.employeeId, [employeeOf.get('r1 Okafor')!, employeeOf.get('r2 Okafor')!])))
		expect(kept).toHaveLength(2)
	})
	test('a member moved in from another plan who leaves the register: the new plan has members leaving, the old one not', async () => {
		const other = (await activePlan(ctx, owner, 2, { prefix: 'm', phone: (i) => `0803${3_400_000 + i}` })).id
		const mover = ((await ctx.call('GET', `/policies/${other}/members`, { token: owner.token })).body.data.members as Member[])[0]!
		const moved = await ctx.call('POST', `/policies/${other}/migration`, {
			token: owner.token,
			body: { to_policy_id: plan, member_ids: [mover.id], confirm: true },
		})
		expect(moved.status).toBe(200)
		// The move has taken effect: dated today here, as on the 1st of next month. Today as the database has it,
		// which dates the register's events (the API's clock is a month on, from the first test).
		await ctx.db
			.update(policyEvents)
			.set({ effectiveOn: lagosDate(new Date()) })
			.where(eq(policyEvents.staffId, mover.id))
		expect((await members()).members.map((m) => m.id)).toContain(mover.id)
		expect(await leavingFlag()).toEqual([false, false, false])
		const [row] = await ctx.db.select({ employeeId: staff.employeeId }).from(staff).where(eq(staff.id, mover.id))
		expect((await ctx.call('POST', '/employees/remove', { token: owner.token, body: { employee_ids: [row!.employeeId] } })).status).toBe(
			200,
		)
		expect((await members()).members.find((m) => m.id === mover.id)?.state).toBe('to_be_removed')
		expect(await leavingFlag()).toEqual([true, true, true])
		expect(await leavingFlag(other)).toEqual([false, false, false])
		// The leaving, and its cancelling, are on the activity list of the plan they were moved into, not the old one's.
		expect((await ctx.call('POST', `/employees/${row!.employeeId}/reactivate`, { token: owner.token, body: {} })).status).toBe(200)
		const listOf = async (id: string) =>
			(
				(await ctx.call('GET', `/policies/${id}/activities`, { token: owner.token })).body.data.items as Array<{
					description: string
				}>
			).map((a) => a.description)
		const here = await listOf(plan)
		expect(here.slice(0, 3)).toEqual([
			'm1 Okafor: Departure cancelled by Ngozi',
			expect.stringMatching(/^m1 Okafor: Removed from the staff list by Ngozi: covered to /),
			expect.stringMatching(/^m1 Okafor moves to ZenCare \(/),
		])
		const there = await listOf(other)
		expect(there.filter((d) => d.startsWith('m1 Okafor:'))).toEqual([])
		expect(there[0]).toMatch(/^m1 Okafor moves to ZenCare \(/)
	})
})
