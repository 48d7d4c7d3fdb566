import { getZodConstraint } from '@conform-to/zod/v4'
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

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data']

/**
 * The form of a request, read the one way every action reads it. A body that is not a form is a 415,
 * one cut short or malformed (an upload on a slow connection) a 400 asking to send it again, never a
 * 500. NUL characters, which no one types and the database cannot store, are dropped from the values
 * (docs/decisions/031-hostile-input.md).
 */
export async function readForm(request: Request, again = 'Send the form again.') {
	const type = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() ?? ''
	if (!FORM_TYPES.includes(type)) throw data('Send the form from its page: this request did not carry a form.', { status: 415 })
	let form: FormData
	try {
		form = await request.formData()
	} catch {
		throw data(again, { status: 400 })
	}
	const clean = new FormData()
	for (const [name, value] of form) {
		clean.append(name.replaceAll('\0', ''), typeof value === 'string' ? value.replaceAll('\0', '') : value)
	}
	return clean
}

const constraints = new WeakMap<object, ReturnType<typeof getZodConstraint>>()

/**
 * The HTML constraints (required, lengths, patterns) of a form's schema, computed on the server so
 * that zod never ships to the browser: the forms validate on the server, with or without JavaScript.
 * Worked out once per schema: walking the schema on every request was a visible share of a page's
 * time (decision 131). Nothing changes the answer; it is only serialised into the page.
 */
export function formConstraint(schema: Parameters<typeof getZodConstraint>[0]) {
	let constraint = constraints.get(schema)
	if (!constraint) {
		constraint = getZodConstraint(schema)
		constraints.set(schema, constraint)
	}
	return constraint
}
