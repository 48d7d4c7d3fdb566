import { visibleNav } from '#app/lib/navigation.ts'
import { type requireUser, userPermissions } from './auth.server.ts'

type Args = Parameters<typeof requireUser>[0]

/** What the signed-in layouts show around a screen: who is signed in, and the areas their role may open. */
export async function shellData(args: Args, user: Awaited<ReturnType<typeof requireUser>>) {
	const permissions = await userPermissions(args, user)
	return {
		user: { first_name: user.first_name, last_name: user.last_name, business: user.customer.name },
		nav: visibleNav(permissions).map(({ to, label, end }) => ({ to, label, end })),
	}
}
