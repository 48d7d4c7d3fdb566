import type { MiddlewareHandler } from 'hono'
import type { Env } from '../http.ts'

/**
 * Headers on every answer of the API (docs/decisions/032-security-headers.md). Its answers are JSON
 * and files, which need nothing from the page, and the sandbox's checkout page, which has one inline
 * style tag and no script: so no script at all, inline styles, and no framing. The checkout's form is
 * left free to send the payer back to the portal, which is another origin when the API runs alone.
 */
const HEADERS = {
	'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'; frame-ancestors 'none'",
	'X-Content-Type-Options': 'nosniff',
	'Referrer-Policy': 'strict-origin-when-cross-origin',
}

export const apiSecurityHeaders: MiddlewareHandler<Env> = async (c, next) => {
	await next()
	for (const [name, value] of Object.entries(HEADERS)) c.res.headers.set(name, value)
}
