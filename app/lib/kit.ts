// What the kit and its host say to each other with postMessage (docs/decisions/076-kit-frame.md).
// public/kit.js speaks the same protocol on a partner's page; it cannot import this file, so the names
// are repeated there.

export const KIT_MESSAGE_PREFIX = 'cover-kit:'
export const KIT_POLL_MS = 500

export type KitEvent =
	| { type: 'cover-kit:ready' }
	| { type: 'cover-kit:success'; session_id: string; reference: string; policy_number: string | null }
	| { type: 'cover-kit:close'; session_id?: string; reference?: string }
	| { type: 'cover-kit:error'; message: string }

/** The query parameter that carries the kit payload on any app-shell route (spec section 2). */
export const KIT_QUERY = 'inspectionSdk'

/** A header value that is an origin, or '*': nothing that could add a directive to the CSP. */
export const isOriginOrAny = (value: string) =>
	value === '*' || /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i.test(value) || /^https?:\/\/\[[0-9a-f:]+\](:\d{1,5})?$/i.test(value)

/** The URL without the kit payload: what the address bar shows once the kit closes. */
export function withoutKitQuery(url: URL) {
	const params = new URLSearchParams(url.search)
	params.delete(KIT_QUERY)
	const search = params.toString()
	return `${url.pathname}${search ? `?${search}` : ''}${url.hash}`
}
