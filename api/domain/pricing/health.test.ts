import { describe, expect, test } from 'vitest'
import { HEALTH_PRODUCT_IDS } from '../../contract/product-ids.ts'
import { HEALTH_MONTHLY_RATES, healthQuote } from './health.ts'

describe('health: per person per month, times members and months', () => {
	test('ZenCare (Savanna, 32), family, quarterly, 4 members: 4 x ₦7,500 x 3 = ₦90,000, less 10% = ₦81,000', () => {
		expect(healthQuote({ product_id: 32, plan_type: 'family', members: 4, period: 'quarterly' })).toEqual({
			product_id: 32,
			total: 81_000,
			lines: [
				{ label: 'Family plan: 4 people for 3 months', amount: 90_000 },
				{ label: 'Family discount: 10%', amount: -9_000 },
			],
			period: 'quarterly',
			rounding: 'nearest Naira, halves up',
		})
	})

	test.each([
		[32, 'standard', 1, 'monthly', 7_500],
		[32, 'standard', 1, 'annual', 90_000],
		[31, 'standard', 25, 'annual', 1_050_000],
		[34, 'standard', 3, 'quarterly', 34_200],
		[16, 'standard', 1, 'bi-annual', 63_000],
		[17, 'standard', 10, 'monthly', 90_000],
		[18, 'standard', 2, 'annual', 324_000],
		[22, 'standard', 1, 'bi-annual', 108_000],
		[24, 'standard', 1, 'annual', 324_000],
		[33, 'standard', 1, 'monthly', 15_000],
		[36, 'family', 2, 'monthly', 28_800],
		[16, 'family', 6, 'annual', 680_400],
		[35, 'family', 3, 'bi-annual', 129_600],
	] as const)('product %d, %s, %d people, %s: ₦%d', (product_id, plan_type, members, period, total) => {
		expect(healthQuote({ product_id, plan_type, members, period } as Parameters<typeof healthQuote>[0]).total).toBe(total)
	})

	test('a standard plan has no discount line', () => {
		expect(healthQuote({ product_id: 31, plan_type: 'standard', members: 2, period: 'monthly' }).lines).toEqual([
			{ label: 'Standard plan: 2 people for 1 month', amount: 7_000 },
		])
	})

	test('every health plan has a monthly rate', () => {
		for (const id of HEALTH_PRODUCT_IDS) expect(HEALTH_MONTHLY_RATES[id]).toBeGreaterThan(0)
	})
})
