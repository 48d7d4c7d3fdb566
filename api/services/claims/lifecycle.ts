import { and, eq, sql } from 'drizzle-orm'
import type { IncidentType } from '../../contract/catalogue.ts'
import type { EstimateLine } from '../../contract/claims.ts'
import type { ClaimStatus } from '../../contract/statuses.ts'
import type { Db, Tx } from '../../db/client.ts'
import { claimEvents, claimFiles, claims } from '../../db/schema.ts'
import {
	CLAIM_DOCUMENTS,
	type ClaimAction,
	type ClaimEventAction,
	type ClaimActor,
	claimLimit,
	claimNeeds,
	missingForReview,
	transition,
} from '../../domain/claims.ts'
import { lagosDate } from '../../domain/policies.ts'
import type { Deps } from '../../deps.ts'
import type { AuthUser } from '../../http.ts'
import { ApiError, fieldError, notFound } from '../../errors.ts'
import { recordActivity } from '../accounts.ts'
import { notifyClaim } from '../claim-mail.tsx'
import { notify } from '../notifications.ts'
import { filesOf } from './files.ts'
import { checkDetails, claimNumber, type Details, policyOf } from './policy.ts'

// A claim's life on the customer's side: made as a draft, completed, submitted; every move under the
// claim's row lock with its event (docs/decisions/068-claim-lifecycle.md).

type ClaimRow = typeof claims.$inferSelect

/** A claim's status in a notification's words (the portal's badges say the same; app/lib/statuses.ts). */
export const CLAIM_STATUS_WORDS: Record<ClaimStatus, string> = {
	pending: 'more is needed from you',
	inspection_submitted: 'photos sent',
	estimate_submitted: 'estimate sent',
	documented: 'in review',
	approved: 'approved',
	declined: 'declined',
	offer_sent: 'an offer is waiting for you',
	offer_accepted: 'offer accepted',
	offer_rejected: 'offer rejected',
	paid: 'paid out',
	settled: 'settled',
}

export async function recordClaimEvent(
	tx: Db | Tx,
	claim: { id: string },
	event: {
		actor: ClaimActor
		userId: string | null
		action: ClaimEventAction
		from: ClaimStatus | null
		to: ClaimStatus
		note?: string | null
	},
) {
	await tx.insert(claimEvents).values({
		claimId: claim.id,
		actor: event.actor,
		userId: event.userId,
		action: event.action,
		fromStatus: event.from,
		toStatus: event.to,
		note: event.note ?? null,
	})
}

/** A new claim on one of the business's policies: pending, a draft the customer completes and may leave and resume. */
export async function createClaim(deps: Deps, auth: AuthUser, body: Details & { policy_id: string }) {
	const ctx = await policyOf(deps.db, auth.customerId, body.policy_id)
	const claimant = await checkDetails(deps.db, deps, ctx, body)
	const now = deps.now()
	const created = await deps.db.transaction(async (tx) => {
		const result = (await tx.execute(sql`select nextval('claim_number_seq')::int as n`)) as unknown as { rows: Array<{ n: number }> }
		const n = result.rows[0]!.n
		const [claim] = await tx
			.insert(claims)
			.values({
				customerId: auth.customerId,
				policyId: ctx.policy.id,
				claimNumber: claimNumber(Number(lagosDate(now).slice(0, 4)), n),
				status: 'pending',
				incidentType: body.incident_type,
				incidentDate: body.incident_date,
				place: body.place,
				description: body.description,
				amount: body.amount,
				claimantStaffId: claimant.staffId,
				claimantName: claimant.name,
				createdBy: auth.id,
				createdAt: now,
				updatedAt: now,
			})
			.returning()
		await recordClaimEvent(tx, claim!, { actor: 'customer', userId: auth.id, action: 'create', from: null, to: 'pending' })
		await recordActivity(tx, {
			customerId: auth.customerId,
			actorUserId: auth.id,
			type: 'claims.created',
			description: `${auth.firstName} started claim ${claim!.claimNumber} on ${ctx.product.name} policy ${ctx.policy.policyNumber}`,
		})
		return claim!
	})
	return created
}

export async function findClaim(db: Db | Tx, customerId: string | null, id: string) {
	const [claim] = await db
		.select()
		.from(claims)
		.where(and(eq(claims.id, id), customerId ? eq(claims.customerId, customerId) : undefined))
	if (!claim) throw notFound('claim')
	return claim
}

/**
 * Move a claim by an action, under a row lock so two moves at once happen one after the other, with
 * its event recorded in the same transaction; the customer hears of it after commit.
 */
