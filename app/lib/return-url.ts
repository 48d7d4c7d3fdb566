/** Only a path on this site may be a return_url: never another origin. */
export function safeReturnUrl(value: string | null | undefined, fallback = '/') {
	if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback
	return value
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
