import type { FormField } from '#api/contract/catalogue.ts'

// The steps of /register/:productId (docs/decisions/017-register-and-buy.md). Pure, so both sides
// and the unit tests may run them.

/** Every step a new buyer passes, the email's code and KYC (on /verify-account and /update/kyc) included. */
export const BUY_STEPS = ['Your cover', 'Your account', 'Verify email', 'Your details', 'Payment']
export const BUY_STEP = { cover: 0, account: 1, verify: 2, details: 3, payment: 4 } as const

export const buyPlanPath = (productId: number | string) => `/register/${productId}/buy-plan`
export const createAccountPath = (productId: number | string) => `/register/${productId}/create-account`
export const paymentPath = (productId: number | string) => `/register/${productId}/payment`

/**
 * Where a visitor of /register/:productId belongs: signed out, the quote then the account; signed
 * in, the payment of a kept quote, or the product page, where a customer buys (the redirect guard).
 */
export function registerStep(productId: number, { signedIn, quoted }: { signedIn: boolean; quoted: boolean }) {
	if (signedIn) return quoted ? paymentPath(productId) : `/products/${productId}`
	return quoted ? createAccountPath(productId) : buyPlanPath(productId)
}

/** A step shared with other journeys belongs to this one when its return_url is a register payment. */
export const isBuyJourney = (returnUrl: string | null) => returnUrl !== null && /^\/register\/\d+\/payment$/.test(returnUrl)

export type AccountDefaults = Partial<Record<'first_name' | 'last_name' | 'email' | 'phone', string>>

/** The sign-up form's values that the quote already holds: an email, a phone number, a name. */
export function accountDefaults(fields: readonly FormField[], values: Record<string, string>): AccountDefaults {
	const defaults: AccountDefaults = {}
	for (const field of fields) {
		const value = values[field.name]
		if (!value) continue
		if (field.kind === 'email') defaults.email ??= value
		else if (field.kind === 'phone') defaults.phone ??= value
		else if (field.name === 'first_name' || field.name === 'last_name') defaults[field.name] = value
	}
	return defaults
}

/** The kept fields as a customer reads them: each label, and the option's label for a choice. */
export function describeFields(fields: readonly FormField[], values: Record<string, string>) {
	return fields.flatMap((field) => {
		const value = values[field.name]
		if (!value) return []
		const shown = field.kind === 'select' ? (field.options.find((o) => o.value === value)?.label ?? value) : value
		return [{ label: field.label, value: shown }]
	})
}
