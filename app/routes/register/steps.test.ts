import { describe, expect, test } from 'vitest'
import type { FormField } from '#api/contract/catalogue.ts'
import { BUY_STEPS, accountDefaults, describeFields, isBuyJourney, registerStep } from './steps.ts'

const gadgetFields: FormField[] = [
	{
		name: 'gadget_type',
		label: 'Kind of device',
		kind: 'select',
		required: true,
		options: [
			{ value: 'phone', label: 'Phone' },
			{ value: 'tablet', label: 'Tablet' },
		],
	},
	{ name: 'device_value', label: 'Value of the device', kind: 'naira', required: true, min: 10_000, max: 5_000_000 },
	{ name: 'serial', label: 'Serial', kind: 'text', required: false },
]

describe('registerStep', () => {
	test.each([
		[{ signedIn: false, quoted: false }, '/register/5/buy-plan'],
		[{ signedIn: false, quoted: true }, '/register/5/create-account'],
		[{ signedIn: true, quoted: true }, '/register/5/payment'],
		[{ signedIn: true, quoted: false }, '/products/5'],
	])('%o goes to %s', (state, path) => {
		expect(registerStep(5, state)).toBe(path)
	})
})

describe('accountDefaults', () => {
	test('takes an email, a phone number and a name from the quote', () => {
		const fields: FormField[] = [
			{ name: 'first_name', label: 'First name', kind: 'text', required: true },
			{ name: 'last_name', label: 'Last name', kind: 'text', required: true },
			{ name: 'contact_email', label: 'Email', kind: 'email', required: true },
			{ name: 'contact_phone', label: 'Phone', kind: 'phone', required: true },
			{ name: 'other_phone', label: 'Another phone', kind: 'phone', required: false },
		]
		expect(
			accountDefaults(fields, {
				first_name: 'Ada',
				last_name: 'Obi',
				contact_email: 'ada@example.com',
				contact_phone: '08031234567',
				other_phone: '08099999999',
			}),
		).toEqual({ first_name: 'Ada', last_name: 'Obi', email: 'ada@example.com', phone: '08031234567' })
	})

	test('a quote without such fields prefills nothing', () => {
		expect(accountDefaults(gadgetFields, { gadget_type: 'phone', device_value: '₦450,000' })).toEqual({})
	})
})

describe('describeFields', () => {
	test("a choice shows its option's label, text as typed, empty fields left out", () => {
		expect(describeFields(gadgetFields, { gadget_type: 'phone', device_value: '₦450,000', serial: '' })).toEqual([
			{ label: 'Kind of device', value: 'Phone' },
			{ label: 'Value of the device', value: '₦450,000' },
		])
	})

	test('a value no option has is shown as it is', () => {
		expect(describeFields(gadgetFields, { gadget_type: 'drone' })).toEqual([{ label: 'Kind of device', value: 'drone' }])
	})
})

describe('the buy journey', () => {
	test('names every step, the email code and KYC included', () => {
		expect(BUY_STEPS).toEqual(['Your cover', 'Your account', 'Verify email', 'Your details', 'Payment'])
	})

	test('a shared step is part of it only on its way to a register payment', () => {
		expect(isBuyJourney('/register/5/payment')).toBe(true)
		expect(isBuyJourney('/register/5/payment/x')).toBe(false)
		expect(isBuyJourney('/update/kyc')).toBe(false)
		expect(isBuyJourney(null)).toBe(false)
	})
})
