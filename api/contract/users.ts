import { z } from 'zod'
import { Email, Id, Name, Password } from './common.ts'
import { Phone } from './phone.ts'

export const CustomerKind = z.enum(['business', 'individual'])
export const BusinessType = z.enum(['BN', 'RC', 'IT', 'none'])

export const CustomerMeta = z.object({
	cac_verified: z.boolean(),
	sector: z.string().nullable(),
})

export const Customer = z.object({
	id: Id,
	kind: CustomerKind,
	name: z.string(),
	sector: z.string().nullable(),
	business_type: BusinessType.nullable(),
	registration_number: z.string().nullable(),
	state: z.string().nullable(),
	lga: z.string().nullable(),
	address: z.string().nullable(),
	phone: z.string().nullable(),
	meta: CustomerMeta,
	/** Where the account came from (docs/decisions/111-attribution.md). */
	attribution: z.object({ channel_source: z.string().nullable(), campaign_code: z.string().nullable(), heard_from: z.string().nullable() }),
	created_at: z.string(),
})
export type Customer = z.infer<typeof Customer>

export const User = z.object({
	id: Id,
	first_name: z.string(),
	last_name: z.string(),
	email: z.string(),
	phone: z.string().nullable(),
	email_verified_at: z.string().nullable(),
	/** When the dashboard's guided tour was finished or dismissed (docs/decisions/113-guided-tour.md). */
	toured_at: z.string().nullable(),
	created_at: z.string(),
	status: z.enum(['active', 'deactivated']),
	role: z.object({ id: Id, name: z.string() }),
	customer: Customer,
})
export type User = z.infer<typeof User>

/** Sign-in and sign-up answer with the user and a bearer token. */
export const SessionUser = User.extend({ access_token: z.string() })
export type SessionUser = z.infer<typeof SessionUser>

export const UpdateUserBody = z
	.object({
		first_name: Name('your first name').optional(),
		last_name: Name('your last name').optional(),
		phone: Phone.optional(),
	})
	.refine((b) => Object.keys(b).length > 0, 'Change at least one field.')

export const ChangePasswordBody = z.object({
	current_password: z.string({ message: 'Enter your current password.' }).min(1, 'Enter your current password.'),
	new_password: Password,
})

export const FindExistingUsersBody = z.object({
	emails: z.array(Email).min(1, 'Give at least one email address.').max(500, 'At most 500 addresses at a time.'),
})
export const FindExistingUsersResponse = z.object({ existing: z.array(z.string()) })
