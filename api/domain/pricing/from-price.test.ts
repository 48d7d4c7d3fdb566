import { describe, expect, test } from 'vitest'
import { PRODUCT_IDS } from '../../contract/product-ids.ts'
import type { Product } from '../../contract/catalogue.ts'
import { PRODUCTS, findProduct } from '../catalogue/index.ts'
import { fromPrice } from './from-price.ts'

const of = (id: number) => fromPrice(findProduct(id)!)

describe("a product's from price is the least real quote its form can reach", () => {
	test('worked out by hand from the rates of decision 013', () => {
		// Health: the plan's rate, one person for a month.
		expect(of(PRODUCT_IDS.flexicareSavanna)).toEqual({ amount: 3_500, per: 'person a month' })
		expect(of(PRODUCT_IDS.plusSenior)).toEqual({ amount: 27_000, per: 'person a month' })
		// Third party: the NAICOM tariff's least, a motorcycle's ₦3,000 a year.
		expect(of(PRODUCT_IDS.thirdParty)).toEqual({ amount: 3_000, per: 'year' })
		// Comprehensive: a ₦200,000 private car's 5% is ₦10,000, raised to its tariff of ₦15,000; a motorcycle's 10% is ₦20,000.
		expect(of(PRODUCT_IDS.comprehensive)).toEqual({ amount: 15_000, per: 'year' })
		expect(of(PRODUCT_IDS.miniComprehensive)).toEqual({ amount: 15_000, per: 'year' })
		// Monthly comprehensive: ₦15,000 ÷ 12 = ₦1,250, plus 10%.
		expect(of(PRODUCT_IDS.monthlyComprehensive)).toEqual({ amount: 1_375, per: 'month' })
		// Gadget: a smartwatch's least of ₦2,000 a year, for a month (₦166.67); laptop ₦5,000 a year for a month.
		expect(of(PRODUCT_IDS.gadget)).toEqual({ amount: 167, per: 'month' })
		expect(of(PRODUCT_IDS.laptop)).toEqual({ amount: 417, per: 'month' })
		// Travel: a trip of up to 7 days in Africa.
		expect(of(PRODUCT_IDS.travelHarbour)).toEqual({ amount: 7_500, per: 'trip' })
		expect(of(PRODUCT_IDS.travelCrestwave)).toEqual({ amount: 8_000, per: 'trip' })
		// Breakdown: a car for a month; delivery: one document a month.
		expect(of(PRODUCT_IDS.breakdown)).toEqual({ amount: 1_500, per: 'month' })
		expect(of(PRODUCT_IDS.delivery)).toEqual({ amount: 150, per: 'month' })
	})

	test('every product of the catalogue has one', () => {
		expect(PRODUCTS.filter((p) => fromPrice(p) === null).map((p) => p.name)).toEqual([])
	})

	test('no price is claimed for a form with free text, or one no answer of which quotes', () => {
		const gadget = findProduct(PRODUCT_IDS.gadget)!
		const withText: Product = {
			...gadget,
			purchase_fields: [...gadget.purchase_fields, { name: 'note', label: 'Note', kind: 'text', required: true }],
		}
		expect(fromPrice(withText)).toBeNull()
		const unquotable: Product = { ...gadget, purchase_fields: gadget.purchase_fields.filter((f) => f.name !== 'device_value') }
		expect(fromPrice(unquotable)).toBeNull()
	})
})
