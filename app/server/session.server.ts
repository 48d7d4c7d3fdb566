import { createCookieSessionStorage } from 'react-router'
import { portalEnv } from './env.server.ts'
import { keptCookie } from './kept-cookie.server.ts'

export type SessionData = { token: string; userId: string }

let storage: ReturnType<typeof createCookieSessionStorage<SessionData>> | undefined

/** Spec section 9: strict same-site, path /, secure, 24 hours; HttpOnly too. */
export function sessionStorage() {
	const env = portalEnv()
	storage ??= createCookieSessionStorage<SessionData>({
		cookie: keptCookie('__session', {
			sameSite: 'strict',
			path: '/',
			secure: env.secureCookies,
			httpOnly: true,
			maxAge: 24 * 60 * 60,
			secrets: env.sessionSecrets,
		}),
	})
	return storage
}

export async function getSession(request: Request) {
	return sessionStorage().getSession(request.headers.get('Cookie'))
}

/** Set-Cookie headers that expire every cookie the browser sent, the session included. */
export function clearAllCookies(request: Request) {
	const names = (request.headers.get('Cookie') ?? '')
		.split(';')
		.map((c) => c.split('=')[0]!.trim())
		.filter(Boolean)
	const secure = portalEnv().secureCookies ? '; Secure' : ''
	return [...new Set(names)].map((name) => `${name}=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Strict${secure}`)
}
