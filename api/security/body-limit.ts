import type { MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { PRODUCTS } from '../domain/catalogue/index.ts'
import type { AnyRoute, Env } from '../http.ts'
import { UPLOAD_MAX_BYTES } from '../storage/index.ts'

/**
 * How big a request body may be (docs/decisions/030-body-limits.md). JSON and forms are small; a
 * multipart upload may carry the most documents an activation asks for, each at the upload limit, plus
 * room for its other fields. The portal and the API apply the same numbers.
 */
export const FORM_BODY_MAX_BYTES = 64 * 1024
const MOST_FILES = Math.max(1, ...PRODUCTS.map((p) => p.activation?.documents.length ?? 0))
export const UPLOAD_BODY_MAX_BYTES = MOST_FILES * UPLOAD_MAX_BYTES + 1024 * 1024

export const TOO_LARGE_MESSAGE = 'The request is too large.'
export const UPLOAD_TOO_LARGE_MESSAGE = `The upload is too large: send at most ${MOST_FILES} files of 5 MB each.`

/**
 * Refuse a body over its route's limit with 413 before reading it: at once by Content-Length, or, for a
 * chunked body, as soon as the count passes the limit. The connection is closed rather than drained.
 */
export function limitBodies(basePath: string, routes: AnyRoute[]): MiddlewareHandler<Env> {
	const uploads = routes.filter((r) => r.multipart).map((r) => new RegExp(`^${basePath}${r.path.replace(/:\w+/g, '[^/]+')}/?$`))
	const limit = (maxSize: number, message: string) =>
		bodyLimit({ maxSize, onError: (c) => c.json({ message }, 413, { connection: 'close' }) })
	const forForms = limit(FORM_BODY_MAX_BYTES, TOO_LARGE_MESSAGE)
	const forUploads = limit(UPLOAD_BODY_MAX_BYTES, UPLOAD_TOO_LARGE_MESSAGE)
	return (c, next) => (uploads.some((u) => u.test(c.req.path)) ? forUploads : forForms)(c, next)
}
