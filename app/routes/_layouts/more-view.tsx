import { Outlet } from 'react-router'
import { MoreViewLayout } from '#app/components/layout/layouts.tsx'
import { requireUser } from '#app/server/auth.server.ts'
import type { Route } from './+types/more-view'

/** More-view screens need a session (spec section 2); each screen adds what else it needs. */
export async function loader(args: Route.LoaderArgs) {
	await requireUser(args)
	return null
}

export default function Layout() {
	return (
		<MoreViewLayout>
			<Outlet />
		</MoreViewLayout>
	)
}
