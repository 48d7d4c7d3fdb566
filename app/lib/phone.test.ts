import { describe, expect, test } from 'vitest'
import { PHONE_MESSAGE, isValidNigerianPhone, normalizePhoneInput, phoneSchema, toE164 } from '#api/contract/phone.ts'

describe('normalizePhoneInput', () => {
	test.each([
		['0803 123 4567', '08031234567'],
		['0803-123-4567', '08031234567'],
		['(0803) 123.4567', '08031234567'],
		['080312345678', '08031234567'],
		['+2340803123456789', '2348031234567'],
		['+234 803 123 4567', '2348031234567'],
		['2348031234567', '2348031234567'],
		['23480312345678', '2348031234567'],
		['234000803', '234803'],
		['2340', '234'],
		['0', '0'],
		['2', '2'],
		['23', '23'],
		// Starts with 2 but not 234: the 11-character cap applies.
		['20123456789012', '20123456789'],
		// '+234…' is the 234 form (decision 025).
		['+2348012345678', '2348012345678'],
		['+23408012345678', '2348012345678'],
		// Any other '+' is kept where it was typed and counts towards the cap.
		['0803+1234567', '0803+123456'],
		['234+8031234567', '234+803123456'],
		['08031234567+', '08031234567'],
		['2+34', '2+34'],
	])('%j -> %j', (raw, normalized) => {
		expect(normalizePhoneInput(raw)).toBe(normalized)
	})

	test.each([
		'12345',
		'8031234567',
		'+1 555 0100',
		'+44 20 7946 0958',
		'abc',
		'',
		'+',
		' ',
		// A leading '+' that is not '+234' does not start with 0 or 2.
		'+0803',
		'+08031234567',
		'++2348031234567',
	])('%j is cleared', (raw) => {
		expect(normalizePhoneInput(raw)).toBe('')
	})

	test('is idempotent', () => {
		for (const raw of ['0803 123 4567', '+2340803123456789', '080312345678', '234000803', '0803+1234567']) {
			const once = normalizePhoneInput(raw)
			expect(normalizePhoneInput(once)).toBe(once)
		}
	})
})

describe('isValidNigerianPhone', () => {
	test.each(['08031234567', '07031234567', '09031234567', '2348031234567', '2347031234567', '2349131234567'])('%s is valid', (value) => {
		expect(isValidNigerianPhone(value)).toBe(true)
	})

	test.each([
		'0803123456',
		'080312345678',
		'01234567890',
		'06031234567',
		'234803123456',
		'2341234567890',
		'+2348031234567',
		'0803+123456',
		'234+803123456',
		'0803 123 4567',
		'',
	])('%j is not valid', (value) => {
		expect(isValidNigerianPhone(value)).toBe(false)
	})
})

describe('toE164', () => {
	test.each([
		['08031234567', '+2348031234567'],
		['2348031234567', '+2348031234567'],
		['+2348031234567', '+2348031234567'],
		['0803 123 4567', '+2348031234567'],
	])('%j -> %s', (value, e164) => {
		expect(toE164(value)).toBe(e164)
	})

	test('throws for a number that is not valid', () => {
		expect(() => toE164('0803123')).toThrow(RangeError)
		expect(() => toE164('12345')).toThrow(RangeError)
	})
})

describe('phoneSchema', () => {
	test('normalizes before it validates, as the browser does', () => {
		expect(phoneSchema.parse('0803 123 4567')).toBe('08031234567')
		expect(phoneSchema.parse('+234 0803 123 4567')).toBe('2348031234567')
		expect(phoneSchema.parse('080312345678')).toBe('08031234567')
		expect(phoneSchema.parse('+2348012345678')).toBe('2348012345678')
	})

	test('a + anywhere but before 234 is kept, so the number is refused rather than quietly changed', () => {
		for (const value of ['0803+1234567', '+08031234567', '234803+1234567']) {
			expect(phoneSchema.safeParse(value).error?.issues.map((issue) => issue.message)).toEqual([PHONE_MESSAGE])
		}
	})

	test.each(['12345', '0803123', '', '06031234567', undefined, 8031234567])('%j fails with the message', (value) => {
		const result = phoneSchema.safeParse(value)
		expect(result.success).toBe(false)
		expect(result.error?.issues.map((issue) => issue.message)).toEqual([PHONE_MESSAGE])
	})

	test('can be made optional', () => {
		expect(phoneSchema.optional().parse(undefined)).toBeUndefined()
		expect(phoneSchema.optional().parse('08031234567')).toBe('08031234567')
	})
})
