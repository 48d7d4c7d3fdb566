import { redirect } from 'react-router'
import { apiFrom } from '#app/server/insurer.server.ts'
import type { Route } from './+types/logout'

/**
 * Logout is a POST: the token is revoked, then the root middleware clears the session, every cookie
 * and the cached data. A redirect replaces the page, so Back does not return into the account.
 */
export async function action({ context }: Route.ActionArgs) {
	const api = apiFrom(context)
	if (api.client.token) await api.signOut().catch(() => {})
	api.client.logout()
	return redirect('/login')
}

export function loader() {
	return redirect('/')
}
