import { expect, test } from 'vitest'
import type { FormField } from '#api/contract/catalogue.ts'
import { activationDetails } from './activation-details.ts'

// A health policy's activation fields, as GET /products/{id} sends them.
const fields: FormField[] = [
	{ name: 'date_of_birth', label: 'Date of birth', kind: 'date', required: true },
	{
		name: 'gender',
		label: 'Gender',
		kind: 'select',
		options: [
			{ value: 'male', label: 'Male' },
			{ value: 'female', label: 'Female' },
		],
		required: true,
	},
	{ name: 'phone', label: 'Phone number', kind: 'phone', required: true },
]

test("a policy's activation reads in the form's words: labels, the option picked, days marked", () => {
	expect(activationDetails(fields, { date_of_birth: '1990-05-17', gender: 'female', phone: '08031234567', legacy: 'kept' })).toEqual([
		{ label: 'Date of birth', value: '1990-05-17', day: true },
		{ label: 'Gender', value: 'Female', day: false },
		{ label: 'Phone number', value: '08031234567', day: false },
		{ label: 'legacy', value: 'kept', day: false },
	])
	expect(activationDetails(fields, null)).toEqual([])
})
