import { redirect } from 'react-router'
import { deskApi, deskStorage } from '#app/server/desk.server.ts'
import type { Route } from './+types/logout'

/** Sign the operator out: the token is revoked at the API and the desk's cookie cleared. */
export async function action(args: Route.ActionArgs) {
	const { api, session } = await deskApi(args)
	if (api.client.token) await api.signOut().catch(() => {})
	return redirect('/ops/login', { headers: { 'Set-Cookie': await deskStorage().destroySession(session) } })
}

export const loader = () => redirect('/ops')
