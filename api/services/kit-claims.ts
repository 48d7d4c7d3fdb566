import { and, eq, sql } from 'drizzle-orm'
import { INCIDENT_TYPES, type IncidentType } from '../contract/catalogue.ts'
import type { EstimateLine } from '../contract/claims.ts'
import type { KitClaim } from '../contract/kit.ts'
import { kitSessions, partnerKeys, policies } from '../db/schema.ts'
import { claimNeeds } from '../domain/claims.ts'
import type { Deps } from '../deps.ts'
import { ApiError } from '../errors.ts'
import type { AuthUser } from '../http.ts'
import {
	createClaim,
	type Details,
	findClaim,
	policyOf,
	saveEstimate,
	serializeClaim,
	submitClaim,
	submitInspection,
	updateClaim,
	uploadClaimFile,
} from './claims.ts'
import { completeKitSession } from './kit.ts'

// A claim made in a partner's kit (issue 16, docs/decisions/122-kit-claims.md): the claims services
// the portal uses, acting for the partner's key on the session's policy; the session's id is the key.

type SessionRow = typeof kitSessions.$inferSelect

/**
 * Who acts for a claim session: the member who made the partner's key, in the key's name. It carries
 * no token or permissions; the claims services use only the business, the user and the name.
 */
async function actorOf(deps: Deps, session: SessionRow, { writes = true } = {}): Promise<AuthUser> {
	if (session.action !== 'claim' || !session.policyId) throw new ApiError(409, 'This kit session is not a claim.')
	if (writes && session.status !== 'open') throw new ApiError(409, 'This claim was sent already; you can close this window.')
	const [key] = await deps.db.select().from(partnerKeys).where(eq(partnerKeys.id, session.partnerKeyId))
	return {
		id: key!.createdBy,
		customerId: session.customerId,
		firstName: key!.name,
		roleId: '',
		email: '',
		emailVerifiedAt: null,
		tokenId: '',
		permissions: [],
	}
}

/** The claim this session made, if it made one yet. */
async function claimOf(deps: Deps, session: SessionRow) {
	if (!session.draft.claim) return null
	return findClaim(deps.db, session.customerId, session.draft.claim)
}

async function claimOrRefuse(deps: Deps, session: SessionRow) {
	const claim = await claimOf(deps, session)
	if (!claim) throw new ApiError(409, 'Tell us what happened first.')
	return claim
}

/** The claim session's page: its policy, and the claim once made. */
export async function kitClaim(deps: Deps, session: SessionRow): Promise<KitClaim> {
	await actorOf(deps, session, { writes: false })
	const ctx = await policyOf(deps.db, session.customerId, session.policyId!)
	const claim = await claimOf(deps, session)
	return {
		policy: {
			id: ctx.policy.id,
			policy_number: ctx.policy.policyNumber,
			product_name: ctx.product.name,
			incident_types: ctx.product.incident_types.map((t) => ({ value: t, label: INCIDENT_TYPES[t as IncidentType] })),
		},
		claim: claim ? await serializeClaim(deps.db, claim) : null,
	}
}

/** What happened: the claim is made on the session's policy, or its details are changed while it is a draft. */
export async function saveKitClaim(deps: Deps, session: SessionRow, body: Details) {
	const auth = await actorOf(deps, session)
	const existing = await claimOf(deps, session)
	if (existing) return updateClaim(deps, auth, existing.id, body)
	const claim = await createClaim(deps, auth, { ...body, policy_id: session.policyId! })
	// Remembered on the session, once: two forms sent at the same moment keep the first claim.
	const [kept] = await deps.db
		.update(kitSessions)
		.set({ draft: sql`${kitSessions.draft} || ${JSON.stringify({ claim: claim.id })}::jsonb` })
		.where(and(eq(kitSessions.id, session.id), sql`${kitSessions.draft}->>'claim' is null`))
		.returning()
	if (!kept) throw new ApiError(409, 'This kit session already has a claim; reload the page.')
	return claim
}

export async function uploadKitClaimFile(deps: Deps, session: SessionRow, field: string, readForm: () => Promise<FormData | null>) {
	const auth = await actorOf(deps, session)
	const claim = await claimOrRefuse(deps, session)
	return uploadClaimFile(deps, auth, claim.id, field, readForm)
}

export async function saveKitClaimEstimate(deps: Deps, session: SessionRow, lines: EstimateLine[]) {
	const auth = await actorOf(deps, session)
	const claim = await claimOrRefuse(deps, session)
	return saveEstimate(deps, auth, claim.id, lines)
}

/**
 * Send the claim: its photos move it on when it needs them, then it goes to the desk's queue; the
 * session completes, once, and the partner's webhook (kit.claim.submitted) is queued with it.
 */
export async function submitKitClaim(deps: Deps, session: SessionRow) {
	const auth = await actorOf(deps, session)
	let claim = await claimOrRefuse(deps, session)
	const ctx = await policyOf(deps.db, session.customerId, claim.policyId)
	if (claim.status === 'pending' && claimNeeds(ctx.product.category, claim.incidentType as IncidentType).inspection)
		claim = await submitInspection(deps, auth, claim.id)
	claim = await submitClaim(deps, auth, claim.id)
	await completeKitSession(deps, session, 'kit.claim.submitted', async (tx) => {
		const [policy] = await tx.select({ number: policies.policyNumber }).from(policies).where(eq(policies.id, claim.policyId))
		return {
			claim: { id: claim.id, claim_number: claim.claimNumber, status: claim.status, amount: claim.amount },
			policy: { id: claim.policyId, policy_number: policy?.number ?? null },
		}
	})
	return claim
}
