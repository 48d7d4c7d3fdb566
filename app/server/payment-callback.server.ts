import { data } from 'react-router'
import { orNotFound } from './api-errors.server.ts'
import type { InsurerCalls } from './insurer.server.ts'

const NOT_FOUND = 'We could not find that payment.'

/**
 * The payment the gateway sent the payer back with. A SameSite=Strict session cookie is not sent on
 * that cross-site return, so no session is needed: the API is asked about the payment by its
 * reference, which completes it (a wallet funding or a purchase) if the gateway says it was paid,
 * once however often it is asked.
 */
export async function paymentFromCallback(request: Request, api: InsurerCalls) {
	const reference = new URL(request.url).searchParams.get('reference')?.trim()
	if (!reference) throw data(NOT_FOUND, { status: 404 })
	return (await orNotFound(api.verifyPayment(reference), NOT_FOUND)).data
}

/** The reference in the address is all it takes to ask about a payment: keep it out of logs and caches. */
export const callbackHeaders = { 'Referrer-Policy': 'no-referrer', 'Cache-Control': 'private, no-store' }
