import type { Claim } from '#api/contract/claims.ts'
import { orNotFound } from '#app/server/api-errors.server.ts'
import type { InsurerCalls } from '#app/server/insurer.server.ts'

/** The claim of the URL, or the not-found page (another business's claim is a 404 at the API). */
export async function loadClaim(api: InsurerCalls, id: string | undefined) {
	return (await orNotFound(api.getClaim(id ?? ''), 'We could not find that claim.')).data
}

const OPEN = ['pending', 'inspection_submitted', 'estimate_submitted']
export const isOpen = (claim: Pick<Claim, 'status'>) => OPEN.includes(claim.status)

/** Where a draft claim is resumed: the first step still missing, or its page once it is submitted. */
export function resumePath(claim: Pick<Claim, 'id' | 'status' | 'needs' | 'photos' | 'estimate'>) {
	const base = `/claims/make-claim/${claim.id}`
	if (!isOpen(claim)) return `/claims/details-${claim.id}`
	if (claim.needs.inspection && claim.photos.length === 0) return `${base}/inspection`
	if (claim.needs.estimate && claim.estimate.length === 0) return `${base}/estimate`
	return `${base}/list`
}
