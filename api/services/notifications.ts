import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm'
import type { NotificationKind } from '../contract/notifications.ts'
import type { Db, Tx } from '../db/client.ts'
import { notifications, users } from '../db/schema.ts'

// The bell's notifications (docs/decisions/114-notifications.md): what happened to the account,
// written in the transaction of the change, one row per member told.

export const NOTIFICATIONS_PAGE_SIZE = 20

/** Whom to tell: every active member of a business, or one person. */
export type Audience = { businessId: string; userId?: undefined } | { userId: string; businessId?: undefined }

/**
 * Tell the account something happened, in the caller's transaction so the notification exists exactly
 * when the change does. `href` is the portal's path of the screen it is about.
 */
export async function notify(tx: Db | Tx, input: Audience & { kind: NotificationKind; title: string; href: string }) {
	const to = input.userId
		? await tx.select({ id: users.id, customerId: users.customerId }).from(users).where(eq(users.id, input.userId))
		: await tx
				.select({ id: users.id, customerId: users.customerId })
				.from(users)
				.where(and(eq(users.customerId, input.businessId!), eq(users.status, 'active')))
	if (to.length === 0) return 0
	await tx
		.insert(notifications)
		.values(to.map((u) => ({ customerId: u.customerId, userId: u.id, kind: input.kind, title: input.title, href: input.href })))
	return to.length
}

export async function unreadCount(db: Db, userId: string) {
	const [row] = await db
		.select({ n: count() })
		.from(notifications)
		.where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
	return row?.n ?? 0
}

/** One page of a person's notifications, newest first, with how many are unread. */
export async function listNotifications(db: Db, userId: string, page: number) {
	const where = eq(notifications.userId, userId)
	const [rows, [total], unread] = await Promise.all([
		db
			.select()
			.from(notifications)
			.where(where)
			.orderBy(desc(notifications.createdAt), desc(notifications.id))
			.limit(NOTIFICATIONS_PAGE_SIZE)
			.offset((page - 1) * NOTIFICATIONS_PAGE_SIZE),
		db.select({ n: count() }).from(notifications).where(where),
		unreadCount(db, userId),
	])
	return {
		items: rows.map((r) => ({
			id: r.id,
			kind: r.kind as NotificationKind,
			title: r.title,
			href: r.href,
			read: r.readAt !== null,
			created_at: r.createdAt.toISOString(),
		})),
		page,
		page_size: NOTIFICATIONS_PAGE_SIZE,
		total: total?.n ?? 0,
		unread,
	}
}

/** Mark someone's notifications read; others' ids are passed over. Answers how many were unread. */
export async function markRead(db: Db, userId: string, ids: readonly string[], now: Date) {
	const marked = await db
		.update(notifications)
		.set({ readAt: now })
		.where(and(eq(notifications.userId, userId), inArray(notifications.id, [...ids]), isNull(notifications.readAt)))
		.returning({ id: notifications.id })
	return marked.length
}
