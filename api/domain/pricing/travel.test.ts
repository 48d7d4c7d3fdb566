import { describe, expect, test } from 'vitest'
import { TRAVEL_ZONE_VALUES } from '../../contract/quote-options.ts'
import { TRAVEL_RATES, TRIP_DAY_BANDS, dayBand, travelQuote } from './travel.ts'

describe('travel (products 6 and 29): by zone and days band, with a senior loading', () => {
	test('10 days in the Schengen area at 30 with the first insurer: ₦22,500', () => {
		expect(travelQuote({ product_id: 6, destination_zone: 'europe', days: 10, age: 30 })).toEqual({
			product_id: 6,
			total: 22_500,
			lines: [{ label: 'Schengen area and the rest of Europe, 8 to 15 days', amount: 22_500 }],
			period: null,
			rounding: 'nearest Naira, halves up',
		})
	})

	test('the same trip with the second insurer: ₦21,000', () => {
		expect(travelQuote({ product_id: 29, destination_zone: 'europe', days: 10, age: 30 }).total).toBe(21_000)
	})

	test.each([
		[1, 0],
		[7, 0],
		[8, 1],
		[15, 1],
		[16, 2],
		[31, 2],
		[32, 3],
		[62, 3],
		[63, 4],
		[92, 4],
		[93, 5],
		[180, 5],
	])('%d days fall in band %d', (days, band) => {
		expect(dayBand(days)).toBe(band)
	})

	test('no band outside 1 to 180 days', () => {
		expect(() => dayBand(0)).toThrow(RangeError)
		expect(() => dayBand(181)).toThrow(RangeError)
	})

	test.each([
		['africa', 7, 7_500],
		['africa', 8, 11_000],
		['worldwide', 30, 55_000],
		['worldwide', 180, 190_000],
	] as const)('%s for %d days at 40: ₦%d', (destination_zone, days, total) => {
		expect(travelQuote({ product_id: 6, destination_zone, days, age: 40 }).total).toBe(total)
	})

	test.each([
		[0, 22_500],
		[64, 22_500],
		[65, 33_750],
		[74, 33_750],
		[75, 45_000],
		[85, 45_000],
	])('10 days in Europe at %d: ₦%d', (age, total) => {
		expect(travelQuote({ product_id: 6, destination_zone: 'europe', days: 10, age }).total).toBe(total)
	})

	test('the senior loading is its own line', () => {
		expect(travelQuote({ product_id: 6, destination_zone: 'europe', days: 10, age: 70 }).lines).toEqual([
			{ label: 'Schengen area and the rest of Europe, 8 to 15 days', amount: 22_500 },
			{ label: 'Senior loading, aged 65 to 74: 50%', amount: 11_250 },
		])
	})

	test('every table has a premium for each band, rising with the days', () => {
		for (const table of Object.values(TRAVEL_RATES)) {
			for (const zone of TRAVEL_ZONE_VALUES) {
				const premiums = table[zone]
				expect(premiums).toHaveLength(TRIP_DAY_BANDS.length)
				for (let i = 1; i < premiums.length; i++) expect(premiums[i]!).toBeGreaterThan(premiums[i - 1]!)
			}
		}
	})
})
