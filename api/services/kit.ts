import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { CreateKitSessionBody, KitDetailsBody, KitSession } from '../contract/kit.ts'
import { KIT_SESSION_MINUTES } from '../contract/kit.ts'
import type { Db, Tx } from '../db/client.ts'
import { kitSessions, partnerKeys, payments, policies, purchases, rolePermissions, users, webhookDeliveries } from '../db/schema.ts'
import { findProduct } from '../domain/catalogue/index.ts'
import { QuoteBody } from '../domain/catalogue/quotes.ts'
import {
	KIT_PROBLEM_MESSAGES,
	type KitLaunchProblem,
	isAcknowledged,
	launchProblem,
	retryDelayMs,
	sessionProblem,
	webhookSignature,
} from '../domain/kit.ts'
import type { Deps } from '../deps.ts'
import { ApiError, fieldError, notFound } from '../errors.ts'
import type { AuthUser } from '../http.ts'
import { openKitPayload, sealKitPayload } from '../security/kit-payload.ts'
import { buy } from './purchases.ts'
import type { KeyRow } from './partner-keys.ts'
import { checkoutUrl, verifyPayment } from './payments.ts'

type SessionRow = typeof kitSessions.$inferSelect

export async function createKitSession(deps: Deps, key: KeyRow, body: z.output<typeof CreateKitSessionBody>) {
	if (body.product_id !== undefined && !findProduct(body.product_id)) throw fieldError(400, 'product_id', 'We could not find that product.')
	if (body.policy_id) {
		const [policy] = await deps.db
			.select({ id: policies.id })
			.from(policies)
			.where(and(eq(policies.id, body.policy_id), eq(policies.customerId, key.customerId)))
		if (!policy) throw fieldError(400, 'policy_id', 'We could not find that policy.')
	}
	const createdAt = deps.now()
	const expiresAt = new Date(createdAt.getTime() + KIT_SESSION_MINUTES * 60_000)
	const [session] = await deps.db
		.insert(kitSessions)
		.values({
			jti: crypto.randomUUID(),
			partnerKeyId: key.id,
			customerId: key.customerId,
			action: body.action,
			productId: body.product_id ?? null,
			policyId: body.policy_id ?? null,
			claimId: body.claim_id ?? null,
			paymentOption: body.payment_option,
			origin: body.origin,
			reference: body.reference,
			prefill: body.prefill,
			expiresAt,
			createdAt,
		})
		.returning()
	const token = await sealKitPayload(
		deps.kit.payloadKey,
		{
			pk: key.publicKey,
			reference: body.reference,
			action: body.action,
			payment_option: body.payment_option,
			origin: body.origin,
			...(body.product_id !== undefined ? { pid: body.product_id } : {}),
			...(body.policy_id ? { policy_id: body.policy_id } : {}),
			...(body.claim_id ? { claim_id: body.claim_id } : {}),
			progress: 0,
		},
		{ id: session!.jti, createdAt, expiresAt },
	)
	return {
		id: session!.id,
		inspection_sdk: token,
		url: `${deps.env.publicUrl}/kit?inspectionSdk=${encodeURIComponent(token)}`,
		expires_at: expiresAt.toISOString(),
	}
}

/** The refusal of a kit link or page: 410 for what is over, 403 for the wrong site. */
const problemError = (problem: KitLaunchProblem | 'tampered') =>
	new ApiError(problem === 'origin' ? 403 : problem === 'tampered' ? 400 : 410, KIT_PROBLEM_MESSAGES[problem])

/**
 * Open a payload: decrypt it, find its session, check its time and origin, and mark it opened, once.
 * Two opens at the same moment race on one conditional update; only one wins.
 */
