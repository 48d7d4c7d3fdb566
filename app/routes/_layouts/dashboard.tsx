import { Outlet, useLoaderData } from 'react-router'
import { DashboardLayout } from '#app/components/layout/layouts.tsx'
import { visibleNav } from '#app/lib/navigation.ts'
import { requireReadyUser, userPermissions } from '#app/server/auth.server.ts'
import type { Route } from './+types/dashboard'

/** Dashboard screens need a session, a verified email and KYC (spec sections 2 and 4). */
export async function loader(args: Route.LoaderArgs) {
	const user = await requireReadyUser(args)
	const permissions = await userPermissions(args, user)
	return {
		user: { first_name: user.first_name, last_name: user.last_name, business: user.customer.name },
		nav: visibleNav(permissions).map(({ to, label, end }) => ({ to, label, end })),
	}
}

export default function Layout() {
	const { user, nav } = useLoaderData<typeof loader>()
	return (
		<DashboardLayout user={user} nav={nav}>
			<Outlet />
		</DashboardLayout>
	)
}
