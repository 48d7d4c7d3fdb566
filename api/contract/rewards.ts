import { z } from 'zod'
import { Id, Page, Paginated } from './common.ts'

// Rewards and referrals (docs/decisions/112-referral-rewards.md).

export const ReferralStatus = z.enum(['pending', 'earned', 'paid', 'void'])

export const RewardsSummary = z.object({
	code: z.string(),
	/** The link to share: sign-up with the code in it. */
	link: z.string(),
	reward: z.number().int(),
	qualifying_days: z.number().int(),
	counts: z.object({ pending: z.number().int(), earned: z.number().int(), paid: z.number().int(), void: z.number().int() }),
	/** Naira paid into the wallet so far, and earned but not yet paid. */
	paid_total: z.number().int(),
	earned_total: z.number().int(),
})
export type RewardsSummary = z.infer<typeof RewardsSummary>

export const Referral = z.object({
	id: Id,
	/** The referred account as the referrer may see it: a business's name, a person's first name and initial. */
	name: z.string(),
	joined_at: z.string(),
	amount: z.number().int(),
	status: ReferralStatus,
	/** Why a void referral earns nothing, in words. */
	reason: z.string().nullable(),
	earned_at: z.string().nullable(),
	paid_at: z.string().nullable(),
})
export type Referral = z.infer<typeof Referral>

export const ReferralsQuery = z.object({ page: Page })
export const ReferralsResponse = Paginated(Referral)
