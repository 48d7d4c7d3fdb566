import { PORTAL_ORIGIN_HEADER } from '../contract/common.ts'

/**
 * The portal's address for links and the payment gateway's return URL in one request. PUBLIC_URL, when
 * set, always wins. Without it, the origin the portal was reached at (decision 043): a visitor at
 * 127.0.0.1 or a second host name comes back from the checkout to the host that holds their session
 * cookie. The header is taken only from a caller trusted to write it: the portal in process, or any
 * caller when the operator trusts what is in front of the API (TRUST_PROXY).
 */
export function portalUrlOf(headers: Headers, env: { publicUrl: string; publicUrlFixed?: boolean | undefined }, trusted: boolean) {
	if (env.publicUrlFixed || !trusted) return env.publicUrl
	return originOf(headers.get(PORTAL_ORIGIN_HEADER)) ?? env.publicUrl
}

/** An http(s) origin and nothing more (no path, no credentials), or null. */
function originOf(value: string | null) {
	if (!value) return null
	try {
		const url = new URL(value)
		if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== value) return null
		return url.origin
	} catch {
		return null
	}
}
