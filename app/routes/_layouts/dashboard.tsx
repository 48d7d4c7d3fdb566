import { Outlet, useLoaderData } from 'react-router'
import { DashboardLayout } from '#app/components/layout/shell.tsx'
import { requireReadyUser } from '#app/server/auth.server.ts'
import { shellData } from '#app/server/shell.server.ts'
import type { Route } from './+types/dashboard'

/** Dashboard screens need a session, a verified email and KYC (spec sections 2 and 4). */
export async function loader(args: Route.LoaderArgs) {
	return shellData(args, await requireReadyUser(args))
}

export default function Layout() {
	const { user, nav, unread } = useLoaderData<typeof loader>()
	return (
		<DashboardLayout user={user} nav={nav} unread={unread}>
			<Outlet />
		</DashboardLayout>
	)
}
