import { throwIfForbidden, throwIfNotFound } from '#app/server/api-errors.server.ts'

export const NO_SUCH_ROLE = 'This role does not exist in your business.'

/**
 * A refusal of the API while a roles screen loads is that screen's status, not a 500: a role granted
 * roles.manage without team.view may not read the catalogue (403), and a role of another business is
 * not found (404).
 */
export function asPageError(error: unknown): never {
	throwIfForbidden(error)
	throwIfNotFound(error, NO_SUCH_ROLE)
	throw error
}
