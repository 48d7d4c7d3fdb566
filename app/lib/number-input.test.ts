import { describe, expect, test } from 'vitest'
import { digitsAndPlusOnly, normalizeFormatInput, normalizeNairaInput, stepFormatInput } from '#app/lib/number-input.ts'
import { FORMAT_INPUT_MESSAGE, NAIRA_INPUT_MESSAGE, formatInputSchema, nairaInputSchema } from '#app/lib/number-input-schemas.ts'

describe('digitsAndPlusOnly', () => {
	test.each([
		['+234 (0) 80-31', '+23408031'],
		['12a3b', '123'],
		['1.5', '15'],
		['-42', '42'],
		['abc', ''],
		['', ''],
	])('%j -> %j', (raw, kept) => {
		expect(digitsAndPlusOnly(raw)).toBe(kept)
	})
})

describe('normalizeNairaInput', () => {
	test.each([
		['0012345.6', '₦12,346'],
		['12345.4', '₦12,345'],
		['12345.5', '₦12,346'],
		['999999.5', '₦1,000,000'],
		['₦1,234', '₦1,234'],
		['N5000', '₦5,000'],
		['1234567', '₦1,234,567'],
		['0', '₦0'],
		['000', '₦0'],
		['05', '₦5'],
		['.6', '₦1'],
		['12.', '₦12'],
		['1.2.6', '₦1'],
		['-500', '₦500'],
		['', ''],
		['₦', ''],
		['abc', ''],
		['.', ''],
		['123456789012345678901234', '₦123,456,789,012,345,678,901,234'],
	])('%j -> %j', (raw, normalized) => {
		expect(normalizeNairaInput(raw)).toBe(normalized)
	})

	test('is idempotent', () => {
		for (const raw of ['0012345.6', '₦1,234', '999999.5', '']) {
			const once = normalizeNairaInput(raw)
			expect(normalizeNairaInput(once)).toBe(once)
		}
	})
})

describe('normalizeFormatInput', () => {
	test.each([
		['1234567', '1,234,567'],
		['0012345', '12,345'],
		['1,234', '1,234'],
		['12.5', '13'],
		['-5', '5'],
		['0', '0'],
		['', ''],
		['abc', ''],
	])('%j -> %j', (raw, normalized) => {
		expect(normalizeFormatInput(raw)).toBe(normalized)
	})
})

describe('stepFormatInput', () => {
	test.each([
		['1,999', 1, '2,000'],
		['2,000', -1, '1,999'],
		['1', -1, '0'],
		['0', -1, '0'],
		['0', 1, '1'],
		['', 1, '1'],
		['', -1, '0'],
		['abc', 1, '1'],
		['999,999,999,999,999,999', 1, '1,000,000,000,000,000,000'],
	] as const)('%j %d -> %j', (value, delta, next) => {
		expect(stepFormatInput(value, delta)).toBe(next)
	})
})

describe('nairaInputSchema', () => {
	test('reads what the input posts, and raw text posted without JavaScript, the same way', () => {
		expect(nairaInputSchema.parse('₦12,346')).toBe(12_346)
		expect(nairaInputSchema.parse('0012345.6')).toBe(12_346)
		expect(nairaInputSchema.parse('25000')).toBe(25_000)
		expect(nairaInputSchema.parse('0')).toBe(0)
		expect(nairaInputSchema.parse(25_000)).toBe(25_000)
	})

	test.each(['', 'abc', undefined, -5, 1.5, '99999999999999999'])('%j fails with the message', (value) => {
		const result = nairaInputSchema.safeParse(value)
		expect(result.success).toBe(false)
		expect(result.error?.issues.map((issue) => issue.message)).toEqual([NAIRA_INPUT_MESSAGE])
	})
})

describe('formatInputSchema', () => {
	test('reads thousands-separated text as a whole number', () => {
		expect(formatInputSchema.parse('1,250')).toBe(1_250)
		expect(formatInputSchema.parse('12.5')).toBe(13)
		expect(formatInputSchema.parse('-5')).toBe(5)
	})

	test.each(['', 'abc', undefined])('%j fails with the message', (value) => {
		const result = formatInputSchema.safeParse(value)
		expect(result.success).toBe(false)
		expect(result.error?.issues.map((issue) => issue.message)).toEqual([FORMAT_INPUT_MESSAGE])
	})
})
