import type { Claim } from '#api/contract/claims.ts'

const OPEN = ['pending', 'inspection_submitted', 'estimate_submitted']

/** Still being made by the customer: its details, photos, estimate and documents may change. */
export const isOpen = (claim: Pick<Claim, 'status'>) => OPEN.includes(claim.status)

/** Where a draft claim is resumed: the first step still missing, or its page once it is submitted. */
export function resumePath(claim: Pick<Claim, 'id' | 'status' | 'needs' | 'photos' | 'estimate'>) {
	const base = `/claims/make-claim/${claim.id}`
	if (!isOpen(claim)) return `/claims/details-${claim.id}`
	if (claim.needs.inspection && claim.photos.length === 0) return `${base}/inspection`
	if (claim.needs.estimate && claim.estimate.length === 0) return `${base}/estimate`
	return `${base}/list`
}