export async function openKitSession(deps: Deps, token: string, hostOrigin: string | null) {
	const opened = await openKitPayload(deps.kit.payloadKey, token, deps.now())
	if (!opened.ok) throw problemError(opened.problem)
	const [session] = await deps.db.select().from(kitSessions).where(eq(kitSessions.jti, opened.sessionId))
	if (!session) throw problemError('tampered')
	const portalOrigin = new URL(deps.env.publicUrl).origin
	const problem = launchProblem(session, { now: deps.now(), hostOrigin, portalOrigin })
	if (problem) throw problemError(problem)
	const [claimed] = await deps.db
		.update(kitSessions)
		.set({ openedAt: deps.now(), status: 'open' })
		.where(and(eq(kitSessions.id, session.id), isNull(kitSessions.openedAt), eq(kitSessions.status, 'created')))
		.returning()
	if (!claimed) throw problemError(session.status === 'closed' ? 'closed' : 'used')
	return viewOf(deps, claimed)
}

/** An opened session that is still going on; `closed` lets a closed one through, for the page that says so. */
export async function sessionRow(deps: Deps, id: string, { closed = false } = {}) {
	const [session] = await deps.db.select().from(kitSessions).where(eq(kitSessions.id, id))
	if (!session || session.status === 'created') throw notFound('kit session')
	const problem = sessionProblem(session, deps.now())
	if (problem && !(closed && problem === 'closed')) throw problemError(problem)
	return session
}

async function viewOf(deps: Deps, session: SessionRow): Promise<KitSession> {
	const [key] = await deps.db.select({ name: partnerKeys.name }).from(partnerKeys).where(eq(partnerKeys.id, session.partnerKeyId))
	const [purchase] = session.purchaseId ? await deps.db.select().from(purchases).where(eq(purchases.id, session.purchaseId)) : []
	const [policy] = purchase ? await deps.db.select().from(policies).where(eq(policies.purchaseId, purchase.id)) : []
	const [payment] = purchase ? await deps.db.select().from(payments).where(eq(payments.purchaseId, purchase.id)) : []
	return {
		id: session.id,
		action: session.action,
		status: session.status,
		partner: key?.name ?? '',
		origin: session.origin,
		reference: session.reference,
		product_id: session.productId,
		policy_id: session.policyId,
		payment_option: session.paymentOption,
		prefill: session.prefill,
		draft: session.draft,
		expires_at: session.expiresAt.toISOString(),
		purchase: purchase
			? {
					id: purchase.id,
					status: purchase.status,
					amount: purchase.amount,
					policy_number: policy?.policyNumber ?? null,
					payment: payment ? { reference: payment.reference, authorization_url: checkoutUrl(payment), status: payment.status } : null,
				}
			: null,
	}
}

/**
 * A kit page's session. A purchase still waiting for the gateway is asked about, so the page that
 * reloads after paying sees it paid, and the session completes (once) when it is.
 */
export async function getKitSession(deps: Deps, id: string) {
	let session = await sessionRow(deps, id, { closed: true })
	if (session.purchaseId && session.status === 'open') {
		const [payment] = await deps.db.select().from(payments).where(eq(payments.purchaseId, session.purchaseId))
		if (payment && payment.status !== 'success') await verifyPayment(deps, payment.reference)
		session = await completeIfPaid(deps, session)
	}
	return viewOf(deps, session)
}

export async function saveKitDraft(
	deps: Deps,
	id: string,
	body: { quote: Record<string, string> } | { details: z.output<typeof KitDetailsBody> },
) {
	const session = await sessionRow(deps, id)
	if (session.status !== 'open' || session.purchaseId) throw new ApiError(409, 'This purchase was already made.')
	const draft = 'quote' in body ? { ...session.draft, quote: body.quote } : { ...session.draft, details: body.details }
	const [saved] = await deps.db.update(kitSessions).set({ draft }).where(eq(kitSessions.id, id)).returning()
	return viewOf(deps, saved!)
}

