import type { RequestHandler, Response } from 'express'
import { FORM_BODY_MAX_BYTES, TOO_LARGE_MESSAGE, UPLOAD_BODY_MAX_BYTES, UPLOAD_TOO_LARGE_MESSAGE } from '../api/security/body-limit.ts'

/**
 * The portal's screens that take files (multipart): the staff list, the staff sheet and a policy's
 * activation documents. With JavaScript on, React Router posts to the same path plus `.data`.
 */
const UPLOAD_PATHS = [/^\/products\/[^/]+\/batch(\.data)?$/, /^\/mycover\/[^/]+\/activate(-staff)?(\.data)?$/]

function tooLarge(res: Response, upload: boolean) {
	res.status(413).set({ 'content-type': 'text/plain; charset=utf-8', connection: 'close' })
	res.end(upload ? UPLOAD_TOO_LARGE_MESSAGE : TOO_LARGE_MESSAGE)
}

/**
 * Refuse a portal request whose body is over its limit with 413 before it is read
 * (docs/decisions/030-body-limits.md): at once by Content-Length; without one (chunked), by counting
 * the bytes as the action reads them and closing the connection at the limit, so that no more arrives.
 */
export const portalBodyLimit: RequestHandler = (req, res, next) => {
	if (req.method === 'GET' || req.method === 'HEAD') return next()
	const upload = UPLOAD_PATHS.some((p) => p.test(req.path))
	const max = upload ? UPLOAD_BODY_MAX_BYTES : FORM_BODY_MAX_BYTES
	const declared = req.headers['content-length']
	if (declared !== undefined) return Number(declared) > max ? tooLarge(res, upload) : next()
	if (!req.headers['transfer-encoding']) return next()
	let seen = 0
	const count = (chunk: Buffer) => {
		seen += chunk.length
		if (seen <= max) return
		req.off('data', count)
		req.pause()
		if (!res.headersSent) tooLarge(res, upload)
		res.once('finish', () => req.socket.destroy())
	}
	req.on('data', count)
	// Listening must not start the flow: the body waits until the action reads it.
	req.pause()
	next()
}
