import { beforeAll, expect, test } from 'vitest'
import { inArray } from 'drizzle-orm'
import { USAGE_MEMBERS } from '#api/contract/claims.ts'
import { claims, staff } from '#api/db/schema.ts'
import { lagosDate } from '#api/domain/policies.ts'
import { insertPolicy } from '#tests/support/claims.ts'
import { activePlan } from '#tests/support/plans.ts'
import { describeApi, testApi } from '#tests/support/test-api.ts'

// A plan's usage per member (GET /policies/:id/usage): the members who have claimed, the most first, and a count
// of those who have not, in place of a bar of nothing for each of up to a thousand members.

type Ctx = Awaited<ReturnType<typeof testApi>>

describeApi("a staff plan's usage per member", () => {
	let ctx: Ctx
	let owner: Awaited<ReturnType<Ctx['createAccount']>>
	let plan: string
	let members: Array<{ id: string; name: string }>
	const usage = async (id = plan) => {
		const res = await ctx.call('GET', `/policies/${id}/usage`, { token: owner.token })
		expect(res.status).toBe(200)
		return res.body.data
	}

	beforeAll(async () => {
		ctx = await testApi()
		owner = await ctx.createAccount({ kyc: true })
		plan = (await activePlan(ctx, owner, 4, { prefix: 'u', phone: (i) => `0803${4_400_000 + i}` })).id
		members = (await ctx.call('GET', `/policies/${plan}/members`, { token: owner.token })).body.data.members
	})

	test('nobody claimed: no bars, and the members counted; then the claimants, the most first', async () => {
		expect(await usage()).toMatchObject({ by_member: [], claimants: 0, members_without_claims: 4, total_used: 0 })
		const claim = async (member: { id: string }, amount: number) => {
			const made = await ctx.call('POST', '/claims', {
				token: owner.token,
				body: {
					policy_id: plan,
					claimant_staff_id: member.id,
					incident_type: 'hospital_visit',
					incident_date: lagosDate(ctx.deps.now()),
					place: 'Reddington Hospital, Victoria Island',
					description: 'Seen at the hospital for a fever and given medicine.',
					amount,
				},
			})
			expect(made.status).toBe(201)
			return made.body.data.id as string
		}
		const made = [await claim(members[0]!, 20_000), await claim(members[2]!, 35_000), await claim(members[0]!, 5_000)]
		// A claim counts against the limit once the desk approves it.
		await ctx.db.update(claims).set({ status: 'approved' }).where(inArray(claims.id, made))
		const after = await usage()
		expect(after.by_member).toEqual([
			expect.objectContaining({ name: members[2]!.name, used: 35_000 }),
			expect.objectContaining({ name: members[0]!.name, used: 25_000 }),
		])
		expect(after).toMatchObject({ claimants: 2, members_without_claims: 2, total_used: 60_000 })

		// More claimants than the page lists: the most first, and how many there are in all.
		const [first] = await ctx.db.select().from(claims).where(inArray(claims.id, made)).limit(1)
		const { id: _, ...row } = first!
		const copies = USAGE_MEMBERS + 5
		await ctx.db.insert(claims).values(
			Array.from({ length: copies }, (_, i) => ({
				...row,
				claimNumber: `${row.claimNumber}-${i}`,
				claimantName: `Claimant ${i}`,
				claimantStaffId: null,
				amount: 1_000 * (i + 1),
				offer: null,
			})),
		)
		const many = await usage()
		expect(many).toMatchObject({ claimants: copies + 2, members_without_claims: 2 })
		expect(many.by_member).toHaveLength(USAGE_MEMBERS)
		const used = many.by_member.map((m: { used: number }) => m.used)
		expect(used).toEqual([...used].sort((a, b) => b - a))
		expect(many.by_member[0]).toMatchObject({ name: `Claimant ${copies - 1}`, used: 1_000 * copies })
		expect(many.by_member.map((m: { name: string }) => m.name)).not.toContain('Claimant 0')
	})

	test("a policy's usage names its holder, claimed or not, and counts no members", async () => {
		const gadget = await insertPolicy(ctx, owner.customerId)
		const data = await usage(gadget.id)
		expect(data).toMatchObject({ claimants: 1, members_without_claims: null })
		expect(data.by_member).toEqual([expect.objectContaining({ used: 0 })])
	})

	test('two members of one name are two claimants', async () => {
		const twins = (await activePlan(ctx, owner, 2, { prefix: 't', phone: (i) => `0803${4_500_000 + i}` })).id
		const listed = (await ctx.call('GET', `/policies/${twins}/members`, { token: owner.token })).body.data.members as Array<{ id: string }>
		await ctx.db
			.update(staff)
			.set({ firstName: 'Ngozi', lastName: 'Eze' })
			.where(inArray(staff.policyId, [twins]))
		const made: string[] = []
		for (const [i, member] of listed.entries()) {
			const res = await ctx.call('POST', '/claims', {
				token: owner.token,
				body: {
					policy_id: twins,
					claimant_staff_id: member.id,
					incident_type: 'virtual_consultation',
					incident_date: lagosDate(ctx.deps.now()),
					place: 'At home, Surulere',
					description: 'A video consultation for a cough and a sore throat.',
					amount: 10_000 * (i + 1),
				},
			})
			expect(res.status).toBe(201)
			made.push(res.body.data.id)
		}
		await ctx.db.update(claims).set({ status: 'approved' }).where(inArray(claims.id, made))
		const data = await usage(twins)
		expect(data).toMatchObject({ claimants: 2, members_without_claims: 0 })
		expect(data.by_member.map((m: { name: string; used: number }) => [m.name, m.used])).toEqual([
			['Ngozi Eze', 20_000],
			['Ngozi Eze', 10_000],
		])
	})
})
