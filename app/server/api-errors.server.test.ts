import { describe, expect, test } from 'vitest'
import { splitApiError } from './api-errors.server.ts'
import { ApiCallError } from './api.server.ts'

const shown = (n: { type: string; title?: string; description: string }) => ({ type: n.type, title: n.title, description: n.description })

describe('splitApiError (spec section 8)', () => {
	test('a message with no list is one danger notification titled Oops ):', () => {
		const { fieldErrors, notifications } = splitApiError(new ApiCallError(409, 'This withdrawal was already confirmed.'))
		expect(fieldErrors).toEqual({})
		expect(notifications.map(shown)).toEqual([{ type: 'danger', title: 'Oops ):', description: 'This withdrawal was already confirmed.' }])
	})

	test('a list of errors that name no field is one notification per entry, after the message', () => {
		const error = new ApiCallError(422, 'The sheet has problems.', [
			{ path: '', message: 'Row 2: enter a date of birth.' },
			{ path: '', message: 'Row 5: this email is not on the plan.' },
		])
		expect(splitApiError(error).notifications.map((n) => n.description)).toEqual([
			'The sheet has problems.',
			'Row 2: enter a date of birth.',
			'Row 5: this email is not on the plan.',
		])
	})

	test('errors that name a field stay beside it, and a message repeating one is not shown twice', () => {
		const error = new ApiCallError(400, 'Enter the amount.', [
			{ path: 'amount', message: 'Enter the amount.' },
			{ path: 'bank_code', message: 'Choose a bank from the list.' },
		])
		const { fieldErrors, notifications } = splitApiError(error)
		expect(fieldErrors).toEqual({ amount: ['Enter the amount.'], bank_code: ['Choose a bank from the list.'] })
		expect(notifications).toEqual([])
	})

	test('a form with no fields gets every entry as a notification', () => {
		const error = new ApiCallError(400, 'Choose a card.', [{ path: 'id', message: 'Choose a card.' }])
		const { fieldErrors, notifications } = splitApiError(error, false)
		expect(fieldErrors).toEqual({})
		expect(notifications.map((n) => n.description)).toEqual(['Choose a card.'])
	})

	test('a 300 is a warning; each notification has its own id', () => {
		const { notifications } = splitApiError(new ApiCallError(300, 'Check the details.', [{ path: '', message: 'One more thing.' }]))
		expect(notifications.map((n) => n.type)).toEqual(['warning', 'warning'])
		expect(new Set(notifications.map((n) => n.id)).size).toBe(2)
	})
})
