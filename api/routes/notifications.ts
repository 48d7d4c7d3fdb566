import { MarkReadBody, NotificationsQuery, NotificationsResponse, UnreadCountResponse } from '../contract/notifications.ts'
import { z } from 'zod'
import { defineRoute } from '../http.ts'
import { listNotifications, markRead, unreadCount } from '../services/notifications.ts'

export const notificationRoutes = [
	defineRoute({
		method: 'get',
		path: '/notifications',
		summary: "The caller's notifications, newest first, with the unread count",
		tag: 'notifications',
		auth: 'user',
		query: NotificationsQuery,
		response: NotificationsResponse,
		handler: async ({ query, auth, deps }) => ({ data: await listNotifications(deps.db, auth.id, query.page) }),
	}),
	defineRoute({
		method: 'get',
		path: '/notifications/unread-count',
		summary: "How many of the caller's notifications are unread (the bell's number)",
		tag: 'notifications',
		auth: 'user',
		response: UnreadCountResponse,
		handler: async ({ auth, deps }) => ({ data: { unread: await unreadCount(deps.db, auth.id) } }),
	}),
	defineRoute({
		method: 'post',
		path: '/notifications/read',
		summary: 'Mark some of the caller’s notifications read',
		tag: 'notifications',
		auth: 'user',
		body: MarkReadBody,
		response: z.object({ marked: z.number().int() }),
		handler: async ({ body, auth, deps }) => ({ data: { marked: await markRead(deps.db, auth.id, body.ids, deps.now()) } }),
	}),
]
