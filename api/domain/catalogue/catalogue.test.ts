import { describe, expect, test } from 'vitest'
import { PERIOD_VALUES } from '../../contract/periods.ts'
import { ALL_PRODUCT_IDS } from '../../contract/product-ids.ts'
import {
	CATEGORIES,
	INCIDENT_TYPES,
	PRODUCTS,
	PROVIDERS,
	findProduct,
	findProductBySlug,
	productById,
	productsInCategory,
} from './index.ts'

const names = (fields: readonly { name: string }[]) => fields.map((f) => f.name)

describe('the catalogue', () => {
	test('holds every product id of spec section 9, with its line', () => {
		const expected: [number, string, string][] = [
			[1, 'auto', 'third-party'],
			[2, 'auto', 'comprehensive'],
			[4, 'auto', 'mini-comprehensive'],
			[5, 'gadget', 'gadget'],
			[6, 'travel', 'travel-harbour'],
			[14, 'auto', 'monthly-comprehensive'],
			[16, 'health', 'zencare-plus'],
			[17, 'health', 'zencare-hygeia'],
			[18, 'health', 'zencare-prime'],
			[22, 'health', 'senior-citizen'],
			[24, 'health', 'plus-senior'],
			[29, 'travel', 'travel-crestwave'],
			[30, 'gadget', 'laptop-cover'],
		]
		for (const [id, category, slug] of expected) {
			expect(findProduct(id), `product ${id}`).toMatchObject({ id, category, slug })
		}
	})

	test('offers flexicare, zencare and primecare under two health providers, within ids 28 to 39 but not 29 or 30', () => {
		for (const plan of ['FlexiCare', 'ZenCare', 'PrimeCare']) {
			const offers = PRODUCTS.filter((p) => p.name === plan)
			expect(offers).toHaveLength(2)
			expect(new Set(offers.map((p) => p.provider)).size).toBe(2)
			for (const p of offers) {
				expect(p.category).toBe('health')
				expect(p.id).toBeGreaterThanOrEqual(28)
				expect(p.id).toBeLessThanOrEqual(39)
				expect([29, 30]).not.toContain(p.id)
			}
		}
		expect(PRODUCTS.filter((p) => p.id >= 31 && p.id <= 36).map((p) => `${p.id} ${p.slug}`)).toEqual([
			'31 flexicare-savanna',
			'32 zencare-savanna',
			'33 primecare-savanna',
			'34 flexicare-kestrel',
			'35 zencare-kestrel',
			'36 primecare-kestrel',
		])
	})

	test("gives ids 28 to 39 to the health plans alone, besides the spec's travel 29 and laptop 30", () => {
		const inRange = PRODUCTS.filter((p) => p.id >= 28 && p.id <= 39 && p.id !== 29 && p.id !== 30)
		expect(inRange.length).toBeGreaterThan(0)
		for (const p of inRange) expect(p.category, `product ${p.id}`).toBe('health')
	})

	test('has breakdown (40) and delivery cover (41) among the others, outside the health range', () => {
		expect(productById(40)).toMatchObject({ slug: 'breakdown', category: 'others' })
		expect(productById(41)).toMatchObject({ slug: 'delivery-cover', category: 'others' })
		expect(findProduct(37)).toBeUndefined()
		expect(findProduct(38)).toBeUndefined()
	})

	test('is exactly the catalogued ids, with no duplicate id or slug', () => {
		const ids = PRODUCTS.map((p) => p.id)
		expect(new Set(ids).size).toBe(ids.length)
		expect([...ids].sort((a, b) => a - b)).toEqual([...ALL_PRODUCT_IDS].sort((a, b) => a - b))
		const slugs = PRODUCTS.map((p) => p.slug)
		expect(new Set(slugs).size).toBe(slugs.length)
		for (const slug of slugs) {
			expect(slug).toMatch(/^[a-z]+(-[a-z]+)*$/)
			expect(findProductBySlug(slug)!.slug).toBe(slug)
		}
		expect(findProduct(3)).toBeUndefined()
		expect(() => productById(3 as never)).toThrow(RangeError)
	})

	test('has the five categories of the spec, each with products', () => {
		expect(CATEGORIES).toEqual(['health', 'auto', 'gadget', 'travel', 'others'])
		for (const category of CATEGORIES) expect(productsInCategory(category).length).toBeGreaterThan(0)
		for (const p of PRODUCTS) expect(CATEGORIES).toContain(p.category)
	})

	test('describes every product, with fictional providers', () => {
		for (const p of PRODUCTS) {
			expect(p.name, `${p.id}`).not.toBe('')
			expect(p.description, `${p.id}`).not.toBe('')
			expect(p.benefits.length, `${p.id} benefits`).toBeGreaterThan(0)
			expect(p.exclusions.length, `${p.id} exclusions`).toBeGreaterThan(0)
			expect(Object.values(PROVIDERS)).toContain(p.provider)
		}
	})

	test('claim limits are whole Naira, labelled', () => {
		for (const p of PRODUCTS) {
			expect(p.claim_limits.length, `${p.id}`).toBeGreaterThan(0)
			for (const limit of p.claim_limits) {
				expect(Number.isSafeInteger(limit.amount) && limit.amount > 0, `${p.id} ${limit.label}`).toBe(true)
				expect(limit.label).not.toBe('')
			}
		}
	})

	test("claim incident types: the spec's for health, auto and gadget; one or more everywhere", () => {
		const spec = {
			health: ['virtual_consultation', 'hospital_visit'],
			auto: ['stolen_vehicle', 'accidental_damage', 'personal_effects'],
			gadget: ['screen_damage', 'liquid_damage', 'theft', 'burglary'],
		}
		for (const p of PRODUCTS) {
			expect(p.incident_types.length, `${p.id}`).toBeGreaterThan(0)
			for (const type of p.incident_types) expect(Object.keys(INCIDENT_TYPES)).toContain(type)
		}
		for (const p of productsInCategory('health')) expect(p.incident_types).toEqual(spec.health)
		for (const p of productsInCategory('gadget')) expect(p.incident_types).toEqual(spec.gadget)
		for (const p of productsInCategory('auto')) for (const type of p.incident_types) expect(spec.auto).toContain(type)
		expect(productById(2).incident_types).toEqual(spec.auto)
		expect(INCIDENT_TYPES.personal_effects).toBe('Loss/damage of personal effect')
	})

	test('plan types are health only; senior plans are standard only', () => {
		for (const p of PRODUCTS) {
			if (p.category === 'health') expect(p.plan_types).toContain('standard')
			else expect(p.plan_types).toEqual([])
		}
		expect(productById(22).plan_types).toEqual(['standard'])
		expect(productById(24).plan_types).toEqual(['standard'])
		expect(productById(32).plan_types).toEqual(['standard', 'family'])
		expect(productById(22).member_age).toEqual({ min: 60, max: 85 })
	})

	test("periods are the spec's, in offering order; travel is per trip", () => {
		for (const p of PRODUCTS) {
			expect(p.periods).toEqual(PERIOD_VALUES.filter((v) => p.periods.includes(v)))
			if (p.category === 'travel') expect(p.periods).toEqual([])
			else expect(p.periods.length, `${p.id}`).toBeGreaterThan(0)
		}
		expect(productById(1).periods).toEqual(['annual'])
		expect(productById(14).periods).toEqual(['monthly'])
		expect(productById(32).periods).toEqual(['annual', 'bi-annual', 'quarterly', 'monthly'])
	})

	test('activation asks what each line needs', () => {
		const documents = (id: number) => names(findProduct(id)!.activation!.documents)
		const fields = (id: number) => names(findProduct(id)!.activation!.fields)
		for (const p of productsInCategory('health')) {
			expect(names(p.activation!.fields)).toContain('date_of_birth')
			expect(names(p.activation!.documents)).toEqual(['photo'])
		}
		for (const p of productsInCategory('auto')) expect(names(p.activation!.documents)).toEqual(['vehicle_licence', 'proof_of_ownership'])
		for (const p of productsInCategory('gadget')) expect(names(p.activation!.documents)).toEqual(['receipt', 'photo', 'proof_of_ownership'])
		for (const p of productsInCategory('travel')) expect(names(p.activation!.documents)).toEqual(['passport_data_page'])
		expect(fields(1)).toContain('registration_number')
		expect(documents(40)).toEqual([])
		expect(findProduct(41)!.activation).toBeNull()
		expect(PRODUCTS.filter((p) => p.activation?.inspection).map((p) => p.id)).toEqual([2, 4, 14])
	})

	test('form fields are well formed: unique names, options, bounds', () => {
		for (const p of PRODUCTS) {
			const all = [p.purchase_fields, p.activation?.fields ?? []]
			for (const fields of all) {
				expect(new Set(names(fields)).size, `${p.id}`).toBe(fields.length)
				for (const field of fields) {
					expect(field.name).toMatch(/^[a-z]+(_[a-z]+)*$/)
					expect(field.label).not.toBe('')
					if (field.kind === 'select') {
						expect(field.options.length).toBeGreaterThan(0)
						expect(new Set(field.options.map((o) => o.value)).size).toBe(field.options.length)
					}
					if (field.kind === 'number' || field.kind === 'naira') expect(field.min).toBeLessThanOrEqual(field.max)
				}
			}
			expect(p.purchase_fields.length, `${p.id}`).toBeGreaterThan(0)
		}
	})
})
