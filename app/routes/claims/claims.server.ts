import { redirect, type RouterContextProvider } from 'react-router'
import { apiFrom } from '#app/server/api-from.server.ts'
import { orNotFound } from '#app/server/api-errors.server.ts'
import { requirePermission } from '#app/server/auth.server.ts'
import type { InsurerCalls } from '#app/server/insurer.server.ts'
import { isOpen } from './steps.ts'

/** The claim of the URL, or the not-found page (another business's claim is a 404 at the API). */
export async function loadClaim(api: InsurerCalls, id: string | undefined) {
	return (await orNotFound(api.getClaim(id ?? ''), 'We could not find that claim.')).data
}

/**
 * A step of making a claim (details, documents, photos, estimate), for its loader and its action: the
 * member may manage claims, and the claim is still being made; one already sent opens on its details.
 */
export async function loadOpenClaim(args: { request: Request; context: Readonly<RouterContextProvider>; params: { claimId?: string } }) {
	await requirePermission(args, 'claims.manage')
	const api = apiFrom(args.context)
	const claim = await loadClaim(api, args.params.claimId)
	if (!isOpen(claim)) throw redirect(`/claims/details-${claim.id}`)
	return { api, claim }
}
