import { z } from 'zod'
import { AttributionBody } from './attribution.ts'
import { Email, Name, OtpCode, Password, Platform } from './common.ts'
import { Phone } from './phone.ts'
import { CustomerKind } from './users.ts'

export const SignUpBody = z
	.object({
		account_type: CustomerKind,
		first_name: Name('your first name'),
		last_name: Name('your last name'),
		email: Email,
		phone: Phone,
		password: Password,
		business_name: z.string().trim().max(120, 'The business name is too long.').optional(),
		platform: Platform,
		// Where the account came from (docs/decisions/111-attribution.md), each part optional.
		...AttributionBody.shape,
	})
	.superRefine((b, ctx) => {
		if (b.account_type === 'business' && !b.business_name) {
			ctx.addIssue({ code: 'custom', path: ['business_name'], message: 'Enter the name of your business.' })
		}
	})
export type SignUpBody = z.infer<typeof SignUpBody>

export const SignInBody = z.object({
	email: Email,
	password: z.string({ message: 'Enter your password.' }).min(1, 'Enter your password.').max(128),
	platform: Platform,
})

export const RecoverPasswordBody = z.object({ email: Email })

export const OtpPurpose = z.enum(['verify-email', 'reset-password'], { message: 'The purpose must be verify-email or reset-password.' })

export const OtpResendBody = z.object({ email: Email, purpose: OtpPurpose })
export const OtpVerifyBody = z.object({ email: Email, purpose: OtpPurpose, otp: OtpCode })
/** For reset-password the answer carries a reset_token for /auth/reset-password. */
export const OtpVerifyResponse = z.object({ verified: z.literal(true), reset_token: z.string().optional() })

export const VerifyEmailBody = z.object({ otp: OtpCode })

export const ResetPasswordBody = z.object({ reset_token: z.string().min(20, 'This reset link is not valid.'), password: Password })

export const ConfirmPasswordBody = z.object({
	password: z.string({ message: 'Enter your password.' }).min(1, 'Enter your password.'),
})
