// The CAC registration-number rule, free of zod so the browser and the CAC adapters can run it cheaply.

/** How a business is registered with the CAC, and the prefix its numbers carry. */
export const REGISTRATION_PREFIX = { BN: 'BN', RC: 'RC', IT: 'IT' } as const
export type RegistrationType = keyof typeof REGISTRATION_PREFIX

/** ' rc 123 4567 ' -> 'RC1234567': the form numbers are stored and looked up in. */
export function normalizeRegistrationNumber(value: string) {
	return value.replace(/\s+/g, '').toUpperCase()
}

/** The prefix of its type followed by 1 to 8 digits, e.g. RC1234567 for a limited company. */
export function isRegistrationNumber(type: RegistrationType, value: string) {
	return new RegExp(`^${REGISTRATION_PREFIX[type]}\\d{1,8}$`).test(normalizeRegistrationNumber(value))
}

export function registrationNumberMessage(type: RegistrationType) {
	const prefix = REGISTRATION_PREFIX[type]
	return `Enter the registration number as ${prefix} followed by its digits, like ${prefix}1234567.`
}
