import { describe, expect, test } from 'vitest'
import { formatCount, formatNaira, formatNairaFull, groupThousands, parseNaira } from './money.ts'

describe('groupThousands', () => {
	test.each([
		['0', '0'],
		['123', '123'],
		['1234', '1,234'],
		['1234567', '1,234,567'],
		['123456789012', '123,456,789,012'],
	])('%s -> %s', (digits, grouped) => {
		expect(groupThousands(digits)).toBe(grouped)
	})
})

describe('formatCount', () => {
	test.each([
		[0, '0'],
		[999, '999'],
		[1000, '1,000'],
		[1234567, '1,234,567'],
		[-1234, '-1,234'],
	])('%s -> %s', (count, text) => {
		expect(formatCount(count)).toBe(text)
	})

	test('a fraction or a non-number is not a count', () => {
		expect(() => formatCount(1.5)).toThrow(RangeError)
		expect(() => formatCount(Number.NaN)).toThrow(RangeError)
		expect(() => formatCount(Number.POSITIVE_INFINITY)).toThrow(RangeError)
	})
})

describe('formatNaira', () => {
	test.each([
		[0, '₦0'],
		[1, '₦1'],
		[999, '₦999'],
		[1_234, '₦1,234'],
		[999_999, '₦999,999'],
		[1_000_000, '₦1M'],
		[1_049_999, '₦1M'],
		[1_050_000, '₦1.1M'],
		[1_200_000, '₦1.2M'],
		[1_234_567, '₦1.2M'],
		// Half up: exactly half a tenth rounds away from zero.
		[1_250_000, '₦1.3M'],
		[1_249_999, '₦1.2M'],
		[999_949_999, '₦999.9M'],
		// Rounding up to a thousand of a unit moves to the next unit.
		[999_950_000, '₦1B'],
		[1_000_000_000, '₦1B'],
		[2_500_000_000, '₦2.5B'],
		[999_999_999_999, '₦1T'],
		[1_000_000_000_000, '₦1T'],
		[7_340_000_000_000, '₦7.3T'],
		// T is the largest unit: beyond it the number of trillions is grouped.
		[1_500_000_000_000_000, '₦1,500T'],
		[1_234_560_000_000_000, '₦1,234.6T'],
	])('%d -> %s', (amount, text) => {
		expect(formatNaira(amount)).toBe(text)
	})

	test('negative amounts put the sign before the Naira sign', () => {
		expect(formatNaira(-1_234)).toBe('-₦1,234')
		expect(formatNaira(-1_250_000)).toBe('-₦1.3M')
		expect(formatNaira(-2_500_000_000)).toBe('-₦2.5B')
	})

	test('stray fractions are rounded to whole Naira, and zero never carries a sign', () => {
		expect(formatNaira(1_234.5)).toBe('₦1,235')
		expect(formatNaira(-1_234.5)).toBe('-₦1,235')
		expect(formatNaira(-0)).toBe('₦0')
		expect(formatNaira(-0.4)).toBe('₦0')
		expect(formatNaira(999_999.5)).toBe('₦1M')
	})

	test('rejects values that are not amounts', () => {
		expect(() => formatNaira(Number.NaN)).toThrow(RangeError)
		expect(() => formatNaira(Number.POSITIVE_INFINITY)).toThrow(RangeError)
	})
})

describe('formatNairaFull', () => {
	test.each([
		[0, '₦0'],
		[999_999, '₦999,999'],
		[1_000_000, '₦1,000,000'],
		[2_500_000_000, '₦2,500,000,000'],
		[-1_234, '-₦1,234'],
		[12_345.6, '₦12,346'],
	])('%d -> %s', (amount, text) => {
		expect(formatNairaFull(amount)).toBe(text)
	})
})

describe('parseNaira', () => {
	test.each([
		['₦1,234', 1_234],
		['1234', 1_234],
		[' 1,234 ', 1_234],
		['0012345', 12_345],
		['0012345.6', 12_346],
		['12345.5', 12_346],
		['12345.49', 12_345],
		['.5', 1],
		['12.', 12],
		['0', 0],
		['N5,000', 5_000],
		['NGN 5000', 5_000],
		['₦ 2,500,000,000', 2_500_000_000],
		['-₦1,234', -1_234],
		['₦-1,234', -1_234],
		['-0', 0],
	])('%j -> %d', (input, amount) => {
		expect(parseNaira(input)).toBe(amount)
	})

	test.each(['', '   ', '₦', '.', '-', 'abc', '12abc', '1.2M', '1 234', '--5', '-₦-5', '1.2.3', '99999999999999999'])(
		'%j -> null',
		(input) => {
			expect(parseNaira(input)).toBeNull()
		},
	)

	test('reads back what formatNairaFull writes', () => {
		for (const amount of [0, 7, 1_234, 999_999, 1_000_000, 2_500_000_000, -1_234]) {
			expect(parseNaira(formatNairaFull(amount))).toBe(amount)
		}
	})
})
