import { redirect } from 'react-router'
import { requirePermission } from '#app/server/auth.server.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
import type { Route } from './+types/resume'
import { loadClaim } from './claims.server.ts'
import { resumePath } from './steps.ts'

/**
 * `/claims/make-claim/{claim_id}` itself, as a back link or a trimmed address reaches it: the claim
 * goes on at its first missing step, or opens its page once submitted.
 */
export async function loader(args: Route.LoaderArgs) {
	await requirePermission(args, 'claims.view')
	const claim = await loadClaim(apiFrom(args.context), args.params.claimId)
	throw redirect(resumePath(claim))
}
