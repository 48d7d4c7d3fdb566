import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { IncidentType } from '../../contract/catalogue.ts'
import type { DeskDecisionBody, OfferBody } from '../../contract/claims.ts'
import type { Db } from '../../db/client.ts'
import { type claims, policies, purchases } from '../../db/schema.ts'
import { type Product, productById } from '../../domain/catalogue/index.ts'
import { claimLimit, offerFor, remainingLimit } from '../../domain/claims.ts'
import { claimReserveTransfer } from '../../domain/ledger.ts'
import type { Deps } from '../../deps.ts'
import type { AuthUser } from '../../http.ts'
import { fieldError } from '../../errors.ts'
import { postTransfer } from '../ledger.ts'
import { findClaim, moveClaim } from './lifecycle.ts'
import { serializeClaim } from './views.ts'

// The desk's decision and offer, and the customer's answer to it (docs/decisions/069-claim-limits-and-offers.md).

export const operator = (auth: AuthUser) => ({ actor: 'operator' as const, userId: auth.id, customerId: null })

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

export async function settleClaim(deps: Deps, auth: AuthUser, id: string) {
	return moveClaim(deps, operator(auth), id, 'settle')
}
