import { z } from 'zod'
import { Phone } from './phone.ts'
import { isRegistrationNumber, registrationNumberMessage } from './registration-rule.ts'
import { BusinessType } from './users.ts'

export { REGISTRATION_PREFIX } from './registration-rule.ts'

const text = (label: string, max = 200) =>
	z
		.string({ message: `Enter ${label}.` })
		.trim()
		.min(1, `Enter ${label}.`)
		.max(max, `Use at most ${max} characters for ${label}.`)

/** KYC details. Business type and registration number apply to businesses only. */
export const BusinessBody = z
	.object({
		name: text('the business name', 120).optional(),
		sector: text('a sector', 80),
		business_type: BusinessType.optional(),
		registration_number: z.string().trim().toUpperCase().optional(),
		state: text('a state', 80),
		lga: text('a local government area', 80),
		address: text('an address', 200),
		phone: Phone,
	})
	.superRefine((b, ctx) => {
		if (!b.business_type || b.business_type === 'none') return
		if (!isRegistrationNumber(b.business_type, b.registration_number ?? '')) {
			ctx.addIssue({ code: 'custom', path: ['registration_number'], message: registrationNumberMessage(b.business_type) })
		}
	})
export type BusinessBody = z.infer<typeof BusinessBody>

export const BusinessPatchBody = z
	.object({
		name: text('the business name', 120),
		sector: text('a sector', 80),
		state: text('a state', 80),
		lga: text('a local government area', 80),
		address: text('an address', 200),
		phone: Phone,
	})
	.partial()
	.refine((b) => Object.keys(b).length > 0, 'Change at least one field.')
