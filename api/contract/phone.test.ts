import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { PHONE_MESSAGE, Phone } from './phone.ts'

// The input rule itself (normalizePhoneInput, isValidNigerianPhone, toE164) is tested in
// app/lib/phone.test.ts; this is the API's field, which answers the national form.

const nationalNumber = fc.tuple(fc.constantFrom('7', '8', '9'), fc.stringMatching(/^\d{9}$/)).map(([first, rest]) => `${first}${rest}`)

describe('Phone', () => {
	test.each([
		['08031234567', '08031234567'],
		['0803 123 4567', '08031234567'],
		['0803-123-4567', '08031234567'],
		['2348031234567', '08031234567'],
		['+234 803 123 4567', '08031234567'],
		['+234 0803 123 4567', '08031234567'],
		['+2348012345678', '08012345678'],
		['07012345678', '07012345678'],
		['09012345678', '09012345678'],
	])('%j is stored as %j', (input, stored) => {
		expect(Phone.parse(input)).toBe(stored)
	})

	test.each([
		['06012345678'],
		['0803123456'],
		['8031234567'],
		['2346012345678'],
		['+44 20 7946 0958'],
		// A '+' is kept where it was typed (spec section 5), so only '+234…' is a number.
		['0803+1234567'],
		['+08031234567'],
		[''],
		['phone'],
	])('%j is refused', (input) => {
		const issues = Phone.safeParse(input).error?.issues
		expect(issues?.map((i) => i.message)).toEqual([PHONE_MESSAGE])
	})

	test('a missing or non-text value is refused with the same message', () => {
		for (const value of [undefined, null, 8031234567]) {
			expect(Phone.safeParse(value).error?.issues.map((i) => i.message)).toEqual([PHONE_MESSAGE])
		}
	})

	test('every way of writing a mobile number stores the same national form', () => {
		fc.assert(
			fc.property(nationalNumber, (n) => {
				const spaced = `${n.slice(0, 3)} ${n.slice(3, 6)} ${n.slice(6)}`
				for (const written of [`0${n}`, `234${n}`, `+234${n}`, `+234 ${spaced}`, `0${spaced}`, `(0${n.slice(0, 3)}) ${n.slice(3)}`]) {
					expect(Phone.parse(written)).toBe(`0${n}`)
				}
			}),
		)
	})

	test('whatever it accepts is 11 digits starting 07, 08 or 09', () => {
		fc.assert(
			fc.property(fc.string(), (input) => {
				const result = Phone.safeParse(input)
				if (result.success) expect(result.data).toMatch(/^0[789]\d{9}$/)
			}),
		)
	})
})
