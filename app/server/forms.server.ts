import type { Submission } from '@conform-to/react'
import { data } from 'react-router'
import { ApiCallError } from './api.server.ts'

/**
 * Turn a failed API call into the form's reply: field messages beside their fields, the rest above
 * the form, the status kept (4xx), the user's values kept (passwords excepted).
 */
export function replyWithApiError(submission: Submission<unknown>, error: unknown, hideFields: string[] = []) {
	if (!(error instanceof ApiCallError) || error.logout) throw error
	const fieldErrors: Record<string, string[]> = {}
	for (const e of error.fieldErrors) if (e.path) (fieldErrors[e.path] ??= []).push(e.message)
	const formErrors = error.fieldErrors.some((e) => e.message === error.message && e.path) ? [] : [error.message]
	const status = error.status >= 400 && error.status < 500 ? error.status : 502
	return data(
		{ result: submission.reply({ formErrors, fieldErrors, hideFields }) },
		{ status },
	)
}

/**
 * The form of a request whose body may be cut short or malformed (an upload on a slow connection):
 * a 400 page asking to send it again, rather than a 500.
 */
export async function readForm(request: Request, again = 'Send the form again.') {
	try {
		return await request.formData()
	} catch {
		throw data(again, { status: 400 })
	}
}

/**
 * The HTML constraints (required, lengths, patterns) of a form's schema, computed on the server so
 * that zod never ships to the browser: the forms validate on the server, with or without JavaScript.
 */
export { getZodConstraint as formConstraint } from '@conform-to/zod/v4'
