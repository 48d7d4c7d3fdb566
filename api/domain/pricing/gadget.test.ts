import { describe, expect, test } from 'vitest'
import { gadgetQuote, laptopQuote } from './gadget.ts'

describe('gadget cover (product 5): a share of the device value a year, for the period', () => {
	test.each([
		['annual', 27_000],
		['bi-annual', 13_500],
		['quarterly', 6_750],
		['monthly', 2_250],
	] as const)('a ₦450,000 phone at 6%%, %s: ₦%d', (period, total) => {
		const quote = gadgetQuote({ product_id: 5, gadget_type: 'phone', device_value: 450_000, period })
		expect(quote.total).toBe(total)
		expect(quote.period).toBe(period)
	})

	test('the line says what it is', () => {
		expect(gadgetQuote({ product_id: 5, gadget_type: 'phone', device_value: 450_000, period: 'quarterly' }).lines).toEqual([
			{ label: "Phone: 6% of the device's value a year, for 3 months", amount: 6_750 },
		])
	})

	test('a ₦380,000 tablet at 5% is ₦19,000 a year; a ₦150,000 smartwatch at 5% is ₦625 a month', () => {
		expect(gadgetQuote({ product_id: 5, gadget_type: 'tablet', device_value: 380_000, period: 'annual' }).total).toBe(19_000)
		expect(gadgetQuote({ product_id: 5, gadget_type: 'smartwatch', device_value: 150_000, period: 'monthly' }).total).toBe(625)
	})

	test.each([
		['phone', 40_000, 3_000, 250],
		['tablet', 30_000, 2_500, 208],
		['smartwatch', 20_000, 2_000, 167],
	] as const)('a %s worth ₦%d pays the minimum of ₦%d a year, ₦%d a month', (gadget_type, device_value, yearly, monthly) => {
		const year = gadgetQuote({ product_id: 5, gadget_type, device_value, period: 'annual' })
		expect(year.total).toBe(yearly)
		expect(year.lines[0]!.label).toContain('minimum premium a year')
		expect(gadgetQuote({ product_id: 5, gadget_type, device_value, period: 'monthly' }).total).toBe(monthly)
	})

	test('rounds once, halves up: ₦450,100 a month is ₦2,250.50 -> ₦2,251; ₦123,457 is ₦617.29 -> ₦617', () => {
		expect(gadgetQuote({ product_id: 5, gadget_type: 'phone', device_value: 450_100, period: 'monthly' }).total).toBe(2_251)
		expect(gadgetQuote({ product_id: 5, gadget_type: 'phone', device_value: 123_457, period: 'monthly' }).total).toBe(617)
	})
})

describe('laptop cover (product 30): 4% of the value a year, at least ₦5,000', () => {
	test.each([
		['annual', 34_000],
		['quarterly', 8_500],
		['monthly', 2_833],
	] as const)('a ₦850,000 laptop, %s: ₦%d', (period, total) => {
		expect(laptopQuote({ product_id: 30, device_value: 850_000, period }).total).toBe(total)
	})

	test('a ₦100,000 laptop pays the minimum: ₦5,000 a year, ₦417 a month', () => {
		expect(laptopQuote({ product_id: 30, device_value: 100_000, period: 'annual' }).lines).toEqual([
			{ label: 'Laptop: minimum premium a year, for 12 months', amount: 5_000 },
		])
		expect(laptopQuote({ product_id: 30, device_value: 100_000, period: 'monthly' }).total).toBe(417)
	})
})
