import { desc, sql } from 'drizzle-orm'
import { z } from 'zod'
import { mailOutbox } from '../db/schema.ts'
import { defineRoute } from '../http.ts'
import { ApiError } from '../errors.ts'
import { isLoopback } from '../security/client-address.ts'

const OutboxMail = z.object({
	id: z.string(),
	to: z.string(),
	subject: z.string(),
	text: z.string(),
	html: z.string().nullable(),
	attachments: z.array(z.string()),
	created_at: z.string(),
})

/**
 * The local outbox holds every code and reset mailed: readable only in demo mode, where the mailer is
 * the outbox, and from the machine itself unless OUTBOX_PUBLIC opens it (docs/decisions/033-demo-mode.md).
 */
export const devRoutes = [
	defineRoute({
		method: 'get',
		path: '/dev/outbox',
		summary: 'Mail kept by the local outbox (demo mode only, from the machine itself unless OUTBOX_PUBLIC)',
		tag: 'dev',
		auth: 'public',
		query: z.object({ to: z.string().optional() }),
		response: z.array(OutboxMail),
		handler: async ({ query, deps, c }) => {
			const readable = deps.env.demo && deps.mailer.kind === 'outbox' && (deps.env.outboxPublic || isLoopback(c.get('clientAddress')))
			if (!readable) throw new ApiError(404, 'We could not find that page.')
			const rows = await deps.db
				.select()
				.from(mailOutbox)
				.where(query.to ? sql`lower(${mailOutbox.to}) = ${query.to.toLowerCase()}` : undefined)
				.orderBy(desc(mailOutbox.createdAt))
				.limit(100)
			return {
				data: rows.map((r) => ({
					id: r.id,
					to: r.to,
					subject: r.subject,
					text: r.text,
					html: r.html,
					attachments: r.attachments,
					created_at: r.createdAt.toISOString(),
				})),
			}
		},
	}),
]
