import { data } from 'react-router'
import { ApiCallError } from '#app/server/api.server.ts'
import { FORBIDDEN_PAGE } from '#app/server/auth.server.ts'

export const NO_SUCH_ROLE = 'This role does not exist in your business.'

/**
 * A refusal of the API while a roles screen loads is that screen's status, not a 500: a role granted
 * roles.manage without team.view may not read the catalogue (403), and a role of another business is
 * not found (404).
 */
export function asPageError(error: unknown): never {
	if (error instanceof ApiCallError && !error.logout) {
		if (error.status === 403) throw data(FORBIDDEN_PAGE, { status: 403 })
		if (error.status === 404) throw data(NO_SUCH_ROLE, { status: 404 })
	}
	throw error
}
