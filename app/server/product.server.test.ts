import { describe, expect, test } from 'vitest'
import type { FormField } from '#api/contract/catalogue.ts'
import { quoteConstraint } from './product.server.ts'

const field = (name: string, required: boolean): FormField => ({ name, label: name, kind: 'text', required }) as FormField

describe('quoteConstraint', () => {
	test('marks the required fields, and the optional ones as not required', () => {
		expect(quoteConstraint([field('plate', true), field('colour', false)])).toEqual({
			plate: { required: true },
			colour: { required: false },
		})
	})

	test('works a list of fields out once, and apart from a list that differs only in what is required', () => {
		const first = quoteConstraint([field('imei', true), field('model', true)])
		// The API answers with new objects each time: the same names and flags are the same constraint.
		expect(quoteConstraint([field('imei', true), field('model', true)])).toBe(first)
		const optional = quoteConstraint([field('imei', true), field('model', false)])
		expect(optional).not.toBe(first)
		expect(optional.model).toEqual({ required: false })
		expect(first.model).toEqual({ required: true })
	})
})
