import { z } from 'zod'
import { Phone } from './phone.ts'
import { BusinessType } from './users.ts'

const text = (label: string, max = 200) =>
	z
		.string({ message: `Enter ${label}.` })
		.trim()
		.min(1, `Enter ${label}.`)
		.max(max, `Use at most ${max} characters for ${label}.`)

export const REGISTRATION_PREFIX = { BN: 'BN', RC: 'RC', IT: 'IT' } as const

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
		const prefix = REGISTRATION_PREFIX[b.business_type]
		const number = (b.registration_number ?? '').replace(/\s+/g, '')
		if (!new RegExp(`^${prefix}\\d{1,8}$`).test(number)) {
			ctx.addIssue({
				code: 'custom',
				path: ['registration_number'],
				message: `Enter the registration number as ${prefix} followed by its digits, like ${prefix}1234567.`,
			})
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
