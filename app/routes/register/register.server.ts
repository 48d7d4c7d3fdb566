import { type RouterContextProvider, redirect } from 'react-router'
import { z } from 'zod'
import { loadProduct } from '#app/server/product.server.ts'
import { ApiCallError } from '#app/server/api.server.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
import { readPendingPurchase } from '#app/server/pending-purchase.server.ts'
import { registerStep } from './steps.ts'

type Args = { request: Request; context: Readonly<RouterContextProvider>; params: { productId: string } }

/** A session cookie is there; whether it is still good, the page's own calls find out. */
export function isSignedIn(context: Readonly<RouterContextProvider>) {
	const { client } = apiFrom(context)
	return Boolean(client.token && client.userId)
}

/** The product of the URL (a 404 page when there is none) and the quote kept for it, if any. */
export async function productAndPending({ request, context, params }: Args) {
	const product = await loadProduct(apiFrom(context), params.productId)
	return { product, pending: await readPendingPurchase(request, product.id) }
}

/**
 * The redirect guard of /register/:productId's screens for a visitor: a signed-in customer goes on to
 * pay a kept quote, or to the product page to buy there (docs/decisions/017-register-and-buy.md).
 */
export function redirectSignedIn(args: Args, productId: number, quoted: boolean) {
	if (isSignedIn(args.context)) throw redirect(registerStep(productId, { signedIn: true, quoted }))
}

/** The buy-plan form: the product's fields, and which button: price it, or keep it and go on. */
export const BuyPlanSchema = z.looseObject({ intent: z.enum(['quote', 'continue']) })

/**
 * The kept fields priced again by the API: the price may have changed since the quote, and the
 * fields may no longer price (a product's bounds changed). Then the API's message, for the page.
 */
export async function priceAgain(context: Readonly<RouterContextProvider>, productId: number, fields: Record<string, string>) {
	try {
		return { quote: (await apiFrom(context).computePrice({ ...fields, product_id: String(productId) })).data, error: null }
	} catch (error) {
		if (error instanceof ApiCallError && error.status >= 400 && error.status < 500) return { quote: null, error: error.message }
		throw error
	}
}
