import { describe, expect, test } from 'vitest'
import { Quote } from '../../contract/quotes.ts'
import { QuoteBody } from '../catalogue/quotes.ts'
import { PRODUCTS, type FormField, type Product } from '../catalogue/index.ts'
import { computeQuote } from './index.ts'

// A valid answer to every field of a product's purchase form: the first option, the smallest number.
function sampleBody(p: Product, pick: 'first' | 'last') {
	const value = (f: FormField) =>
		f.kind === 'select'
			? (pick === 'first' ? f.options[0]! : f.options.at(-1)!).value
			: f.kind === 'number' || f.kind === 'naira'
				? pick === 'first'
					? f.min
					: f.max
				: 'x'
	const body: Record<string, unknown> = { product_id: p.id }
	for (const field of p.purchase_fields) body[field.name] = value(field)
	// The last package class is high value, which needs its declared value.
	if (p.id === 41) body.declared_value = pick === 'first' ? 100_000 : 5_000_000
	// A family plan has at least two people.
	if (body.plan_type === 'family') body.members = pick === 'first' ? 2 : 6
	return body
}

describe('computeQuote', () => {
	test.each(PRODUCTS.map((p) => [p.id, p.slug, p] as const))('prices product %d (%s) from its own form', (_id, _slug, p) => {
		for (const pick of ['first', 'last'] as const) {
			const quote = computeQuote(QuoteBody.parse(sampleBody(p, pick)))
			expect(Quote.parse(quote)).toEqual(quote)
			expect(quote.product_id).toBe(p.id)
			expect(quote.total).toBeGreaterThan(0)
			expect(quote.total).toBe(quote.lines.reduce((sum, l) => sum + l.amount, 0))
			if (p.periods.length === 0) expect(quote.period).toBeNull()
			else expect(p.periods).toContain(quote.period)
		}
	})

	test('dispatches by product id: worked examples end to end', () => {
		const total = (body: unknown) => computeQuote(QuoteBody.parse(body)).total
		expect(total({ product_id: 1, vehicle_class: 'private_car' })).toBe(15_000)
		expect(total({ product_id: 2, vehicle_class: 'private_car', vehicle_value: '₦4,500,000' })).toBe(225_000)
		expect(total({ product_id: 4, vehicle_value: 4_500_000 })).toBe(112_500)
		expect(total({ product_id: 14, vehicle_value: 4_500_000 })).toBe(20_625)
		expect(total({ product_id: 5, gadget_type: 'phone', device_value: 450_000, period: 'annual' })).toBe(27_000)
		expect(total({ product_id: 30, device_value: 850_000, period: 'annual' })).toBe(34_000)
		expect(total({ product_id: 6, destination_zone: 'europe', days: 10, age: 30 })).toBe(22_500)
		expect(total({ product_id: 29, destination_zone: 'europe', days: 10, age: 30 })).toBe(21_000)
		expect(total({ product_id: 32, plan_type: 'family', members: 4, period: 'quarterly' })).toBe(81_000)
		expect(total({ product_id: 40, vehicle_class: 'car', period: 'annual' })).toBe(18_000)
		expect(total({ product_id: 41, package_class: 'parcel', shipments_per_month: 40, period: 'quarterly' })).toBe(42_000)
	})
})
