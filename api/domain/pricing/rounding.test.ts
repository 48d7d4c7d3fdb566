import { describe, expect, test } from 'vitest'
import { PRODUCT_IDS } from '../../contract/product-ids.ts'
import { ROUNDING } from '../../contract/quotes.ts'
import { makeQuote, monthsText, percentText, roundHalfUp } from './rounding.ts'

describe('rounding: nearest Naira, halves up', () => {
	test.each([
		[45, 10, 5],
		[44, 10, 4],
		[46, 10, 5],
		[15, 10, 2],
		[25, 10, 3],
		[5, 10, 1],
		[4, 10, 0],
		[0, 7, 0],
		[2_250_005, 10, 225_001],
		[7, 1, 7],
	])('%d / %d -> %d', (numerator, denominator, naira) => {
		expect(roundHalfUp(numerator, denominator)).toBe(naira)
	})

	test('is exact where floating point would drift', () => {
		// 1.005 * 1000 is 1004.9999999999999 in floating point; in integers it is 1005.
		expect(roundHalfUp(1_005, 1_000)).toBe(1)
		expect(roundHalfUp(9_007_199_254_740_991, 2)).toBe(4_503_599_627_370_496)
	})

	test('refuses amounts it cannot round exactly', () => {
		expect(() => roundHalfUp(-1, 2)).toThrow(RangeError)
		expect(() => roundHalfUp(1.5, 2)).toThrow(RangeError)
		expect(() => roundHalfUp(1, 0)).toThrow(RangeError)
	})

	test('percent and month wording', () => {
		expect([500, 750, 250, 1_000, 150].map(percentText)).toEqual(['5%', '7.5%', '2.5%', '10%', '1.5%'])
		expect([1, 3, 12].map(monthsText)).toEqual(['1 month', '3 months', '12 months'])
	})
})

describe('a quote', () => {
	test('totals its lines and names its rounding', () => {
		const quote = makeQuote(PRODUCT_IDS.zencareSavanna, 'quarterly', [
			{ label: 'Family plan: 4 people for 3 months', amount: 90_000 },
			{ label: 'Family discount: 10%', amount: -9_000 },
		])
		expect(quote).toEqual({
			product_id: 32,
			total: 81_000,
			lines: [
				{ label: 'Family plan: 4 people for 3 months', amount: 90_000 },
				{ label: 'Family discount: 10%', amount: -9_000 },
			],
			period: 'quarterly',
			rounding: 'nearest Naira, halves up',
		})
		expect(ROUNDING).toBe('nearest Naira, halves up')
	})

	test('refuses a line that is not whole Naira', () => {
		expect(() => makeQuote(PRODUCT_IDS.thirdParty, 'annual', [{ label: 'x', amount: 0.5 }])).toThrow(RangeError)
	})
})
