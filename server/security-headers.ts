import { randomBytes } from 'node:crypto'
import type { RequestHandler } from 'express'

/**
 * Pages other sites may put in a frame: the kit, which partners embed (spec: the kit). Every other page
 * refuses to be framed. A path listed here is matched with everything below it. Even there, only the
 * origin the kit's page names in `X-Kit-Frame-Ancestors` (its session's, or '*' for a page that only
 * says the link is no good) may frame it; a page that names none may not be framed at all
 * (docs/decisions/076-kit-frame.md).
 */
export const FRAMEABLE_PATHS = ['/kit']
export const KIT_FRAME_HEADER = 'x-kit-frame-ancestors'

/** One origin, or '*': nothing that could add a directive to the policy. */
const FRAME_SOURCE = /^(\*|https?:\/\/[a-z0-9.-]+(:\d{1,5})?|https?:\/\/\[[0-9a-f:]+\](:\d{1,5})?)$/i

/** The kit page's frame-ancestors: the one source it named, or none. */
export function kitFrameAncestors(named: unknown) {
	return typeof named === 'string' && FRAME_SOURCE.test(named) ? `frame-ancestors ${named}` : "frame-ancestors 'none'"
}

/** Pages where inspections take photos: only these may ask for the camera. */
export const CAMERA_PATHS = [
	/^\/inspection-scanner(\/|$)/,
	/^\/pre-inspection\//,
	/^\/claims\/make-claim\/[^/]+\/inspection(\/|$)/,
	// The kit's inspection, in a partner's frame that delegates the camera (allow="camera", decision 106).
	/^\/kit\/[^/]+\/inspect(\/|$)/,
]

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}.`)

/**
 * The portal's Content-Security-Policy (docs/decisions/032-security-headers.md): scripts only from this
 * site and the request's nonce, which React Router and React put on their inline scripts. Styles allow
 * 'unsafe-inline' because the no-JavaScript rule is an inline style tag and components may set style
 * attributes; CSS cannot run script, so the nonce is kept for scripts, where it matters.
 */
export function contentSecurityPolicy(nonce: string, path: string, reportTo: string | null = null) {
	return [
		"default-src 'self'",
		`script-src 'self' 'nonce-${nonce}'`,
		"style-src 'self' 'unsafe-inline'",
		"img-src 'self' data:",
		// The browser sends its error reports to the DSN's host (SENTRY_DSN), and nowhere else.
		reportTo ? `connect-src 'self' ${reportTo}` : "connect-src 'self'",
		"object-src 'none'",
		"base-uri 'self'",
		...(FRAMEABLE_PATHS.some((p) => under(path, p)) ? [] : ["frame-ancestors 'none'"]),
	].join('; ')
}

/**
 * Headers on every answer of the portal: CSP with a fresh nonce (kept in res.locals for the renderer),
 * nosniff (downloads included), the referrer policy, the camera only where inspections need it, and HSTS
 * when the request came over HTTPS (directly, or by X-Forwarded-Proto behind a proxy: TRUST_PROXY=true).
 * In development the CSP is left off: Vite's hot reload injects its own scripts and socket.
 */
export function securityHeaders({ csp, sentryDsn }: { csp: boolean; sentryDsn?: string | undefined }): RequestHandler {
	const reportTo = sentryDsn ? new URL(sentryDsn).origin : null
	return (req, res, next) => {
		const nonce = randomBytes(16).toString('base64')
		res.locals.cspNonce = nonce
		if (csp) res.setHeader('Content-Security-Policy', contentSecurityPolicy(nonce, req.path, reportTo))
		if (FRAMEABLE_PATHS.some((p) => under(req.path, p))) {
			// The kit's route names its framer; the policy is completed as the headers go out.
			const writeHead = res.writeHead
			res.writeHead = function (this: typeof res, ...args: Parameters<typeof res.writeHead>) {
				const named = res.getHeader(KIT_FRAME_HEADER)
				res.removeHeader(KIT_FRAME_HEADER)
				const policy = res.getHeader('Content-Security-Policy')
				if (csp && typeof policy === 'string') res.setHeader('Content-Security-Policy', `${policy}; ${kitFrameAncestors(named)}`)
				return writeHead.apply(this, args)
			} as typeof res.writeHead
		}
		res.setHeader('X-Content-Type-Options', 'nosniff')
		res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin')
		res.setHeader('Permissions-Policy', CAMERA_PATHS.some((p) => p.test(req.path)) ? 'camera=(self)' : 'camera=()')
		if (req.secure) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
		next()
	}
}
