import { data } from 'react-router'
import { ApiCallError } from './api.server.ts'
import { FORBIDDEN_PAGE } from './auth.server.ts'
import { type Toast, toastFor } from './toast.server.ts'

// How a route turns a refusal of the API into what the user sees, one helper per shape: the
// not-found page, a part not shown (or the forbidden page), and notifications for the rest (spec
// section 8; a form's reply is replyWithApiError in forms.server.ts). A lost session (logout) is
// always rethrown: the guard signs the user out.

const refused = (error: unknown, ...statuses: number[]): error is ApiCallError =>
	error instanceof ApiCallError && !error.logout && statuses.includes(error.status)

/**
 * A loader's call for the thing of the URL, or the not-found page: the API's 404, or its 400 for an id
 * of the wrong shape. The page says `message`, or the API's words.
 */
export async function orNotFound<T>(call: Promise<T>, message?: string): Promise<T> {
	try {
		return await call
	} catch (error) {
		if (refused(error, 404, 400)) throw data(message ?? error.message, { status: 404 })
		throw error
	}
}

/** In an action, where a 400 is about the form: the API's 404 becomes the not-found page; otherwise nothing. */
export function throwIfNotFound(error: unknown, message?: string) {
	if (refused(error, 404)) throw data(message ?? error.message, { status: 404 })
}

/** A part of a page the user's role may not see: null on the API's 403, so the page goes without it. */
export async function orNotShown<T>(call: Promise<T>): Promise<T | null> {
	try {
		return await call
	} catch (error) {
		if (refused(error, 403)) return null
		throw error
	}
}

/** A screen the user's role may not open: the API's 403 becomes the forbidden page; otherwise nothing. */
export function throwIfForbidden(error: unknown) {
	if (refused(error, 403)) throw data(FORBIDDEN_PAGE, { status: 403 })
}

/**
 * Spec section 8: what is not about a field is a notification, one per entry for a list. Entries that
 * name a field go beside it (unless the form has no fields to put them beside); entries that name none
 * are notifications; the message of the whole answer is one too, unless it only repeats an entry.
 */
export function splitApiError(error: Pick<ApiCallError, 'status' | 'message' | 'fieldErrors'>, besideFields = true) {
	const fieldErrors: Record<string, string[]> = {}
	const listed: string[] = []
	for (const e of error.fieldErrors) {
		if (e.path && besideFields) fieldErrors[e.path] = [...(fieldErrors[e.path] ?? []), e.message]
		else listed.push(e.message)
	}
	const repeats = error.fieldErrors.some((e) => e.message === error.message)
	const messages = [...new Set(repeats ? listed : [error.message, ...listed])]
	return { fieldErrors, notifications: notificationsFor(error.status, messages) }
}

/** The status of a reply to a refused call: the API's 4xx, or 502 when the API itself failed. */
export const replyStatus = (error: ApiCallError) => (error.status >= 400 && error.status < 500 ? error.status : 502)

/** Notifications for a status (spec section 8: above 300 a danger popup titled 'Oops ):'), one per message. */
export function notificationsFor(status: number, messages: readonly string[]): Toast[] {
	return messages.map((m) => ({ ...toastFor(status, m), id: crypto.randomUUID() }))
}

/** A refusal of a form with no fields to speak of (a button), as notifications on the page it was sent from. */
export function notify(status: number, message: string) {
	return data({ notifications: notificationsFor(status, [message]) }, { status })
}

/** A refused call of a form with no fields to speak of: all its messages as notifications. */
export function notifyApiError(error: unknown) {
	if (!(error instanceof ApiCallError) || error.logout) throw error
	return data({ notifications: splitApiError(error, false).notifications }, { status: replyStatus(error) })
}
