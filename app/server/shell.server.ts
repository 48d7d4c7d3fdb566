import { visibleNav } from '#app/lib/navigation.ts'
import { type requireUser, userPermissions } from './auth.server.ts'
import { apiFrom } from './api-from.server.ts'

type Args = Parameters<typeof requireUser>[0]

/** What the signed-in layouts show around a screen: who is signed in, and the areas their role may open. */
export async function shellData(args: Args, user: Awaited<ReturnType<typeof requireUser>>) {
	const onNotifications = new URL(args.request.url).pathname.startsWith('/notifications')
	const [permissions, unread] = await Promise.all([
		userPermissions(args, user),
		// The notifications page marks what it shows read as it loads: its bell shows no stale count.
		onNotifications
			? 0
			: apiFrom(args.context)
					.getUnreadCount()
					.then((r) => r.data.unread),
	])
	return {
		unread,
		// An individual's customer is the person: their name is not said twice.
		user: {
			first_name: user.first_name,
			last_name: user.last_name,
			business: user.customer.kind === 'business' ? user.customer.name : null,
		},
		nav: visibleNav(permissions, user.customer.kind).map(({ to, label, end }) => ({ to, label, end })),
	}
}
