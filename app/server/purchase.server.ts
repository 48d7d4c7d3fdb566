import { data, redirectDocument } from 'react-router'
import { z } from 'zod'
import type { FormField } from '#api/contract/catalogue.ts'
import { requirePermission } from './auth.server.ts'
import type { InsurerCalls } from './insurer.server.ts'
import { redirectWithToast } from './toast.server.ts'

type Args = Parameters<typeof requirePermission>[0]

/**
 * The authorize-purchase guard (docs/decisions/015-authorize-purchase.md): whoever pays is signed in,
 * has a verified email and completed KYC, and holds `products.buy`. A visitor goes to /login and comes
 * back; a role without the permission gets the 403 page. The API checks the same permission.
 */
export function authorizePurchase(args: Args) {
	return requirePermission(args, 'products.buy')
}

/** The buy form's own fields; the product's fields ride along as the quote form posted them. */
export const BuySchema = z.looseObject({
	intent: z.literal('buy'),
	payment_option: z.enum(['wallet', 'gateway'], { message: 'Choose how to pay.' }),
	idempotency_key: z.string({ message: 'Reload the page and try again.' }),
})

/** The product's fields as the form holds them, text as typed (the API reads '₦4,500,000' itself). */
export function quoteFields(fields: readonly FormField[], form: FormData | URLSearchParams | Record<string, unknown>) {
	const read = (name: string) =>
		form instanceof FormData || form instanceof URLSearchParams ? form.get(name) : (form as Record<string, unknown>)[name]
	return Object.fromEntries(fields.map((f) => [f.name, String(read(f.name) ?? '').trim()] as const).filter(([, value]) => value !== ''))
}

/**
 * Buy, then go where the purchase leads: the gateway's checkout (a page of its own, so a full load),
 * or the new policy with the API's message. A failure is thrown for the caller's form to show.
 */
export async function buyAndGo(
	request: Request,
	api: InsurerCalls,
	productId: number,
	fields: Record<string, string>,
	terms: { payment_option: 'wallet' | 'gateway'; idempotency_key: string },
) {
	const { data: bought, message } = await api.buy({ ...fields, product_id: String(productId), ...terms })
	if (bought.payment) return redirectDocument(bought.payment.authorization_url)
	if (!bought.policy) throw data('The purchase did not make a policy.', { status: 502 })
	return redirectWithToast(request, `/mycover/${bought.policy.id}`, {
		type: 'success',
		description: message ?? `Your policy number is ${bought.policy.policy_number}.`,
	})
}

/** A fresh key each time a buy form is drawn: a double submit of one form buys once. */
export const purchaseKey = () => `buy-${crypto.randomUUID()}`
