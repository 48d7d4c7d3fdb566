import { describe, expect, test } from 'vitest'
import { BusinessBody, BusinessPatchBody, REGISTRATION_PREFIX } from './business.ts'

const kyc = { sector: 'Healthcare', state: 'Lagos', lga: 'Ikeja', address: '1 Awolowo Way', phone: '08031234567' }
const issues = (value: unknown) => BusinessBody.safeParse(value).error?.issues.map((i) => ({ path: i.path.join('.'), message: i.message }))
const ruleFor = (prefix: string) => [
	{ path: 'registration_number', message: `Enter the registration number as ${prefix} followed by its digits, like ${prefix}1234567.` },
]

describe('the registration number rule', () => {
	test.each(Object.keys(REGISTRATION_PREFIX))('%s: its own prefix and 1 to 8 digits', (type) => {
		for (const number of [`${type}1`, `${type}1234567`, `${type}12345678`]) {
			expect(issues({ ...kyc, business_type: type, registration_number: number })).toBeUndefined()
		}
		for (const number of [`${type}`, `${type}123456789`, `${type}12A4`, '1234567', `X${type}123`, undefined, '']) {
			expect(issues({ ...kyc, business_type: type, registration_number: number })).toEqual(ruleFor(type))
		}
	})

	test('a number with another type prefix is refused', () => {
		expect(issues({ ...kyc, business_type: 'BN', registration_number: 'RC1234567' })).toEqual(ruleFor('BN'))
		expect(issues({ ...kyc, business_type: 'IT', registration_number: 'BN1234567' })).toEqual(ruleFor('IT'))
	})

	test('case and spaces as typed are accepted; the prefix is uppercased', () => {
		const parsed = BusinessBody.parse({ ...kyc, business_type: 'RC', registration_number: ' rc 123 4567 ' })
		expect(parsed.registration_number).toBe('RC 123 4567')
	})

	test('no check without a registration: business_type none, or none given', () => {
		expect(issues({ ...kyc, business_type: 'none', registration_number: 'whatever' })).toBeUndefined()
		expect(issues({ ...kyc })).toBeUndefined()
	})

	test('an unknown business type is refused', () => {
		expect(issues({ ...kyc, business_type: 'LLC', registration_number: 'LLC1' })?.map((i) => i.path)).toEqual(['business_type'])
	})
})

describe('BusinessBody', () => {
	test('every KYC field is asked for by name', () => {
		expect(issues({})).toEqual([
			{ path: 'sector', message: 'Enter a sector.' },
			{ path: 'state', message: 'Enter a state.' },
			{ path: 'lga', message: 'Enter a local government area.' },
			{ path: 'address', message: 'Enter an address.' },
			{ path: 'phone', message: 'Enter a valid Nigerian phone number, like 08031234567.' },
		])
	})

	test('text is trimmed and its length capped', () => {
		expect(BusinessBody.parse({ ...kyc, address: '  1 Awolowo Way  ' }).address).toBe('1 Awolowo Way')
		expect(issues({ ...kyc, address: 'x'.repeat(201) })).toEqual([
			{ path: 'address', message: 'Use at most 200 characters for an address.' },
		])
		expect(issues({ ...kyc, name: 'x'.repeat(121) })).toEqual([
			{ path: 'name', message: 'Use at most 120 characters for the business name.' },
		])
	})
})

describe('BusinessPatchBody', () => {
	test('takes any of the fields but at least one', () => {
		expect(BusinessPatchBody.parse({ lga: 'Surulere' })).toEqual({ lga: 'Surulere' })
		expect(BusinessPatchBody.safeParse({}).error?.issues.map((i) => i.message)).toEqual(['Change at least one field.'])
	})
})
