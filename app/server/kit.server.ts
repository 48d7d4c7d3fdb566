import { KIT_SESSION_MISSING } from '#app/lib/kit-session.ts'
import { ApiCallError } from './api.server.ts'

/**
 * Who may frame a kit page, and no caching: the session's origin; `null` where no session was found,
 * whose clear page any frame may show.
 */
export const kitFrameHeaders = (origin: string | null) => ({ 'X-Kit-Frame-Ancestors': origin ?? '*', 'Cache-Control': 'no-store' })

/**
 * A kit session the API would not give (unknown, expired, closed…): the message and status of the
 * page that says so. Anything but the API's 4xx answer is thrown on.
 */
export function kitProblemOf(error: unknown) {
	if (error instanceof ApiCallError && error.status >= 400 && error.status < 500) {
		const missing = error.status === 404 || error.status === 400
		return { problem: missing ? KIT_SESSION_MISSING : error.message, status: error.status === 400 ? 404 : error.status }
	}
	throw error
}
