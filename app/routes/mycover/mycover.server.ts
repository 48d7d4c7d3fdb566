import type { RouterContextProvider } from 'react-router'
import { requirePermission } from '#app/server/auth.server.ts'
import { apiFrom } from '#app/server/insurer.server.ts'
import { orNotFound } from '#app/server/api-errors.server.ts'
import type { InsurerCalls } from '#app/server/insurer.server.ts'

export const POLICY_NOT_FOUND = 'We could not find that policy.'

/** The policy of the URL with its details, or a 404 page: another business's policy is not there. */
export async function loadPolicy(api: InsurerCalls, id: string) {
	return (await orNotFound(api.getPolicy(id), POLICY_NOT_FOUND)).data
}

/** A screen that changes a policy: plans.manage, and the policy of the URL (another business's is a 404). */
export async function loadForManaging(args: { request: Request; context: Readonly<RouterContextProvider>; params: { planId: string } }) {
	const { user } = await requirePermission(args, 'plans.manage')
	const api = apiFrom(args.context)
	const policy = await loadPolicy(api, args.params.planId)
	return { user, api, policy }
}