/** Whose purchase a kit's is: the member who made the partner key, for the partner's business. */
async function buyerOf(db: Db, key: KeyRow): Promise<AuthUser> {
	const [user] = await db.select().from(users).where(eq(users.id, key.createdBy))
	if (user?.status !== 'active') throw new ApiError(409, 'This partner key can no longer buy: its maker left the business.')
	const held = await db
		.select({ permission: rolePermissions.permission })
		.from(rolePermissions)
		.where(eq(rolePermissions.roleId, user.roleId))
	return {
		id: user.id,
		customerId: user.customerId,
		roleId: user.roleId,
		email: user.email,
		firstName: user.firstName,
		emailVerifiedAt: user.emailVerifiedAt,
		tokenId: `kit:${key.id}`,
		permissions: held.map((p) => p.permission),
	}
}

/**
 * Buy the session's product with the quote and details it holds, as the portal buys (the same service,
 * prices and ledger): from the partner's wallet, or through the gateway with the payer sent back to
 * the kit.
 */
export async function kitBuy(deps: Deps, id: string, idempotencyKey: string) {
	const session = await sessionRow(deps, id)
	if (session.action !== 'purchase' || session.productId === null) throw new ApiError(409, 'This kit session does not sell cover.')
	if (session.status !== 'open') throw new ApiError(409, 'This purchase was already made.')
	if (!session.draft.quote) throw fieldError(400, 'quote', 'Get a price first.')
	if (!session.draft.details) throw fieldError(400, 'details', 'Give your details first.')
	const quote = QuoteBody.safeParse({ ...session.draft.quote, product_id: String(session.productId) })
	if (!quote.success) throw fieldError(400, 'quote', quote.error.issues[0]?.message ?? 'Get a price again.')
	const [key] = await deps.db.select().from(partnerKeys).where(eq(partnerKeys.id, session.partnerKeyId))
	const buyer = await buyerOf(deps.db, key!)
	if (!buyer.permissions.includes('products.buy')) throw new ApiError(403, 'This partner key can no longer buy cover.')
	const outcome = await buy(
		deps,
		buyer,
		{ quote: quote.data, payment_option: session.paymentOption, idempotency_key: `kit-${session.id}-${idempotencyKey}`.slice(0, 100) },
		{ callbackUrl: `${deps.env.publicUrl}/kit/${session.id}/callback` },
	)
	const [linked] = await deps.db
		.update(kitSessions)
		.set({ purchaseId: outcome.purchase.id })
		.where(eq(kitSessions.id, session.id))
		.returning()
	return viewOf(deps, await completeIfPaid(deps, linked!))
}

/** A paid purchase completes its session, once, and queues the partner's webhook. */
async function completeIfPaid(deps: Deps, session: SessionRow) {
	if (!session.purchaseId || session.status !== 'open') return session
	const [purchase] = await deps.db.select().from(purchases).where(eq(purchases.id, session.purchaseId))
	if (purchase?.status !== 'paid') return session
	const [policy] = await deps.db.select().from(policies).where(eq(policies.purchaseId, purchase.id))
	const completed = await completeKitSession(deps, session, 'kit.purchase.completed', async () => ({
		product_id: session.productId,
		purchase: { id: purchase.id, amount: purchase.amount, payment_option: purchase.paymentOption },
		policy: policy ? { id: policy.id, policy_number: policy.policyNumber } : null,
		customer: session.draft.details ?? null,
	}))
	return completed ?? (await deps.db.select().from(kitSessions).where(eq(kitSessions.id, session.id)))[0]!
}

/**
 * A kit session completes, once (whatever it did: a purchase, an inspection, a claim): its status and
 * the partner's webhook event are written in one transaction, `details` reading the event's own data
 * inside it. The first try of the webhook goes out now; the job retries what fails. Null when the
 * session had already ended.
 */
