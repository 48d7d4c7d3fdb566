import { eq, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { DeskDecisionBody, OfferBody } from '../contract/claims.ts'
import type { Db } from '../db/client.ts'
import { claims, customers, users } from '../db/schema.ts'
import { type Product, productById } from '../domain/catalogue/index.ts'
import { CLAIM_PAYOUT_THRESHOLD_DEFAULT, claimLimit, offerFor, payoutCheck, remainingLimit } from '../domain/claims.ts'
import { claimPayoutTransfer, claimReserveTransfer } from '../domain/ledger.ts'
import type { Deps } from '../deps.ts'
import type { AuthUser } from '../http.ts'
import { ApiError, fieldError } from '../errors.ts'
import { findClaim, moveClaim, serializeClaim } from './claims.ts'
import { postTransfer } from './ledger.ts'
import { purchases, policies } from '../db/schema.ts'
import type { IncidentType } from '../contract/catalogue.ts'

/** Whether a user is an operator of the claims desk: a member of the insurer's own record. */
export async function isOperator(db: Db, customerId: string) {
	const [row] = await db
		.select({ insurer: sql<boolean>`coalesce((${customers.meta}->>'insurer')::boolean, false)` })
		.from(customers)
		.where(eq(customers.id, customerId))
	return row?.insurer ?? false
}

const operator = (auth: AuthUser) => ({ actor: 'operator' as const, userId: auth.id, customerId: null })

/** Approve, decline with a reason code, or send back asking for documents; every one audited on the claim's timeline. */
export async function decideClaim(deps: Deps, auth: AuthUser, id: string, body: z.output<typeof DeskDecisionBody>) {
	switch (body.decision) {
		case 'approve':
			return moveClaim(deps, operator(auth), id, 'approve', async () => ({ deskNote: body.note ?? null }), body.note)
		case 'decline':
			return moveClaim(
				deps,
				operator(auth),
				id,
				'decline',
				async () => ({ declineReason: body.reason_code, deskNote: body.note ?? null }),
				`${body.reason_code}${body.note ? `: ${body.note}` : ''}`,
			)
		case 'request_documents':
			return moveClaim(deps, operator(auth), id, 'request_documents', async () => ({ deskNote: body.note }), body.note)
	}
}

async function remainingFor(db: Db, claim: typeof claims.$inferSelect) {
	const [row] = await db
		.select({ productId: policies.productId, input: purchases.input })
		.from(policies)
		.innerJoin(purchases, eq(purchases.id, policies.purchaseId))
		.where(eq(policies.id, claim.policyId))
	const product = productById(row!.productId as Product['id'])
	const serialized = await serializeClaim(db, claim, 'operator')
	return { product, remaining: remainingLimit(claimLimit(product, claim.incidentType as IncidentType, row!.input), serialized.used) }
}

/** The offer: the assessed loss less the excess and betterment, within what is left of the limit. */
export async function sendOffer(deps: Deps, auth: AuthUser, id: string, body: z.output<typeof OfferBody>) {
	const claim = await findClaim(deps.db, null, id)
	if (body.parts_amount > body.assessed) throw fieldError(400, 'parts_amount', 'The parts cannot cost more than the assessed loss.')
	const { product, remaining } = await remainingFor(deps.db, claim)
	const offer = offerFor({
		category: product.category,
		incident: claim.incidentType as IncidentType,
		assessed: body.assessed,
		partsAmount: body.parts_amount,
		assetAgeYears: body.asset_age_years,
		remaining,
	})
	if (offer.payable < 1) throw fieldError(400, 'assessed', 'After the excess and betterment nothing is payable: decline the claim instead.')
	return moveClaim(
		deps,
		operator(auth),
		id,
		'send_offer',
		async () => ({ offer: { ...offer, parts_amount: body.parts_amount, asset_age_years: body.asset_age_years }, payoutApprovedBy: null }),
		`Offer of ₦${offer.payable.toLocaleString('en-NG')}`,
	)
}

/** The customer accepts: the insurer now owes the payable amount (claims expense → claims payable). */
export async function acceptOffer(deps: Deps, auth: AuthUser, id: string) {
	return moveClaim(deps, { actor: 'customer', userId: auth.id, customerId: auth.customerId }, id, 'accept_offer', async (claim, tx) => {
		await postTransfer(
			tx,
			claimReserveTransfer({ claimId: claim.id, customerId: claim.customerId, amount: claim.offer!.payable, reference: claim.claimNumber }),
		)
		return {}
	})
}

export async function rejectOffer(deps: Deps, auth: AuthUser, id: string, comment: string) {
	return moveClaim(
		deps,
		{ actor: 'customer', userId: auth.id, customerId: auth.customerId },
		id,
		'reject_offer',
		async () => ({ rejectionComment: comment }),
		comment,
	)
}

const threshold = (deps: Deps) => deps.env.claimPayoutThreshold ?? CLAIM_PAYOUT_THRESHOLD_DEFAULT

/** Above the threshold a first operator approves the payout; another then pays it. */
export async function approvePayout(deps: Deps, auth: AuthUser, id: string) {
	return deps.db.transaction(async (tx) => {
		const [claim] = await tx.select().from(claims).where(eq(claims.id, id)).for('update')
		if (!claim) throw new ApiError(404, 'We could not find that claim.')
		if (claim.status !== 'offer_accepted') throw new ApiError(409, 'Only an accepted offer waits for payout approval.')
		if ((claim.offer?.payable ?? 0) <= threshold(deps)) throw new ApiError(409, 'This payout does not need approval.')
		if (claim.payoutApprovedBy && claim.payoutApprovedBy !== auth.id)
			throw new ApiError(409, 'Another operator already approved this payout.')
		const [updated] = await tx.update(claims).set({ payoutApprovedBy: auth.id, updatedAt: deps.now() }).where(eq(claims.id, id)).returning()
		await tx.execute(
			sql`insert into claim_events (claim_id, actor, user_id, action, from_status, to_status, note) values (${id}, 'operator', ${auth.id}, 'approve_payout', ${claim.status}, ${claim.status}, null)`,
		)
		return updated!
	})
}

/**
 * Pay an accepted offer into the customer's wallet (claims payable → wallet), once: the transfer's
 * idempotency key is the claim's, and the claim's row lock makes a second payment wait and then find it paid.
 */
export async function payClaim(deps: Deps, auth: AuthUser, id: string) {
	const existing = await findClaim(deps.db, null, id)
	// Paying again what is already paid answers the payment, so a retry after a lost answer is safe.
	if (existing.status === 'paid' || existing.status === 'settled') return existing
	const paid = () => findClaim(deps.db, null, id).then((c) => (c.status === 'paid' || c.status === 'settled' ? c : null))
	return moveClaim(deps, operator(auth), id, 'pay', async (claim, tx) => {
		const amount = claim.offer!.payable
		const check = payoutCheck({ amount, threshold: threshold(deps), approvedBy: claim.payoutApprovedBy, operatorId: auth.id })
		if (!check.ok) throw new ApiError(409, check.message)
		// Owed first (normally at acceptance; the same key makes this a no-op then), then paid.
		await postTransfer(tx, claimReserveTransfer({ claimId: claim.id, customerId: claim.customerId, amount, reference: claim.claimNumber }))
		const transfer = await postTransfer(
			tx,
			claimPayoutTransfer({ claimId: claim.id, customerId: claim.customerId, amount, reference: claim.claimNumber }),
		)
		return { payoutMethod: 'wallet', payoutTransferId: transfer.id }
	}).catch(async (error) => {
		// Two payments at once: the second waited on the row lock and found the claim paid.
		const done = error instanceof ApiError && error.status === 409 ? await paid() : null
		if (done) return done
		throw error
	})
}

export async function settleClaim(deps: Deps, auth: AuthUser, id: string) {
	return moveClaim(deps, operator(auth), id, 'settle')
}

export async function operatorName(db: Db, userId: string) {
	const [u] = await db.select({ first: users.firstName, last: users.lastName, email: users.email }).from(users).where(eq(users.id, userId))
	return u ? { name: `${u.first} ${u.last}`, email: u.email } : null
}
