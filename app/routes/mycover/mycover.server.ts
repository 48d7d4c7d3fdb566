import { orNotFound } from '#app/server/api-errors.server.ts'
import type { InsurerCalls } from '#app/server/insurer.server.ts'

export const POLICY_NOT_FOUND = 'We could not find that policy.'

/** The policy of the URL with its details, or a 404 page: another business's policy is not there. */
export async function loadPolicy(api: InsurerCalls, id: string) {
	return (await orNotFound(api.getPolicy(id), POLICY_NOT_FOUND)).data
}
