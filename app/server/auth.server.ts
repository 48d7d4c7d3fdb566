import { type RouterContextProvider, redirect } from 'react-router'
import type { User } from '#api/contract/users.ts'
import { pendingStep } from '#app/lib/account.ts'
import { loginUrl, safeReturnUrl } from '#app/lib/return-url.ts'
import { ApiCallError } from './api.server.ts'
import { apiFrom } from './insurer.server.ts'

type Args = { request: Request; context: Readonly<RouterContextProvider> }

/** The signed-in user, or a redirect to /login with the original query and a return_url. */
export async function requireUser({ request, context }: Args): Promise<User> {
	const api = apiFrom(context)
	if (!api.client.token || !api.client.userId) throw redirect(loginUrl(request.url))
	try {
		return (await api.getUser(api.client.userId)).data
	} catch (error) {
		if (error instanceof ApiCallError && error.logout) throw redirect(loginUrl(request.url))
		throw error
	}
}

/**
 * Dashboard screens: signed in, email verified and KYC done (spec section 4); otherwise the step
 * that is missing. `allow` names the one step a screen itself completes.
 */
export async function requireReadyUser(args: Args, allow?: '/verify-account' | '/update/kyc'): Promise<User> {
	const user = await requireUser(args)
	const step = pendingStep(user)
	if (step && step !== allow) throw redirect(step)
	return user
}

/** The redirect guard of /login and /register: a signed-in user goes on to return_url or home. */
export function redirectIfSignedIn({ request, context }: Args) {
	const api = apiFrom(context)
	if (api.client.token && api.client.userId) {
		throw redirect(safeReturnUrl(new URL(request.url).searchParams.get('return_url')))
	}
}
