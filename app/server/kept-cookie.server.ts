import { type Cookie, type CookieOptions, createCookie } from 'react-router'
import { keptByKey } from './kept.server.ts'

/** Headers whose reading is kept; past this many the one kept longest is let go. */
const HEADERS_KEPT = 500
/** A longer header is read each time rather than kept (a browser sends at most 4,096 bytes a cookie). */
const LONGEST_KEPT = 4096

/**
 * A signed cookie that remembers what it read from a `Cookie` header (decision 137). Checking the
 * signature is Web Crypto's HMAC, run on every page for the session and the toasts, and a browser sends
 * the same header page after page. The same header always reads the same while the process runs (the
 * secrets are fixed at start), a bad signature included. Each caller gets its own copy of the value.
 */
export function keptCookie(name: string, options: CookieOptions): Cookie {
	const cookie = createCookie(name, options)
	// The reading itself is kept, so requests that arrive together with one header check it once.
	const keep = keptByKey<Promise<unknown>>(HEADERS_KEPT)
	return {
		get name() {
			return cookie.name
		},
		get isSigned() {
			return cookie.isSigned
		},
		get expires() {
			return cookie.expires
		},
		serialize: (value, serializeOptions) => cookie.serialize(value, serializeOptions),
		async parse(header, parseOptions) {
			if (!header || parseOptions || header.length > LONGEST_KEPT) return cookie.parse(header, parseOptions)
			return structuredClone(await keep(header, () => cookie.parse(header)))
		},
	}
}
