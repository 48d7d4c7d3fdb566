import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { VEHICLE_CLASS_VALUES, VEHICLE_VALUE } from '../../contract/quote-options.ts'
import { computeQuote } from './index.ts'
import {
	COMPREHENSIVE_RATES_BP,
	NAICOM_COMPREHENSIVE_FLOOR_BP,
	THIRD_PARTY_TARIFF,
	comprehensiveQuote,
	miniComprehensiveQuote,
	monthlyComprehensiveQuote,
	thirdPartyQuote,
} from './motor.ts'
import { roundHalfUp } from './rounding.ts'

describe('third party at the NAICOM tariff (product 1)', () => {
	test('a private car pays ₦15,000 a year', () => {
		expect(thirdPartyQuote({ product_id: 1, vehicle_class: 'private_car' })).toEqual({
			product_id: 1,
			total: 15_000,
			lines: [{ label: 'Private car, third party at the NAICOM tariff', amount: 15_000 }],
			period: 'annual',
			rounding: 'nearest Naira, halves up',
		})
	})

	test.each([
		['own_goods', 20_000, 5_000_000],
		['staff_bus', 20_000, 3_000_000],
		['commercial_truck', 100_000, 5_000_000],
		['special_type', 20_000, 3_000_000],
		['tricycle', 5_000, 2_000_000],
		['motorcycle', 3_000, 1_000_000],
	] as const)('%s pays ₦%d a year, property damage up to ₦%d', (vehicle_class, premium, limit) => {
		expect(thirdPartyQuote({ product_id: 1, vehicle_class }).total).toBe(premium)
		expect(THIRD_PARTY_TARIFF[vehicle_class].propertyDamageLimit).toBe(limit)
	})
})

describe('comprehensive (product 2)', () => {
	test('a ₦4,500,000 private car pays 5%: ₦225,000 a year', () => {
		const quote = comprehensiveQuote({ product_id: 2, vehicle_class: 'private_car', vehicle_value: 4_500_000 })
		expect(quote.total).toBe(225_000)
		expect(quote.lines).toEqual([{ label: "Private car, comprehensive: 5% of the vehicle's value", amount: 225_000 }])
		expect(quote.period).toBe('annual')
	})

	test.each([
		['staff_bus', 12_000_000, 720_000],
		['own_goods', 9_000_000, 540_000],
		['commercial_truck', 30_000_000, 2_250_000],
		['special_type', 20_000_000, 1_500_000],
		['tricycle', 1_800_000, 180_000],
		['motorcycle', 850_000, 85_000],
	] as const)('a %s worth ₦%d pays ₦%d', (vehicle_class, vehicle_value, total) => {
		expect(comprehensiveQuote({ product_id: 2, vehicle_class, vehicle_value }).total).toBe(total)
	})

	test('never costs less than third party: a ₦250,000 car pays the ₦15,000 tariff', () => {
		const quote = comprehensiveQuote({ product_id: 2, vehicle_class: 'private_car', vehicle_value: 250_000 })
		expect(quote.lines).toEqual([{ label: 'Private car, comprehensive: minimum premium (the third-party tariff)', amount: 15_000 }])
		expect(comprehensiveQuote({ product_id: 2, vehicle_class: 'private_car', vehicle_value: 300_000 }).lines[0]!.label).toContain('5%')
	})

	test('rounds the half Naira up, and below it down', () => {
		expect(comprehensiveQuote({ product_id: 2, vehicle_class: 'private_car', vehicle_value: 4_500_010 }).total).toBe(225_001)
		expect(comprehensiveQuote({ product_id: 2, vehicle_class: 'private_car', vehicle_value: 4_500_009 }).total).toBe(225_000)
	})

	test('every rate is at least the NAICOM floor of 5%', () => {
		for (const rate of Object.values(COMPREHENSIVE_RATES_BP)) expect(rate).toBeGreaterThanOrEqual(NAICOM_COMPREHENSIVE_FLOOR_BP)
	})

	test('no premium is below 5% of the value (to the Naira) nor below the class tariff', () => {
		fc.assert(
			fc.property(
				fc.constantFrom(...VEHICLE_CLASS_VALUES),
				fc.integer({ min: VEHICLE_VALUE.min, max: VEHICLE_VALUE.max }),
				(vehicle_class, vehicle_value) => {
					const { total } = comprehensiveQuote({ product_id: 2, vehicle_class, vehicle_value })
					expect(total).toBeGreaterThanOrEqual(roundHalfUp(vehicle_value * NAICOM_COMPREHENSIVE_FLOOR_BP, 10_000))
					expect(total).toBeGreaterThanOrEqual(THIRD_PARTY_TARIFF[vehicle_class].premium)
				},
			),
		)
	})
})

