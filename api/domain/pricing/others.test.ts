import { describe, expect, test } from 'vitest'
import { breakdownQuote, deliveryQuote } from './others.ts'

describe('breakdown (product 40): by vehicle class, per month', () => {
	test.each([
		['car', 'annual', 18_000],
		['suv', 'quarterly', 6_000],
		['bus', 'monthly', 3_000],
		['truck', 'bi-annual', 36_000],
	] as const)('a %s, %s: ₦%d', (vehicle_class, period, total) => {
		expect(breakdownQuote({ product_id: 40, vehicle_class, period }).total).toBe(total)
	})

	test('the line names the vehicle and the months', () => {
		expect(breakdownQuote({ product_id: 40, vehicle_class: 'car', period: 'annual' }).lines).toEqual([
			{ label: 'Car (saloon or hatchback), breakdown cover: 12 months', amount: 18_000 },
		])
	})
})

describe('delivery (product 41): per shipment by package class, times shipments and months', () => {
	test.each([
		['documents', 200, 'monthly', 30_000],
		['parcel', 40, 'quarterly', 42_000],
		['fragile', 15, 'annual', 126_000],
	] as const)('%s, %d a month, %s: ₦%d', (package_class, shipments_per_month, period, total) => {
		expect(deliveryQuote({ product_id: 41, package_class, shipments_per_month, period }).total).toBe(total)
	})

	test('a declared value given for a parcel is ignored', () => {
		expect(
			deliveryQuote({ product_id: 41, package_class: 'parcel', shipments_per_month: 40, declared_value: 900_000, period: 'quarterly' })
				.total,
		).toBe(42_000)
	})

	test('high value: 1.5% of ₦750,000 declared, 10 a month, monthly = ₦112,500', () => {
		expect(
			deliveryQuote({ product_id: 41, package_class: 'high_value', shipments_per_month: 10, declared_value: 750_000, period: 'monthly' })
				.lines,
		).toEqual([{ label: 'High value, 1.5% of the declared value: 10 shipments a month for 1 month', amount: 112_500 }])
	})

	test('rounded once for the line, not per shipment: ₦1,501.50 each -> ₦1,502 for one, ₦3,003 for two', () => {
		const base = { product_id: 41, package_class: 'high_value', declared_value: 100_100, period: 'monthly' } as const
		expect(deliveryQuote({ ...base, shipments_per_month: 1 }).total).toBe(1_502)
		expect(deliveryQuote({ ...base, shipments_per_month: 2 }).total).toBe(3_003)
	})

	test('a high-value quote without its declared value is a programming error (the schema prevents it)', () => {
		expect(() => deliveryQuote({ product_id: 41, package_class: 'high_value', shipments_per_month: 1, period: 'monthly' })).toThrow(
			RangeError,
		)
	})
})
