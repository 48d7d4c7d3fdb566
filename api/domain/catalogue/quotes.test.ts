import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { Quote } from '../../contract/quotes.ts'
import { PRODUCTS } from './index.ts'
import type { FormField, Product } from './index.ts'
import { FAMILY_MESSAGE, PRODUCT_MESSAGE, QUOTE_SCHEMAS, QuoteBody } from './quotes.ts'

const messages = (body: unknown) => {
	const result = QuoteBody.safeParse(body)
	return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
}
const parsed = (body: unknown) => QuoteBody.parse(body) as Record<string, unknown>
const fieldSchema = (p: Product, name: string) => (QUOTE_SCHEMAS[p.id].shape as Record<string, z.ZodType>)[name]!

describe("each product's purchase form matches its quote schema", () => {
	test.each(PRODUCTS.map((p) => [p.id, p.slug, p] as const))('%d %s', (_id, _slug, p) => {
		const schemaFields = Object.keys(QUOTE_SCHEMAS[p.id].shape).filter((k) => k !== 'product_id')
		expect(p.purchase_fields.map((f) => f.name).sort()).toEqual(schemaFields.sort())
		for (const field of p.purchase_fields) checkField(p, field)
	})

	function checkField(p: Product, field: FormField) {
		const schema = fieldSchema(p, field.name)
		const at = `${p.id}.${field.name}`
		expect(schema.safeParse(undefined).success, `${at} optional`).toBe(!field.required)
		if (field.kind === 'select') {
			expect(schema, at).toBeInstanceOf(z.ZodEnum)
			expect([...(schema as z.ZodEnum).options].sort(), at).toEqual(field.options.map((o) => o.value).sort())
		}
		if (field.kind === 'number' || field.kind === 'naira') {
			expect(schema.safeParse(field.min).success, `${at} min`).toBe(true)
			expect(schema.safeParse(field.max).success, `${at} max`).toBe(true)
			expect(schema.safeParse(field.min - 1).success, `${at} below min`).toBe(false)
			expect(schema.safeParse(field.max + 1).success, `${at} above max`).toBe(false)
			// A message that names an amount names the bound it enforces.
			for (const [value, bound] of [
				[field.min - 1, field.min],
				[field.max + 1, field.max],
			]) {
				const named = /₦\d{1,3}(?:,\d{3})*/.exec(schema.safeParse(value).error!.issues[0]!.message)?.[0]
				if (named) expect(named, at).toBe(`₦${bound!.toLocaleString('en-US')}`)
			}
		}
		if (field.kind === 'naira' && field.hint) {
			// The example in the hint is a value the field accepts.
			const example = /₦[\d,]+/.exec(field.hint)?.[0]
			if (example) expect(schema.safeParse(example).success, `${at} hint example`).toBe(true)
		}
	}
})