describe('mini comprehensive (product 4)', () => {
	test('2.5% of the value: a ₦4,500,000 car pays ₦112,500', () => {
		expect(miniComprehensiveQuote({ product_id: 4, vehicle_value: 4_500_000 }).lines).toEqual([
			{ label: "Private car, mini comprehensive: 2.5% of the vehicle's value", amount: 112_500 },
		])
	})

	test('the value counts up to the ₦5,000,000 cover limit: a ₦12,000,000 car pays ₦125,000', () => {
		expect(miniComprehensiveQuote({ product_id: 4, vehicle_value: 12_000_000 }).lines).toEqual([
			{ label: 'Private car, mini comprehensive: 2.5% of the cover limit', amount: 125_000 },
		])
	})

	test('at least ₦15,000: a ₦400,000 car pays the minimum, a ₦600,000 one reaches it by its rate', () => {
		expect(miniComprehensiveQuote({ product_id: 4, vehicle_value: 400_000 }).lines).toEqual([
			{ label: 'Private car, mini comprehensive: minimum premium', amount: 15_000 },
		])
		expect(miniComprehensiveQuote({ product_id: 4, vehicle_value: 600_000 }).total).toBe(15_000)
	})

	test('₦4,500,020 is ₦112,500.50, rounded up to ₦112,501', () => {
		expect(miniComprehensiveQuote({ product_id: 4, vehicle_value: 4_500_020 }).total).toBe(112_501)
	})
})

describe('monthly comprehensive (product 14)', () => {
	test('a ₦4,500,000 car: ₦225,000 / 12 = ₦18,750, plus 10% = ₦20,625 a month', () => {
		expect(monthlyComprehensiveQuote({ product_id: 14, vehicle_value: 4_500_000 })).toEqual({
			product_id: 14,
			total: 20_625,
			lines: [
				{ label: "Private car, comprehensive: 5% of the vehicle's value a year, for 1 month", amount: 18_750 },
				{ label: 'Monthly payment loading: 10%', amount: 1_875 },
			],
			period: 'monthly',
			rounding: 'nearest Naira, halves up',
		})
	})

	test('each line is rounded once: ₦18,750.50 -> ₦18,751; the loading is 10% of the line as shown', () => {
		expect(monthlyComprehensiveQuote({ product_id: 14, vehicle_value: 4_500_120 }).lines.map((l) => l.amount)).toEqual([18_751, 1_875])
		// ₦18,755 a month: its loading, ₦1,875.50, rounds up.
		expect(monthlyComprehensiveQuote({ product_id: 14, vehicle_value: 4_501_200 }).lines.map((l) => l.amount)).toEqual([18_755, 1_876])
	})

	test('the yearly minimum applies: a ₦250,000 car pays ₦15,000 / 12 = ₦1,250 plus ₦125', () => {
		expect(monthlyComprehensiveQuote({ product_id: 14, vehicle_value: 250_000 }).total).toBe(1_375)
	})

	test('costs more over a year than paying comprehensive once', () => {
		const yearly = computeQuote({ product_id: 2, vehicle_class: 'private_car', vehicle_value: 4_500_000 }).total
		expect(computeQuote({ product_id: 14, vehicle_value: 4_500_000 }).total * 12).toBeGreaterThan(yearly)
	})
})
