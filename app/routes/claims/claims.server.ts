import { orNotFound } from '#app/server/api-errors.server.ts'
import type { InsurerCalls } from '#app/server/insurer.server.ts'

/** The claim of the URL, or the not-found page (another business's claim is a 404 at the API). */
export async function loadClaim(api: InsurerCalls, id: string | undefined) {
	return (await orNotFound(api.getClaim(id ?? ''), 'We could not find that claim.')).data
}
