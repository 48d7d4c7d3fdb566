import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { beforeAll, expect, test } from 'vitest'
import { formatDay } from '#api/contract/dates.ts'
import { activities, policies, policyEvents, purchases } from '#api/db/schema.ts'
import { computeQuote } from '#api/domain/pricing/index.ts'
import { addMonths, lagosDate } from '#api/domain/policies.ts'
import { approveInspection } from '#api/services/activation.ts'
import { describeApi, testApi } from '#tests/support/test-api.ts'
import { activePlan as activePlanOf, csvFile, upload as uploadTo } from '#tests/support/plans.ts'
import { newKey } from '#tests/support/wallet.ts'

// Managing a plan (issue 14): GET /policies?status=, /policies/:id/activities, /members, POST /remove,
// /period, /plan-change, /migration, /batch-removal, GET /hospitals; own-damage auto waits for its inspection.

type Ctx = Awaited<ReturnType<typeof testApi>>
type Account = Awaited<ReturnType<Ctx['createAccount']>>

describeApi('managing a plan', () => {
	let ctx: Ctx
	let owner: Account
	let other: Account
	let viewerToken: string
	let planA: string
	let planB: string
	const today = () => lagosDate(ctx.deps.now())
	const firstOfNextMonth = () => addMonths(`${today().slice(0, 7)}-01`, 1)

	const upload = (token: string, path: string, fields: Record<string, string | File>) => uploadTo(ctx, token, path, fields)
	const activePlan = (account: Account, n: number, prefix: string, productId = '32') =>
		activePlanOf(ctx, account, n, {
			prefix,
			productId,
			phone: (i) => `0803${String(2_000_000 + i + (prefix.charCodeAt(0) % 7) * 100).slice(0, 7)}`,
		})

	beforeAll(async () => {
		ctx = await testApi()
		owner = await ctx.createAccount({ kyc: true })
		other = await ctx.createAccount({ kyc: true })
		viewerToken = (await ctx.createMember(owner, 'Viewer')).token
		planA = (await activePlan(owner, 4, 'a')).id
		planB = (await activePlan(owner, 3, 'b', '33')).id
	})

	test('the members of a staff plan; a policy or another business has none', async () => {
		const res = await ctx.call('GET', `/policies/${planA}/members`, { token: owner.token })
		expect(res.status).toBe(200)
		expect(res.body.data).toMatchObject({ slots: 4, monthly_rate: 7_500 })
		expect(res.body.data.members).toHaveLength(4)
		expect(res.body.data.members[0]).toMatchObject({ state: 'active', effective_on: null, to_plan: null })
		expect(await ctx.call('GET', `/policies/${planA}/members`)).toMatchObject({ status: 401 })
		expect(await ctx.call('GET', `/policies/${planA}/members`, { token: other.token })).toMatchObject({ status: 404 })
		expect(await ctx.call('GET', '/policies/nope/members', { token: owner.token })).toMatchObject({ status: 400 })
	})

	test('batch removal: preview with per-row errors, nothing changes; confirmed, members leave on the 1st of next month', async () => {
		const members = (await ctx.call('GET', `/policies/${planA}/members`, { token: owner.token })).body.data.members
		const body = { identifiers: [members[0].email.toUpperCase(), 'nobody@example.com', '', members[1].phone, members[0].email] }
		const preview = await ctx.call('POST', `/policies/${planA}/batch-removal`, { token: owner.token, body })
		expect(preview.status).toBe(200)
		expect(preview.body.data).toMatchObject({
			effective_on: firstOfNextMonth(),
			monthly_before: 30_000,
			monthly_after: 15_000,
			confirmed: false,
		})
		expect(preview.body.data.members.map((m: { id: string }) => m.id)).toEqual([members[0].id, members[1].id])
		expect(preview.body.data.errors).toEqual([
			{ row: 2, value: 'nobody@example.com', message: 'No member of this plan has this email.' },
			{ row: 5, value: members[0].email, message: `${members[0].name} is already on the list.` },
		])
		// With errors, confirming is refused and nothing is written.
		const refused = await ctx.call('POST', `/policies/${planA}/batch-removal`, { token: owner.token, body: { ...body, confirm: true } })
		expect(refused).toMatchObject({ status: 400, body: { message: 'Correct or take out the rows with errors first.' } })
		expect(
			(await ctx.call('GET', `/policies/${planA}/activities`, { token: owner.token })).body.data.items.some(
				(a: { kind: string }) => a.kind === 'member_removal',
			),
		).toBe(false)

		expect(await ctx.call('POST', `/policies/${planA}/batch-removal`, { token: owner.token, body: {} })).toMatchObject({ status: 400 })
		expect(await ctx.call('POST', `/policies/${planA}/batch-removal`, { token: owner.token, body: { member_ids: ['x'] } })).toMatchObject({
			status: 400,
		})
		expect(await ctx.call('POST', `/policies/${planA}/batch-removal`, { token: viewerToken, body })).toMatchObject({ status: 403 })
		expect(await ctx.call('POST', `/policies/${planA}/batch-removal`, { token: other.token, body })).toMatchObject({ status: 404 })
		expect(await ctx.call('POST', `/policies/${planA}/batch-removal`, { body })).toMatchObject({ status: 401 })

		const done = await ctx.call('POST', `/policies/${planA}/batch-removal`, {
			token: owner.token,
			body: { member_ids: [members[0].id], confirm: true },
		})
		expect(done).toMatchObject({
			status: 200,
			body: { data: { confirmed: true }, message: `1 leaving on ${formatDay(firstOfNextMonth())}.` },
		})
		const after = (await ctx.call('GET', `/policies/${planA}/members`, { token: owner.token })).body.data.members
		expect(after.find((m: { id: string }) => m.id === members[0].id)).toMatchObject({
			state: 'to_be_removed',
			effective_on: firstOfNextMonth(),
		})
		const policy = (await ctx.call('GET', `/policies/${planA}`, { token: owner.token })).body.data
		expect(policy).toMatchObject({ to_be_removed: true, active: true, state: 'active' })
		const filtered = await ctx.call('GET', '/policies?status=to_be_removed', { token: owner.token })
		expect(filtered.body.data.items.map((p: { id: string }) => p.id)).toEqual([planA])
		const log = await ctx.db
			.select()
			.from(activities)
			.where(and(eq(activities.customerId, owner.customerId), eq(activities.type, 'plans.members_removed')))
		expect(log).toHaveLength(1)
		const booked = (await ctx.call('GET', `/policies/${planA}/activities`, { token: owner.token })).body.data.items
		expect(booked.find((a: { kind: string }) => a.kind === 'member_removal').description).toBe(
			`${members[0].name} to be removed on ${formatDay(firstOfNextMonth())}`,
		)
	})

	test('an uploaded list of members to remove is read for its emails and phone numbers; nothing changes', async () => {
		const list = ['email,note', 'ada@eze-foods.ng,leaving', '08031234567,', 'no one here,'].join('\r\n')
		const read = await upload(owner.token, `/policies/${planA}/batch-removal/list`, { file: csvFile(list) })
		expect(read).toEqual({ status: 200, body: { data: { identifiers: ['ada@eze-foods.ng', '08031234567'] } } })
		const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'list.csv')
		expect(await upload(owner.token, `/policies/${planA}/batch-removal/list`, { file: png })).toMatchObject({
			status: 400,
			body: { errors: [{ path: 'file' }] },
		})
		expect(await upload(owner.token, `/policies/${planA}/batch-removal/list`, { note: 'no file' })).toMatchObject({ status: 400 })
		expect(await upload(viewerToken, `/policies/${planA}/batch-removal/list`, { file: csvFile(list) })).toMatchObject({ status: 403 })
		expect(await upload(other.token, `/policies/${planA}/batch-removal/list`, { file: csvFile(list) })).toMatchObject({ status: 404 })
		const anonymous = await ctx.api.request(`/api/v1/policies/${planA}/batch-removal/list`, { method: 'POST' })
		expect(anonymous.status).toBe(401)
	})

	test('migration: preview of who moves and both monthly costs; confirmed, members move on the 1st of next month', async () => {
		const members = (await ctx.call('GET', `/policies/${planA}/members`, { token: owner.token })).body.data.members
		const mover = members.find((m: { state: string }) => m.state === 'active')
		const body = { to_policy_id: planB, member_ids: [mover.id] }
		const grow = await ctx.call('POST', `/policies/${planB}/plan-change`, { token: owner.token, body: { product_id: 33, slots: 5 } })
		expect(grow.body.data).toMatchObject({ difference: 30_000, confirmed: false })
		const ok = await ctx.call('POST', `/policies/${planA}/migration`, { token: owner.token, body })
		expect(ok.status).toBe(200)
		expect(ok.body.data).toMatchObject({
			effective_on: firstOfNextMonth(),
			from: { members_before: 4, members_after: 3, monthly_after: 22_500 },
			to: { members_before: 3, members_after: 4, monthly_rate: 15_000, monthly_after: 60_000 },
			confirmed: false,
		})
		expect(
			await ctx.call('POST', `/policies/${planA}/migration`, { token: owner.token, body: { ...body, to_policy_id: planA } }),
		).toMatchObject({ status: 400 })
		expect(
			await ctx.call('POST', `/policies/${planA}/migration`, { token: owner.token, body: { ...body, to_policy_id: randomUUID() } }),
		).toMatchObject({ status: 400 })
		expect(await ctx.call('POST', `/policies/${planA}/migration`, { token: viewerToken, body })).toMatchObject({ status: 403 })
		expect(await ctx.call('POST', `/policies/${planA}/migration`, { token: other.token, body })).toMatchObject({ status: 404 })
		expect(await ctx.call('POST', `/policies/${planA}/migration`, { body })).toMatchObject({ status: 401 })
		expect(await ctx.call('POST', `/policies/${planA}/migration`, { token: owner.token, body: { ...body, confirm: true } })).toMatchObject({
			status: 200,
			body: { message: `1 moving on ${formatDay(firstOfNextMonth())}.` },
		})
		const moving = (await ctx.call('GET', `/policies/${planA}/members`, { token: owner.token })).body.data.members
		expect(moving.find((m: { id: string }) => m.id === mover.id)).toMatchObject({ state: 'moving', to_plan: { id: planB } })
		// On the 1st of next month the member is on the new plan, and gone from the old: the move is dated today here.
		await ctx.db
			.update(policyEvents)
			.set({ effectiveOn: today() })
			.where(and(eq(policyEvents.staffId, mover.id), eq(policyEvents.kind, 'member_migration')))
		const there = (await ctx.call('GET', `/policies/${planB}/members`, { token: owner.token })).body.data.members
		expect(there.map((m: { id: string }) => m.id)).toContain(mover.id)
		const left = (await ctx.call('GET', `/policies/${planA}/members`, { token: owner.token })).body.data.members
		expect(left.map((m: { id: string }) => m.id)).not.toContain(mover.id)
		const activity = (await ctx.call('GET', `/policies/${planB}/activities`, { token: owner.token })).body.data.items
		expect(activity[0]).toMatchObject({ kind: 'member_migration', upcoming: false })
	})

	test('edit plan and period of cover: previewed, booked from the next period, in the activity list', async () => {
		const bad = await ctx.call('POST', `/policies/${planA}/plan-change`, { token: owner.token, body: { product_id: 1, slots: 4 } })
		expect(bad).toMatchObject({ status: 400, body: { errors: [{ path: 'product_id' }] } })
		expect(
			await ctx.call('POST', `/policies/${planA}/plan-change`, { token: owner.token, body: { product_id: 32, slots: 0 } }),
		).toMatchObject({ status: 400 })
		expect(
			await ctx.call('POST', `/policies/${planA}/plan-change`, { token: viewerToken, body: { product_id: 33, slots: 4 } }),
		).toMatchObject({ status: 403 })
		expect(
			await ctx.call('POST', `/policies/${planA}/plan-change`, { token: other.token, body: { product_id: 33, slots: 4 } }),
		).toMatchObject({ status: 404 })
		const policy = (await ctx.call('GET', `/policies/${planA}`, { token: owner.token })).body.data
		const done = await ctx.call('POST', `/policies/${planA}/plan-change`, {
			token: owner.token,
			body: { product_id: 33, slots: 4, confirm: true },
		})
		expect(done.body.data).toMatchObject({
			current: { monthly: 30_000 },
			proposed: { monthly: 60_000 },
			difference: 30_000,
			effective_on: policy.next_period_start,
			confirmed: true,
		})
		expect(done.body.message).toBe(`The change takes effect on ${formatDay(policy.next_period_start)}.`)

		expect(await ctx.call('POST', `/policies/${planA}/period`, { token: owner.token, body: { period: 'weekly' } })).toMatchObject({
			status: 400,
		})
		expect(await ctx.call('POST', `/policies/${planA}/period`, { token: owner.token, body: { period: 'annual' } })).toMatchObject({
			status: 400,
			body: { errors: [{ path: 'period', message: 'The period of cover is already annual.' }] },
		})
		expect(await ctx.call('POST', `/policies/${planA}/period`, { token: viewerToken, body: { period: 'monthly' } })).toMatchObject({
			status: 403,
		})
		expect(await ctx.call('POST', `/policies/${planA}/period`, { body: { period: 'monthly' } })).toMatchObject({ status: 401 })
		expect(await ctx.call('POST', `/policies/${planA}/period`, { token: other.token, body: { period: 'monthly' } })).toMatchObject({
			status: 404,
		})
		expect((await ctx.call('POST', `/policies/${planA}/period`, { token: owner.token, body: { period: 'monthly' } })).status).toBe(200)
		const list = (await ctx.call('GET', `/policies/${planA}/activities`, { token: owner.token })).body.data.items
		expect(list.slice(0, 2).map((a: { kind: string; upcoming: boolean }) => [a.kind, a.upcoming])).toEqual([
			['period_change', true],
			['plan_change', true],
		])
		expect(await ctx.call('GET', `/policies/${planA}/activities`, { token: other.token })).toMatchObject({ status: 404 })
	})

	test('remove a policy: at the end of its period (to_be_ until then), or at once; the status filter follows', async () => {
		const plan = (await activePlan(owner, 1, 'c')).id
		expect(
			await ctx.call('POST', `/policies/${plan}/remove`, { token: owner.token, body: { action: 'pause', when: 'now' } }),
		).toMatchObject({ status: 400 })
		expect(
			await ctx.call('POST', `/policies/${plan}/remove`, { token: viewerToken, body: { action: 'deactivate', when: 'now' } }),
		).toMatchObject({ status: 403 })
		expect(
			await ctx.call('POST', `/policies/${plan}/remove`, { token: other.token, body: { action: 'deactivate', when: 'now' } }),
		).toMatchObject({ status: 404 })
		const later = await ctx.call('POST', `/policies/${plan}/remove`, {
			token: owner.token,
			body: { action: 'deactivate', when: 'period_end' },
		})
		expect(later).toMatchObject({ status: 200, body: { data: { state: 'to_be_deactivated', to_be_deactivated: true, active: true } } })
		const ids = async (status: string) =>
			(await ctx.call('GET', `/policies?status=${status}`, { token: owner.token })).body.data.items.map((p: { id: string }) => p.id)
		expect(await ids('to_be_deactivated')).toEqual([plan])
		expect(await ctx.call('GET', '/policies?status=gone', { token: owner.token })).toMatchObject({ status: 400 })
		const now = await ctx.call('POST', `/policies/${plan}/remove`, { token: owner.token, body: { action: 'terminate', when: 'now' } })
		expect(now.body.data).toMatchObject({ state: 'terminated', is_terminated: true, active: false })
		expect(await ids('terminated')).toEqual([plan])
		expect(await ids('active')).not.toContain(plan)
		expect(
			await ctx.call('POST', `/policies/${plan}/remove`, { token: owner.token, body: { action: 'deactivate', when: 'now' } }),
		).toMatchObject({ status: 409 })
	})

	test('own-damage auto cover stays pending after activation until its pre-inspection is approved', async () => {
		// A comprehensive policy whose details are in, as activation now leaves it (its purchase stands in for a paid one).
		const [purchase] = await ctx.db
			.insert(purchases)
			.values({
				customerId: owner.customerId,
				idempotencyKey: newKey('auto'),
				productId: 2,
				input: {},
				quote: computeQuote({ product_id: 2, vehicle_class: 'private_car', vehicle_value: 4_500_000, period: 'annual' } as never) as never,
				amount: 225_000,
				paymentOption: 'wallet',
				status: 'paid',
			})
			.returning()
		const [policy] = await ctx.db
			.insert(policies)
			.values({
				customerId: owner.customerId,
				purchaseId: purchase!.id,
				kind: 'policy',
				productId: 2,
				policyNumber: `CP-AUTO-TEST-${randomUUID().slice(0, 8)}`,
				status: 'pending',
				premium: 225_000,
				period: 'annual',
				coverStart: today(),
				coverEnd: addMonths(today(), 12),
				activatedAt: new Date(),
			})
			.returning()
		if (!policy) throw new Error('no policy')
		const before = (await ctx.call('GET', `/policies/${policy.id}`, { token: owner.token })).body.data
		expect(before).toMatchObject({ is_pending: true, awaiting_inspection: true, active: false })
		await ctx.db.transaction((tx) => approveInspection(tx, policy.id, { userId: null, today: today() }))
		const after = (await ctx.call('GET', `/policies/${policy.id}`, { token: owner.token })).body.data
		expect(after).toMatchObject({ status: 'active', is_pending: false, awaiting_inspection: false, active: true })
		await expect(ctx.db.transaction((tx) => approveInspection(tx, policy.id, { userId: null, today: today() }))).rejects.toThrow(
			'not waiting',
		)
	})

	test('the hospital network: types, state and LGA, search, pages; sample data says so', async () => {
		const all = await ctx.call('GET', '/hospitals?page_size=10', { token: viewerToken })
		expect(await ctx.call('GET', '/hospitals', { token: (await ctx.createMember(owner, 'Finance')).token })).toMatchObject({ status: 403 })
		expect(all.status).toBe(200)
		expect(all.body.data).toMatchObject({ total: 296, page: 1, page_size: 10, sample: true })
		expect(all.body.data.hospitals).toHaveLength(10)
		const dental = (await ctx.call('GET', '/hospitals?type=dental&state=Lagos', { token: owner.token })).body.data
		expect(dental.total).toBeGreaterThan(0)
		for (const h of dental.hospitals) expect(h).toMatchObject({ type: 'dental', state: 'Lagos', sample: true })
		const one = dental.hospitals[0]
		const found = (
			await ctx.call('GET', `/hospitals?q=${encodeURIComponent(one.name.slice(0, 12))}&lga=${encodeURIComponent(one.lga)}`, {
				token: owner.token,
			})
		).body.data
		expect(found.hospitals.map((h: { id: string }) => h.id)).toContain(one.id)
		const page2 = (await ctx.call('GET', '/hospitals?page_size=10&page=2', { token: owner.token })).body.data.hospitals
		expect(page2[0].id).not.toBe(all.body.data.hospitals[0].id)
		expect(await ctx.call('GET', '/hospitals?type=spa', { token: owner.token })).toMatchObject({ status: 400 })
		expect(await ctx.call('GET', '/hospitals')).toMatchObject({ status: 401 })
	})
})
