import { and, desc, eq } from 'drizzle-orm'
import { beforeAll, expect, test } from 'vitest'
import { describeApi, testApi } from '#tests/support/test-api.ts'
import { referrals, users } from '../schema.ts'
import { seedDemoRewards } from './demo-rewards.ts'
import { NEWEST_MEMBER, seedDemoTeam } from './demo-team.ts'
import { DEMO_PASSWORD, seedDemoAccounts } from './index.ts'

// The demo business's team: members in three roles and an invitation waiting, as its team tab lists them,
// the newest the one its bell says joined; seeded once however often the seed runs.

describeApi('the demo business’s team', () => {
	let ctx: Awaited<ReturnType<typeof testApi>>
	let token: string
	let customerId: string

	beforeAll(async () => {
		ctx = await testApi()
		await seedDemoAccounts(ctx.db)
		await seedDemoTeam(ctx.db, 'business@example.com')
		await seedDemoTeam(ctx.db, 'business@example.com')
		await seedDemoRewards(ctx.db)
		const signedIn = await ctx.call('POST', '/auth/sign-in', {
			body: { email: 'business@example.com', password: DEMO_PASSWORD, platform: 'web' },
		})
		token = signedIn.body.data.access_token
		const [owner] = await ctx.db.select({ customerId: users.customerId }).from(users).where(eq(users.email, 'business@example.com'))
		customerId = owner!.customerId!
	})

	test('members with their roles, an invitation waiting, and the bell naming the newest member', async () => {
		const team = await ctx.call('GET', `/team/${customerId}`, { token })
		expect(team.status).toBe(200)
		const members = team.body.data.members as Array<{ first_name: string; last_name: string; role: { name: string } }>
		expect(members.map((m) => `${m.first_name} ${m.last_name}: ${m.role.name}`).sort()).toEqual([
			'Adaeze Okafor: Owner',
			'Emeka Nwosu: Finance',
			'Kemi Bello: Admin',
			'Zainab Yusuf: Viewer',
		])
		expect(team.body.data.invitations.map((i: { email: string }) => i.email)).toEqual(['tola.adeyemi@okaforlogistics.example'])
		// The owner stays the business's first user, whom a plan with no buyer on record is mailed about.
		expect(members[0]).toMatchObject({ first_name: 'Adaeze', last_name: 'Okafor' })
		const bell = await ctx.call('GET', '/notifications', { token })
		expect(bell.body.data.items.map((n: { title: string }) => n.title)).toContain(`${NEWEST_MEMBER} joined the team`)
	})

	test('the bell tells of things when they happened, the read ones older than the new, and each leads to what it tells', async () => {
		const items = (await ctx.call('GET', '/notifications', { token })).body.data.items as Array<{
			kind: string
			title: string
			href: string
			read: boolean
			created_at: string
		}>
		const [referral] = await ctx.db
			.select({ at: referrals.paidAt })
			.from(referrals)
			.where(and(eq(referrals.referrerCustomerId, customerId), eq(referrals.status, 'paid')))
			.orderBy(desc(referrals.paidAt))
			.limit(1)
		const reward = items.find((n) => n.kind === 'reward_paid')!
		expect(reward.created_at).toBe(referral!.at!.toISOString())
		expect(reward.title).toBe('Referral reward of ₦2,500 paid for Chiamaka E.')
		// Its activity too, as the rewards job records one.
		const paid = (await ctx.call('GET', '/activities?type=rewards.paid', { token })).body.data.items as Array<{
			description: string
			created_at: string
		}>
		expect(paid.find((a) => a.description.includes('for Chiamaka E. (REF-'))?.created_at).toBe(reward.created_at)
		// The failed payment is in the history the notification leads to, at the same moment.
		const failed = items.find((n) => n.kind === 'payment_failed')!
		expect(failed.href).toBe('/transaction-history?status=failed')
		const history = (await ctx.call('GET', '/transactions?status=failed', { token })).body.data.items as Array<{ created_at: string }>
		expect(history.map((h) => h.created_at)).toEqual([failed.created_at])
		const newest = (read: boolean) => Math.max(...items.filter((n) => n.read === read).map((n) => Date.parse(n.created_at)))
		const oldest = (read: boolean) => Math.min(...items.filter((n) => n.read === read).map((n) => Date.parse(n.created_at)))
		expect(newest(true)).toBeLessThan(oldest(false))
		expect(new Set(items.map((n) => n.created_at)).size).toBe(items.length)
	})

	test('no seeded member signs in with the demo password', async () => {
		const tried = await ctx.call('POST', '/auth/sign-in', {
			body: { email: 'kemi.bello@okaforlogistics.example', password: DEMO_PASSWORD },
		})
		expect(tried).toMatchObject({ status: 400, body: { message: 'Incorrect email or password.' } })
	})
})
