import { parseWithZod } from '@conform-to/zod/v4'
import { type RouterContextProvider, data, redirect } from 'react-router'
import { Authenticator } from 'remix-auth'
import { FormStrategy } from 'remix-auth-form'
import { z } from 'zod'
import { Email } from '#api/contract/common.ts'
import type { Permission } from '#api/contract/permissions.ts'
import type { SessionUser, User } from '#api/contract/users.ts'
import { pendingStep } from '#app/lib/account.ts'
import { loginUrl, safeReturnUrl } from '#app/lib/return-url.ts'
import { ApiCallError } from './api.server.ts'
import { replyWithApiError } from './forms.server.ts'
import { apiFrom } from './api-from.server.ts'

type Args = { request: Request; context: Readonly<RouterContextProvider> }

export const LoginSchema = z.object({
	email: Email,
	password: z.string({ message: 'Enter your password.' }).min(1, 'Enter your password.'),
	return_url: z.string().optional(),
})

/** A sign-in the form shows again: its reply holds the messages and what was typed, the password excepted. */
export class SignInRefused extends Error {
	constructor(readonly reply: ReturnType<typeof replyWithApiError>) {
		super('Sign-in refused')
	}
}

/**
 * remix-auth's form strategy (docs/decisions/035-remix-auth.md): verify asks the API through this
 * request's one client, which keeps the new token; the root middleware writes it into the session
 * cookie, as for every call. Made per request, since the client is.
 */
export function signInAuthenticator(context: Readonly<RouterContextProvider>) {
	return new Authenticator<{ user: SessionUser; returnUrl: string | undefined }>().use(
		new FormStrategy(async ({ form }) => {
			const submission = parseWithZod(form, { schema: LoginSchema })
			if (submission.status !== 'success') {
				throw new SignInRefused(data({ result: submission.reply({ hideFields: ['password'] }), notifications: [] }, { status: 400 }))
			}
			const { email, password, return_url } = submission.value
			try {
				return { user: (await apiFrom(context).signIn({ email, password })).data, returnUrl: return_url }
			} catch (error) {
				throw new SignInRefused(replyWithApiError(submission, error, ['password']))
			}
		}),
		'form',
	)
}

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

/** The signed-in user's permissions, lowercased (spec section 6), loaded per user and cached. */
export async function userPermissions(args: Args, user: User) {
	return (await apiFrom(args.context).getPermissions(user.id)).data.map((p) => p.toLowerCase())
}

export const FORBIDDEN_PAGE = 'Your role does not allow this page. Ask an owner of your business for access.'

export const BUSINESS_ONLY_PAGE = 'Staff and their invoices are for business accounts. Your own cover is in My cover.'

/**
 * The staff and invoice screens: a business's alone, as its staff plans are (decision 155). An individual
 * gets a 403 that says so, whatever their role.
 */
export async function requireBusinessPermission(args: Args, permission: Permission) {
	const allowed = await requirePermission(args, permission)
	if (allowed.user.customer.kind !== 'business') throw data(BUSINESS_ONLY_PAGE, { status: 403 })
	return allowed
}

/**
 * A screen the user's role may not open is a 403, not a redirect: the user is told why.
 * The API checks the same permission on every call it serves.
 */
export async function requirePermission(args: Args, permission: Permission) {
	const user = await requireReadyUser(args)
	const permissions = await userPermissions(args, user)
	if (!permissions.includes(permission)) {
		throw data(FORBIDDEN_PAGE, { status: 403 })
	}
	return { user, permissions }
}
