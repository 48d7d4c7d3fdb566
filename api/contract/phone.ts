import { z } from 'zod'
import { PHONE_MESSAGE, isValidNigerianPhone, normalizePhoneInput } from './phone-rule.ts'

export * from './phone-rule.ts'

/** A Nigerian phone number as typed, normalized as the spec says; the output is the normalized value. */
export const phoneSchema = z.preprocess(
	(value) => (typeof value === 'string' ? normalizePhoneInput(value) : value),
	z.string({ error: PHONE_MESSAGE }).refine(isValidNigerianPhone, { error: PHONE_MESSAGE }),
)

/** The API's phone field: the same rule, stored in the national form 0XXXXXXXXXX. */
export const Phone = phoneSchema.transform((v) => (v.startsWith('234') ? `0${v.slice(3)}` : v))
