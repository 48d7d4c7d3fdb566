import { type RouterContextProvider, createCookieSessionStorage, redirect } from 'react-router'
import { ApiCallError, ApiClient, ResponseCache } from './api.server.ts'
import { clientAddressContext, transportContext } from './context.server.ts'
import { portalEnv } from './env.server.ts'
import { insurerCalls } from './insurer.server.ts'

// The insurer's claims desk signs in apart from customers (docs/decisions/071-claims-desk-operators.md):
// its own cookie, so an operator's token never reaches a customer's screens and the other way round.

type DeskSession = { token: string; name: string }
let storage: ReturnType<typeof createCookieSessionStorage<DeskSession>> | undefined

export function deskStorage() {
	const env = portalEnv()
	storage ??= createCookieSessionStorage<DeskSession>({
		cookie: {
			name: '__desk',
			sameSite: 'strict',
			// '/' and not '/ops': React Router's data requests for /ops are /ops.data, outside that path.
			path: '/',
			secure: env.secureCookies,
			httpOnly: true,
			maxAge: 12 * 60 * 60,
			secrets: env.sessionSecrets,
		},
	})
	return storage
}

const cache = new ResponseCache()

type Args = { request: Request; context: Readonly<RouterContextProvider> }

/** The API's calls with the operator's token (or none, for the sign-in). */
export async function deskApi({ request, context }: Args) {
	const session = await deskStorage().getSession(request.headers.get('Cookie'))
	const inProcess = context.get(transportContext)
	const { apiBaseUrl } = portalEnv()
	const client = new ApiClient({
		transport: inProcess ?? ((r) => fetch(r)),
		baseUrl: inProcess ? 'http://in-process/api/v1' : `${apiBaseUrl}/api/v1`,
		token: session.get('token'),
		clientAddress: context.get(clientAddressContext),
		portalOrigin: new URL(request.url).origin,
		cache,
	})
	return { api: insurerCalls(client), session, name: session.get('name') ?? null }
}

/** A desk screen: signed in as an operator, or to /ops/login. An API that refuses the token signs out. */
export async function requireOperator(args: Args) {
	const desk = await deskApi(args)
	if (!desk.api.client.token) throw redirect('/ops/login')
	return desk
}

/** A desk call whose token the API no longer takes: back to the desk's sign-in, the cookie cleared. */
export async function orDeskLogin<T>(args: Args, call: Promise<T>) {
	try {
		return await call
	} catch (error) {
		if (error instanceof ApiCallError && (error.logout || error.status === 401)) {
			const session = await deskStorage().getSession(args.request.headers.get('Cookie'))
			throw redirect('/ops/login', { headers: { 'Set-Cookie': await deskStorage().destroySession(session) } })
		}
		throw error
	}
}