export async function completeKitSession(
	deps: Deps,
	session: SessionRow,
	type: 'kit.purchase.completed' | 'kit.inspection.submitted' | 'kit.claim.submitted',
	details: (tx: Tx) => Promise<Record<string, unknown>>,
) {
	const completed = await deps.db.transaction(async (tx) => {
		const [done] = await tx
			.update(kitSessions)
			.set({ status: 'completed', completedAt: deps.now() })
			.where(and(eq(kitSessions.id, session.id), eq(kitSessions.status, 'open')))
			.returning()
		if (!done) return null
		const [key] = await tx.select().from(partnerKeys).where(eq(partnerKeys.id, session.partnerKeyId))
		if (key?.webhookUrl) {
			const eventId = `evt_kit_${session.id}_completed`
			const body = JSON.stringify({
				id: eventId,
				type,
				created_at: deps.now().toISOString(),
				data: { session_id: session.id, reference: session.reference, action: session.action, ...(await details(tx)) },
			})
			await tx
				.insert(webhookDeliveries)
				.values({ eventId, partnerKeyId: key.id, url: key.webhookUrl, body, nextAttemptAt: deps.now() })
				.onConflictDoNothing()
		}
		return done
	})
	if (completed)
		void deliverDueWebhooks(deps).catch((error) => console.warn(`[kit] webhooks: ${error instanceof Error ? error.message : error}`))
	return completed
}

/** The kit closed before finishing: the session ends, and its pages say so. */
export async function closeKitSession(deps: Deps, id: string) {
	const session = await sessionRow(deps, id, { closed: true })
	if (session.status !== 'open') return viewOf(deps, session)
	const [closed] = await deps.db
		.update(kitSessions)
		.set({ status: 'closed' })
		.where(and(eq(kitSessions.id, id), eq(kitSessions.status, 'open'), isNull(kitSessions.purchaseId)))
		.returning()
	return viewOf(deps, closed ?? session)
}

const WEBHOOK_TIMEOUT_MS = 10_000
/** A delivery under way is not picked up again for this long, by this process or another. */
const LEASE_MS = 60_000

/**
 * Send every webhook that is due, each claimed first so two runs do not send it at once. A 2xx answer
 * acknowledges it; anything else, or no answer, waits longer each time (retryDelayMs).
 */
export async function deliverDueWebhooks(deps: Deps, limit = 20) {
	const now = deps.now()
	const due = await deps.db
		.select({ id: webhookDeliveries.id })
		.from(webhookDeliveries)
		.where(and(isNull(webhookDeliveries.deliveredAt), lte(webhookDeliveries.nextAttemptAt, now)))
		.orderBy(asc(webhookDeliveries.nextAttemptAt))
		.limit(limit)
	let delivered = 0
	let failed = 0
	for (const { id } of due) {
		const [claimed] = await deps.db
			.update(webhookDeliveries)
			.set({ nextAttemptAt: new Date(now.getTime() + LEASE_MS), attempts: sql`${webhookDeliveries.attempts} + 1` })
			.where(and(eq(webhookDeliveries.id, id), isNull(webhookDeliveries.deliveredAt), lte(webhookDeliveries.nextAttemptAt, now)))
			.returning()
		if (!claimed) continue
		const [key] = await deps.db.select().from(partnerKeys).where(eq(partnerKeys.id, claimed.partnerKeyId))
		let status: number | null = null
		let error: string | null = null
		try {
			const response = await deps.kit.fetch(claimed.url, {
				method: 'POST',
				headers: {
					'content-type': 'application/json',
					'x-kit-signature': webhookSignature(key!.webhookSecret, claimed.body),
					'x-kit-event-id': claimed.eventId,
				},
				body: claimed.body,
				redirect: 'manual',
				signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
			})
			status = response.status
			await response.body?.cancel()
		} catch (thrown) {
			error = thrown instanceof Error ? thrown.message : String(thrown)
		}
		if (status !== null && isAcknowledged(status)) {
			await deps.db
				.update(webhookDeliveries)
				.set({ deliveredAt: deps.now(), lastStatus: status, lastError: null })
				.where(eq(webhookDeliveries.id, id))
			delivered++
		} else {
			await deps.db
				.update(webhookDeliveries)
				.set({
					lastStatus: status,
					lastError: error ?? `The partner answered ${status}.`,
					nextAttemptAt: new Date(deps.now().getTime() + retryDelayMs(claimed.attempts)),
				})
				.where(eq(webhookDeliveries.id, id))
			failed++
		}
	}
	return { delivered, failed }
}
