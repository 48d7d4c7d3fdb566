import { Outlet, useLoaderData } from 'react-router'
import { useKeepAlive } from '#app/client/keep-alive.ts'
import { MoreViewLayout } from '#app/components/layout/shell.tsx'
import { backLink } from '#app/lib/back-link.ts'
import { requireUser } from '#app/server/auth.server.ts'
import { shellData } from '#app/server/shell.server.ts'
import type { Route } from './+types/more-view'

/**
 * More-view screens need a session (spec section 2); each screen adds what else it needs. The way
 * back is where the user came from (decision 046).
 */
export async function loader(args: Route.LoaderArgs) {
	const shell = await shellData(args, await requireUser(args))
	return { ...shell, back: backLink(args.request.url, args.request.headers.get('Referer')) }
}

export default function Layout() {
	const { user, nav, unread, back } = useLoaderData<typeof loader>()
	useKeepAlive()
	return (
		<MoreViewLayout user={user} nav={nav} unread={unread} back={back}>
			<Outlet />
		</MoreViewLayout>
	)
}
