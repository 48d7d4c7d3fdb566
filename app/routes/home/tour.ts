import { redirect } from 'react-router'
import { requireUser } from '#app/server/auth.server.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
import type { Route } from './+types/tour'

/** The tour was finished or dismissed: remembered on the server, so it shows once (decision 113). */
export async function action(args: Route.ActionArgs) {
	await requireUser(args)
	await apiFrom(args.context).markToured()
	return Response.json({ toured: true })
}

/** Nothing to see here: home is where the tour lives. */
export function loader() {
	return redirect('/')
}
