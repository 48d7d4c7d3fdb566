import type { Submission } from '@conform-to/react'
import { data } from 'react-router'
import { ApiCallError } from './api.server.ts'
import { replyStatus, splitApiError } from './api-errors.server.ts'

/**
 * A failed API call as the form's reply: field messages beside their fields, the rest as notifications
 * (spec section 8), the status kept (4xx), the user's values kept (passwords excepted).
 */
export function replyWithApiError(submission: Submission<unknown>, error: unknown, hideFields: string[] = []) {
	if (!(error instanceof ApiCallError) || error.logout) throw error
	const { fieldErrors, notifications } = splitApiError(error)
	return data({ result: submission.reply({ fieldErrors, hideFields }), notifications }, { status: replyStatus(error) })
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
