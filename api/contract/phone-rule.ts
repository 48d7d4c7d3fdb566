// The telephone rule of spec section 5, free of zod so the browser can run it cheaply.
export const PHONE_MESSAGE = 'Enter a valid Nigerian phone number, like 08031234567.'

/**
 * The spec's telephone rule (section 5), applied on every keystroke in the browser and again by
 * phoneSchema on the server, so the result is the same with or without JavaScript.
 *
 * - Keep only digits and '+'. A '+' stays where it was typed and counts towards the cap; only
 *   isValidNigerianPhone turns such a number down, with the message, rather than the digits changing.
 * - '+234…' (how many people in Nigeria write their number) is the 234 form: the '+' is dropped
 *   (decision 025). Any other value must start with 0 or 2, else the whole value is cleared.
 * - Starting with 234: zeros right after 234 are removed ('2340803…' -> '234803…'), capped at 13.
 * - Otherwise capped at 11.
 */
export function normalizePhoneInput(raw: string): string {
	const kept = raw.replace(/[^\d+]/g, '')
	const value = kept.startsWith('+234') ? kept.slice(1) : kept
	if (!value.startsWith('0') && !value.startsWith('2')) return ''
	if (value.startsWith('234')) return `234${value.slice(3).replace(/^0+/, '')}`.slice(0, 13)
	return value.slice(0, 11)
}

// National significant number: ten digits starting with 7, 8 or 9 (the mobile ranges, e.g. 803…).
const NIGERIAN_PHONE = /^(?:0|234)[789]\d{9}$/

/** True for 11 digits starting with 0 or 13 starting with 234, national part starting with 7, 8 or 9. */
export function isValidNigerianPhone(value: string): boolean {
	return NIGERIAN_PHONE.test(value)
}

/**
 * '08031234567', '2348031234567' or '+234 803 123 4567' -> '+2348031234567'. Throws RangeError for a
 * value that is not a valid Nigerian number: validate first (phoneSchema does).
 */
export function toE164(value: string): string {
	const phone = normalizePhoneInput(value)
	if (!isValidNigerianPhone(phone)) throw new RangeError(`Not a Nigerian phone number: ${value}`)
	return `+234${phone.startsWith('0') ? phone.slice(1) : phone.slice(3)}`
}