export async function moveClaim(
	deps: Deps,
	who: { actor: ClaimActor; userId: string; customerId: string | null },
	id: string,
	action: ClaimAction,
	change: (claim: ClaimRow, tx: Tx) => Promise<Partial<typeof claims.$inferInsert>> = async () => ({}),
	note?: string | null,
) {
	const moved = await deps.db.transaction(async (tx) => {
		const [claim] = await tx
			.select()
			.from(claims)
			.where(and(eq(claims.id, id), who.customerId ? eq(claims.customerId, who.customerId) : undefined))
			.for('update')
		if (!claim) throw notFound('claim')
		const result = transition(claim.status, action, who.actor)
		if (!result.ok) throw new ApiError(result.status, result.message)
		const values = await change(claim, tx)
		const [updated] = await tx
			.update(claims)
			.set({ ...values, status: result.next, updatedAt: deps.now() })
			.where(eq(claims.id, id))
			.returning()
		if (result.next !== claim.status || action !== 'edit') {
			await recordClaimEvent(tx, claim, {
				actor: who.actor,
				userId: who.userId,
				action,
				from: claim.status,
				to: result.next,
				note: note ?? null,
			})
		}
		if (result.next !== claim.status) {
			await notify(tx, {
				businessId: claim.customerId,
				kind: 'claim_status',
				title: `Claim ${claim.claimNumber}: ${CLAIM_STATUS_WORDS[result.next]}`,
				href: `/claims/details-${claim.id}`,
			})
		}
		return { before: claim.status, claim: updated! }
	})
	if (moved.before !== moved.claim.status) await notifyClaim(deps, moved.claim)
	return moved.claim
}

export async function updateClaim(deps: Deps, auth: AuthUser, id: string, body: Details) {
	const claim = await findClaim(deps.db, auth.customerId, id)
	const ctx = await policyOf(deps.db, auth.customerId, claim.policyId)
	const claimant = await checkDetails(deps.db, deps, ctx, body, claim.id)
	return moveClaim(deps, { actor: 'customer', userId: auth.id, customerId: auth.customerId }, id, 'edit', async () => ({
		incidentType: body.incident_type,
		incidentDate: body.incident_date,
		place: body.place,
		description: body.description,
		amount: body.amount,
		claimantStaffId: claimant.staffId,
		claimantName: claimant.name,
	}))
}

export async function saveEstimate(deps: Deps, auth: AuthUser, id: string, lines: EstimateLine[]) {
	const claim = await findClaim(deps.db, auth.customerId, id)
	const total = lines.reduce((sum, l) => sum + l.amount, 0)
	const ctx = await policyOf(deps.db, auth.customerId, claim.policyId)
	const limit = claimLimit(ctx.product, claim.incidentType as IncidentType, ctx.input)
	if (total > limit)
		throw fieldError(400, 'lines', `The estimate comes to more than this policy's limit of ₦${limit.toLocaleString('en-NG')}.`)
	// The first estimate moves the claim on; a later one only replaces the lines.
	const action = claim.status === 'estimate_submitted' ? 'edit' : 'submit_estimate'
	return moveClaim(deps, { actor: 'customer', userId: auth.id, customerId: auth.customerId }, id, action, async () => ({ estimate: lines }))
}

/** Post-loss photos are in: the claim moves on from pending (once). */
export async function submitInspection(deps: Deps, auth: AuthUser, id: string) {
	const claim = await findClaim(deps.db, auth.customerId, id)
	const photos = await deps.db
		.select({ id: claimFiles.id })
		.from(claimFiles)
		.where(and(eq(claimFiles.claimId, id), sql`${claimFiles.field} like 'damage_%'`))
	if (photos.length === 0) throw new ApiError(400, 'Upload at least one photo of the damage.')
	if (claim.status !== 'pending') return claim
	return moveClaim(deps, { actor: 'customer', userId: auth.id, customerId: auth.customerId }, id, 'submit_inspection')
}

/** Everything is in: the claim goes to the desk's queue. */
export async function submitClaim(deps: Deps, auth: AuthUser, id: string) {
	const claim = await findClaim(deps.db, auth.customerId, id)
	const ctx = await policyOf(deps.db, auth.customerId, claim.policyId)
	const files = await filesOf(deps.db, claim.id)
	const incident = claim.incidentType as IncidentType
	const missing = missingForReview({
		needs: claimNeeds(ctx.product.category, incident),
		photos: files.filter((f) => f.field.startsWith('damage_')).length,
		estimateLines: claim.estimate.length,
		documents: files.map((f) => f.field),
		wanted: CLAIM_DOCUMENTS[incident],
	})
	if (missing.length) throw new ApiError(400, `Add ${missing.join(', ')} before you submit the claim.`)
	return moveClaim(deps, { actor: 'customer', userId: auth.id, customerId: auth.customerId }, id, 'submit_documents', async () => ({
		submittedAt: deps.now(),
		deskNote: null,
	}))
}
