import { z } from 'zod'
import { ReferralsQuery, ReferralsResponse, RewardsSummary } from '../contract/rewards.ts'
import { users } from '../db/schema.ts'
import { eq } from 'drizzle-orm'
import { defineRoute } from '../http.ts'
import { listReferrals, rewardsSummary } from '../services/rewards.tsx'

export const rewardRoutes = [
	defineRoute({
		method: 'get',
		path: '/rewards',
		summary: "The business's referral code and link, and what its referrals earned",
		tag: 'rewards',
		auth: 'user',
		response: RewardsSummary,
		handler: async ({ auth, deps, c }) => ({ data: await rewardsSummary(deps, auth.customerId, c.get('portalUrl')) }),
	}),
	defineRoute({
		method: 'get',
		path: '/rewards/referrals',
		summary: 'The accounts the business referred, newest first: who, when, the reward and its status',
		tag: 'rewards',
		auth: 'user',
		query: ReferralsQuery,
		response: ReferralsResponse,
		handler: async ({ query, auth, deps }) => ({ data: await listReferrals(deps.db, auth.customerId, query.page) }),
	}),
	defineRoute({
		method: 'post',
		path: '/tour',
		summary: "The dashboard's guided tour was finished or dismissed: it does not show again",
		tag: 'users',
		auth: 'user',
		response: z.object({ toured_at: z.string() }),
		handler: async ({ auth, deps }) => {
			const now = deps.now()
			await deps.db.update(users).set({ touredAt: now }).where(eq(users.id, auth.id))
			return { data: { toured_at: now.toISOString() } }
		},
	}),
]
