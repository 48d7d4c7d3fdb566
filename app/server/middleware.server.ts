import { type MiddlewareFunction, redirect } from 'react-router'
import { ApiClient, ResponseCache } from './api.server.ts'
import { apiContext, clientAddressContext, requestIdContext, transportContext } from './context.server.ts'
import { portalEnv } from './env.server.ts'
import { clearAllCookies, getSession, sessionStorage } from './session.server.ts'
import { toastHeader } from './toast.server.ts'

/** One cache per process, its entries keyed by token (spec section 7). */
const cache = new ResponseCache()

/**
 * Give each request its API client, then write back what the API changed: a rotated or new token
 * into the session cookie, or, when the API said the session is no good, log the user out.
 */
export const apiMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
	const session = await getSession(request)
	const inProcess = context.get(transportContext)
	const { apiBaseUrl } = portalEnv()
	if (!inProcess && !apiBaseUrl) throw new Error('Set API_BASE_URL, or run the portal through server.ts')
	const client = new ApiClient({
		transport: inProcess ?? ((r) => fetch(r)),
		baseUrl: inProcess ? 'http://in-process/api/v1' : `${apiBaseUrl}/api/v1`,
		token: session.get('token'),
		userId: session.get('userId'),
		clientAddress: context.get(clientAddressContext),
		portalOrigin: new URL(request.url).origin,
		requestId: context.get(requestIdContext),
		cache,
	})
	context.set(apiContext, client)
	const response = await next()
	if (client.loggedOut) {
		const headers = new Headers()
		for (const cookie of clearAllCookies(request)) headers.append('Set-Cookie', cookie)
		// An action that logged out on purpose has already chosen where to go.
		if (response.status >= 300 && response.status < 400) {
			for (const cookie of clearAllCookies(request)) response.headers.append('Set-Cookie', cookie)
			return response
		}
		headers.append(
			'Set-Cookie',
			await toastHeader(new Request(request.url), [{ type: 'warning', description: 'Your session has ended. Sign in again.' }]),
		)
		throw redirect('/login', { headers })
	}
	// A page of the account must not come back from the browser's cache (Back after sign-out).
	if (client.token && !response.headers.has('Cache-Control')) response.headers.set('Cache-Control', 'private, no-store')
	if (client.sessionChanged && client.token && client.userId) {
		session.set('token', client.token)
		session.set('userId', client.userId)
		response.headers.append('Set-Cookie', await sessionStorage().commitSession(session))
	}
	return response
}
