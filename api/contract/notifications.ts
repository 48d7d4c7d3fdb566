import { z } from 'zod'
import { Id, Page, Paginated } from './common.ts'

// The bell in the header (docs/decisions/114-notifications.md).

/** What a notification is about; invoices' kinds are for the invoices to send when they arrive. */
export const NOTIFICATION_KINDS = [
	'claim_status',
	'payment_failed',
	'member_joined',
	'invoice_issued',
	'invoice_overdue',
	'reward_paid',
] as const
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]

export const Notification = z.object({
	id: Id,
	kind: z.enum(NOTIFICATION_KINDS),
	title: z.string(),
	href: z.string(),
	read: z.boolean(),
	created_at: z.string(),
})
export type Notification = z.infer<typeof Notification>

export const NotificationsQuery = z.object({ page: Page })
export const NotificationsResponse = Paginated(Notification).extend({ unread: z.number().int() })
export const UnreadCountResponse = z.object({ unread: z.number().int() })
export const MarkReadBody = z.object({
	ids: z.array(Id).min(1, 'Name at least one notification.').max(100, 'At most 100 at a time.'),
})
