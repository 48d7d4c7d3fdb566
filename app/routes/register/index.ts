import { redirect } from 'react-router'
import type { Route } from './+types/index'
import { isSignedIn, productAndPending } from './register.server.ts'
import { registerStep } from './steps.ts'

/** /register/:productId is the step the visitor is at (docs/decisions/017-register-and-buy.md). */
export async function loader(args: Route.LoaderArgs) {
	const { product, pending } = await productAndPending(args)
	return redirect(registerStep(product.id, { signedIn: isSignedIn(args.context), quoted: Boolean(pending) }))
}
