import { desc, sql } from 'drizzle-orm'
import { z } from 'zod'
import { mailOutbox } from '../db/schema.ts'
import type { Deps } from '../deps.ts'
import { defineRoute } from '../http.ts'
import { ApiError } from '../errors.ts'
import { isLoopback } from '../security/client-address.ts'
import { creditReferralRewards } from '../services/rewards.tsx'

const OutboxMail = z.object({
	id: z.string(),
	to: z.string(),
	subject: z.string(),
	text: z.string(),
	html: z.string().nullable(),
	attachments: z.array(z.string()),
	created_at: z.string(),
})

/** The demo's tools answer only in demo mode, and from the machine itself unless OUTBOX_PUBLIC opens them. */
function refuseUnlessDemoTool(deps: Deps, address: string | null) {
	if (!deps.env.demo || !(deps.env.outboxPublic || isLoopback(address))) throw new ApiError(404, 'We could not find that page.')
}

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
	defineRoute({
		method: 'post',
		path: '/dev/jobs/referral-rewards',
		summary: 'Run the referral rewards job as if the clock read `at` (demo mode only, from the machine itself)',
		tag: 'dev',
		auth: 'public',
		body: z.object({ at: z.iso.datetime({ offset: true }), referrer_id: z.uuid().optional() }),
		response: z.object({ earned: z.number().int(), voided: z.number().int(), paid: z.number().int() }),
		handler: async ({ body, deps, c }) => {
			refuseUnlessDemoTool(deps, c.get('clientAddress'))
			const at = new Date(body.at)
			return { data: await creditReferralRewards({ ...deps, now: () => at }, { referrerId: body.referrer_id }) }
		},
	}),
]
