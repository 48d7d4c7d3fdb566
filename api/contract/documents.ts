import { z } from 'zod'
import { TRANSACTION_TYPES } from './transactions.ts'

/**
 * A verification code as printed on a certificate or receipt: twelve letters and digits in groups of
 * four (Crockford's alphabet: no I, L, O or U). Typed codes are read leniently: any case, with or
 * without the dashes, O for 0 and I or L for 1.
 */
export const VerificationCode = z
	.string()
	.transform((code) => code.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1'))
	.pipe(z.string().regex(/^[0-9A-HJKMNP-TV-Z]{12}$/, { error: 'We could not find a document with that code.' }))
	.transform((code) => `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`)

export const VerifyParams = z.object({ code: VerificationCode })

/**
 * GET /verify/{code}, public: what the paper should say, and no more personal data than the holder's
 * name (docs/decisions/039-verification-codes.md).
 */
export const Verification = z.discriminatedUnion('kind', [
	z.object({
		kind: z.literal('certificate'),
		code: z.string(),
		issued_at: z.string(),
		holder: z.string(),
		policy_number: z.string(),
		product: z.string(),
		provider: z.string(),
		status: z.enum(['pending', 'active', 'expired']),
		cover_start: z.iso.date(),
		cover_end: z.iso.date(),
	}),
	z.object({
		kind: z.literal('receipt'),
		code: z.string(),
		issued_at: z.string(),
		holder: z.string(),
		reference: z.string(),
		type: z.enum(TRANSACTION_TYPES),
		status: z.string(),
		amount: z.number().int(),
		paid_at: z.string(),
	}),
])
export type Verification = z.infer<typeof Verification>
