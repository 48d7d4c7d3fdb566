import { z } from 'zod'
import { Id, Page, PageSize, Paginated } from './common.ts'

/**
 * Every kind of entry the API writes to the activity log: `recordActivity` takes no other, and the portal
 * names each for people (app/routes/settings/activity-types.ts), so a new kind cannot reach the log unnamed.
 */
export const ACTIVITY_TYPES = [
	'account.created',
	'user.updated',
	'password.changed',
	'password.reset',
	'business.updated',
	'business.cac_verified',
	'team.invited',
	'team.invitation_resent',
	'team.invitation_revoked',
	'team.joined',
	'team.role_changed',
	'team.deactivated',
	'team.reactivated',
	'role.created',
	'role.updated',
	'role.deleted',
	'wallet.funded',
	'wallet.withdrawal_requested',
	'wallet.withdrawal_confirmed',
	'wallet.withdrawal_approved',
	'wallet.withdrawal_cancelled',
	'wallet.withdrawal_paid',
	'wallet.withdrawal_failed',
	'cards.saved',
	'cards.default_changed',
	'cards.removed',
	'policies.issued',
	'policies.activated',
	'policies.renewed',
	'policies.deactivate',
	'policies.terminate',
	'policies.inspection_started',
	'policies.inspection_submitted',
	'policies.inspection_approved',
	'policies.inspection_rejected',
	'plans.subscribed',
	'plans.activated',
	'plans.changed',
	'plans.period_changed',
	'plans.change_effective',
	'plans.members_moved',
	'plans.members_removed',
	'plans.dependant_slots',
	'plan.paused',
	'staff.uploaded',
	'staff.imported',
	'claims.created',
	'invoice.paid',
	'invoice.overdue',
	'invoices.credit_note_issued',
	'rewards.paid',
	'partner_keys.created',
	'partner_keys.revoked',
] as const
export type ActivityType = (typeof ACTIVITY_TYPES)[number]

export const Activity = z.object({
	id: Id,
	type: z.string(),
	description: z.string(),
	actor: z.object({ id: Id, name: z.string() }).nullable(),
	created_at: z.string(),
})
export type Activity = z.infer<typeof Activity>

/** How far the activity log counts: `total` stops at one more than this, as the transactions' (docs/decisions/123-billing-at-scale.md). */
export const ACTIVITIES_COUNT_CAP = 1_000

const isoDate = z.iso.date({ message: 'Use a date like 2026-01-31.' })

export const ActivitiesQuery = z.object({
	type: z.string().max(60).optional(),
	actor: Id.optional(),
	from: isoDate.optional(),
	to: isoDate.optional(),
	page: Page,
	page_size: PageSize,
})

export const ActivitiesResponse = Paginated(Activity)

export const Todo = z.object({
	id: z.string(),
	title: z.string(),
	description: z.string(),
	href: z.string(),
})
export type Todo = z.infer<typeof Todo>
const LIMIT_MESSAGE = 'The limit must be a whole number from 1 to 50.'
export const TodosQuery = z.object({
	limit: z.coerce.number({ message: LIMIT_MESSAGE }).int(LIMIT_MESSAGE).min(1, LIMIT_MESSAGE).max(50, LIMIT_MESSAGE).optional(),
})
export const TodosResponse = z.array(Todo)

export const PermissionsResponse = z.array(z.string())
