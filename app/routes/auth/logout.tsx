import { redirect } from 'react-router'
import { apiFrom } from '#app/server/api-from.server.ts'
import type { Route } from './+types/logout'

/**
 * Logout is a POST: the token is revoked, then the root middleware clears the session, every cookie
 * and the cached data. With JavaScript the sign-out form replaces the history entry (spec section 4);
 * without it the 303 adds /login after the page, and that page, sent with Cache-Control: no-store,
 * is asked for again on Back and answers with /login.
 */
export async function action({ context }: Route.ActionArgs) {
	const api = apiFrom(context)
	if (api.client.token) await api.signOut().catch(() => {})
	api.client.logout()
	return redirect('/login', 303)
}

export function loader() {
	return redirect('/')
}
