import { safeRedirect } from 'remix-utils/safe-redirect'

// Stands in for this site's origin: only the path of what resolves against it is kept.
const SITE = 'http://site.invalid'

/**
 * Only a path on this site may be a return_url: never another origin. A browser drops tabs and
 * newlines and reads a backslash as a slash before it follows a Location (`/%09/evil.example` is
 * `//evil.example` to it), so the value is resolved the same way first, and what is left must still be a
 * plain path. The answer is that normalised path, which holds no character a header may not carry.
 */
export function safeReturnUrl(value: string | null | undefined, fallback = '/') {
	if (!value?.startsWith('/')) return fallback
	let url: URL
	try {
		url = new URL(value, SITE)
	} catch {
		return fallback
	}
	if (url.origin !== SITE) return fallback
	return safeRedirect(`${url.pathname}${url.search}${url.hash}`, fallback)
}

/**
 * Spec section 2: without a session the user goes to /login with the original query and a
 * return_url holding the path they asked for.
 */
export function loginUrl(requestUrl: string) {
	const url = new URL(requestUrl)
	const params = new URLSearchParams(url.search)
	params.delete('return_url')
	params.set('return_url', url.pathname)
	return `/login?${params}`
}

/** A step on the way (/verify-account, /update/kyc) that carries the return_url on, when there is one. */
export function withReturnUrl(path: string, returnUrl: string | null | undefined) {
	const safe = safeReturnUrl(returnUrl, '')
	return safe ? `${path}?${new URLSearchParams({ return_url: safe })}` : path
}
