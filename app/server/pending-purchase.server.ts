import { createCookieSessionStorage } from 'react-router'
import { z } from 'zod'
import { portalEnv } from './env.server.ts'

/**
 * The cover a visitor priced at /register/:productId/buy-plan, kept while they sign up, verify their
 * email and complete KYC (docs/decisions/017-register-and-buy.md): the product, the fields as typed
 * and the total they were shown. One at a time; a newer quote replaces it.
 */
export const PendingPurchase = z.object({
	product_id: z.number().int(),
	fields: z.record(z.string(), z.string()),
	total: z.number().int(),
})
export type PendingPurchase = z.infer<typeof PendingPurchase>

/** Spec section 9: a draft is stale after an hour. */
const MAX_AGE_SECONDS = 60 * 60

type Data = { purchase: PendingPurchase }
let storage: ReturnType<typeof createCookieSessionStorage<Data>> | undefined

function pendingStorage() {
	const env = portalEnv()
	// Lax, not strict: a visitor who comes back through a link on another site (an advert, a mail)
	// still finds the quote.
	storage ??= createCookieSessionStorage<Data>({
		cookie: {
			name: '__pending_purchase',
			sameSite: 'lax',
			path: '/',
			secure: env.secureCookies,
			httpOnly: true,
			maxAge: MAX_AGE_SECONDS,
			secrets: env.sessionSecrets,
		},
	})
	return storage
}

/** The kept purchase, when there is one for this product (any product without `productId`). */
export async function readPendingPurchase(request: Request, productId?: number) {
	const session = await pendingStorage().getSession(request.headers.get('Cookie'))
	const parsed = PendingPurchase.safeParse(session.get('purchase'))
	if (!parsed.success) return null
	return productId === undefined || parsed.data.product_id === productId ? parsed.data : null
}

/** Set-Cookie keeping this purchase for the next hour. */
export async function keepPendingPurchase(request: Request, purchase: PendingPurchase) {
	const session = await pendingStorage().getSession(request.headers.get('Cookie'))
	session.set('purchase', purchase)
	return pendingStorage().commitSession(session)
}

/** Set-Cookie forgetting the kept purchase: it is bought. */
export async function forgetPendingPurchase(request: Request) {
	const session = await pendingStorage().getSession(request.headers.get('Cookie'))
	return pendingStorage().destroySession(session)
}
