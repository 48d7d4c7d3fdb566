import { z } from 'zod'

/** The company the CAC has registered under the business's saved number, for the user to confirm. */
export const CacLookupResponse = z.object({
	name: z.string(),
	registration_number: z.string(),
	business_type: z.enum(['RC', 'BN', 'IT']),
})
export type CacLookupResponse = z.infer<typeof CacLookupResponse>

export const CacConfirmBody = z.object({
	name: z
		.string({ message: 'Confirm the registered name of the company.' })
		.trim()
		.min(1, 'Confirm the registered name of the company.')
		.max(200, 'Use at most 200 characters for the name of the company.'),
})
export type CacConfirmBody = z.infer<typeof CacConfirmBody>