describe('the quote body', () => {
	test('reads numbers as a form posts them', () => {
		expect(parsed({ product_id: '2', vehicle_class: 'private_car', vehicle_value: '₦4,500,000' })).toEqual({
			product_id: 2,
			vehicle_class: 'private_car',
			vehicle_value: 4_500_000,
		})
		expect(parsed({ product_id: 4, vehicle_value: ' N4,500,000.00 ' }).vehicle_value).toBe(4_500_000)
		expect(parsed({ product_id: 4, vehicle_value: 'NGN 4500000' }).vehicle_value).toBe(4_500_000)
		expect(parsed({ product_id: 6, destination_zone: 'europe', days: '10', age: '30' })).toMatchObject({ days: 10, age: 30 })
	})

	test('drops fields the product does not ask for', () => {
		expect(parsed({ product_id: 1, vehicle_class: 'private_car', vehicle_value: 1, period: 'monthly' })).toEqual({
			product_id: 1,
			vehicle_class: 'private_car',
		})
	})

	test('an unknown product, or no body, is refused plainly', () => {
		expect(messages({ product_id: 3 })).toEqual([`product_id: ${PRODUCT_MESSAGE}`])
		expect(messages({ product_id: 'comprehensive' })).toEqual(['product_id: Choose a product from the catalogue.'])
		expect(messages({})).toEqual(['product_id: Choose a product from the catalogue.'])
		expect(messages(null)).toEqual([': Send the product_id and the fields of its quote.'])
	})

	test.each([
		[undefined, 'Enter the value of the vehicle in Naira, like ₦4,500,000.'],
		['', 'Enter the value of the vehicle in Naira, like ₦4,500,000.'],
		['four million', 'Enter the value of the vehicle in Naira, like ₦4,500,000.'],
		['-4500000', 'Enter the value of the vehicle in Naira, like ₦4,500,000.'],
		['4500000.5', 'Enter the value of the vehicle in whole Naira, without kobo.'],
		[199_999, 'We cover vehicles worth at least ₦200,000.'],
		[200_000_001, 'For a vehicle worth more than ₦200,000,000, contact us for a quote.'],
		[1e20, 'For a vehicle worth more than ₦200,000,000, contact us for a quote.'],
	])('a vehicle value of %j: %s', (vehicle_value, message) => {
		expect(messages({ product_id: 2, vehicle_class: 'private_car', vehicle_value })).toEqual([`vehicle_value: ${message}`])
	})

	test('motor choices', () => {
		expect(messages({ product_id: 1, vehicle_class: 'bicycle' })).toEqual(['vehicle_class: Choose the class of the vehicle.'])
		expect(messages({ product_id: 40, vehicle_class: 'private_car', period: 'annual' })).toEqual([
			'vehicle_class: Choose the kind of vehicle.',
		])
	})

	test('gadget and laptop values', () => {
		const gadget = (device_value: unknown) => messages({ product_id: 5, gadget_type: 'phone', device_value, period: 'annual' })
		expect(gadget('')).toEqual(['device_value: Enter the value of the device in Naira, like ₦450,000.'])
		expect(gadget(19_999)).toEqual(['device_value: We cover devices worth at least ₦20,000.'])
		expect(gadget(3_000_001)).toEqual(['device_value: We cover devices worth up to ₦3,000,000.'])
		expect(gadget('450000.25')).toEqual(['device_value: Enter the value of the device in whole Naira, without kobo.'])
		expect(messages({ product_id: 5, gadget_type: 'camera', device_value: 450_000, period: 'weekly' })).toEqual([
			'gadget_type: Choose the kind of device.',
			'period: Choose a cover period: annual, bi-annual, quarterly or monthly.',
		])
		const laptop = (device_value: unknown) => messages({ product_id: 30, device_value, period: 'annual' })
		expect(laptop(undefined)).toEqual(['device_value: Enter the value of the laptop in Naira, like ₦850,000.'])
		expect(laptop(49_999)).toEqual(['device_value: We cover laptops worth at least ₦50,000.'])
		expect(laptop(5_000_001)).toEqual(['device_value: We cover laptops worth up to ₦5,000,000.'])
	})

	test('travel days and age', () => {
		const travel = (days: unknown, age: unknown) => messages({ product_id: 29, destination_zone: 'africa', days, age })
		expect(travel(0, 30)).toEqual(['days: Enter the length of the trip in whole days, from 1 to 180.'])
		expect(travel(2.5, 30)).toEqual(['days: Enter the length of the trip in whole days, from 1 to 180.'])
		expect(travel(181, 30)).toEqual(['days: We cover trips of up to 180 days.'])
		expect(travel(10, 86)).toEqual(['age: We cover travellers aged up to 85.'])
		expect(travel(10, '')).toEqual(["age: Enter the traveller's age in whole years, like 30."])
		expect(messages({ product_id: 6, destination_zone: 'mars', days: 10, age: 30 })).toEqual([
			'destination_zone: Choose where you are going.',
		])
	})

	test('health plan types and members', () => {
		const health = (product_id: number, plan_type: string, members: unknown) =>
			messages({ product_id, plan_type, members, period: 'annual' })
		expect(health(32, 'family', 4)).toEqual([])
		expect(health(32, 'family', 2)).toEqual([])
		expect(health(32, 'family', 6)).toEqual([])
		expect(health(32, 'family', 1)).toEqual([`members: ${FAMILY_MESSAGE}`])
		expect(health(32, 'family', 7)).toEqual(['members: A family plan covers 2 to 6 people: the principal member and up to 5 dependants.'])
		expect(health(32, 'standard', 0)).toEqual(['members: Enter the number of people to cover, from 1 to 10,000.'])
		expect(health(32, 'standard', 10_001)).toEqual(['members: Enter the number of people to cover, from 1 to 10,000.'])
		expect(health(32, 'couple', 2)).toEqual(['plan_type: Choose a plan type: standard or family.'])
		expect(health(22, 'family', 2)).toEqual(['plan_type: Choose a plan type: standard.'])
		expect(messages({ product_id: 32, plan_type: 'standard', members: 1 })).toEqual([
			'period: Choose a cover period: annual, bi-annual, quarterly or monthly.',
		])
	})

	test('delivery asks the declared value of high-value shipments only', () => {
		const delivery = (package_class: string, declared_value: unknown) =>
			messages({ product_id: 41, package_class, shipments_per_month: 10, declared_value, period: 'monthly' })
		expect(delivery('parcel', '')).toEqual([])
		expect(delivery('parcel', undefined)).toEqual([])
		expect(delivery('high_value', undefined)).toEqual([
			'declared_value: Enter the declared value of each shipment in Naira, like ₦750,000.',
		])
		expect(delivery('high_value', '')).toEqual(['declared_value: Enter the declared value of each shipment in Naira, like ₦750,000.'])
		expect(delivery('high_value', 99_999)).toEqual([
			'declared_value: A high-value shipment is worth at least ₦100,000: send it as a parcel or fragile.',
		])
		expect(delivery('high_value', 5_000_001)).toEqual(['declared_value: We cover shipments worth up to ₦5,000,000 each.'])
		expect(delivery('cash', undefined)).toEqual(['package_class: Choose what you send.'])
		expect(messages({ product_id: 41, package_class: 'parcel', shipments_per_month: 0, period: 'monthly' })).toEqual([
			'shipments_per_month: Enter how many shipments you send a month, from 1 to 10,000.',
		])
	})

	test('a quote has at least one line, whole Naira and a known period', () => {
		const quote = {
			product_id: 1,
			total: 15_000,
			lines: [{ label: 'x', amount: 15_000 }],
			period: 'annual',
			rounding: 'nearest Naira, halves up',
		}
		expect(Quote.safeParse(quote).success).toBe(true)
		expect(Quote.safeParse({ ...quote, period: null }).success).toBe(true)
		expect(Quote.safeParse({ ...quote, lines: [] }).success).toBe(false)
		expect(Quote.safeParse({ ...quote, total: 15_000.5 }).success).toBe(false)
		expect(Quote.safeParse({ ...quote, period: 'weekly' }).success).toBe(false)
	})
})
