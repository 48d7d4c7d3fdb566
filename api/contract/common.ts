import { z } from 'zod'

/** Every successful response: `{ data, message? }`. */
export function envelope<T extends z.ZodType>(data: T) {
	return z.object({ data, message: z.string().optional() })
}

/** Every error response. `errors` lists one message per invalid field. */
/** The origin the portal's visitor reached it at, which the portal sends with each call (decision 043). */
export const PORTAL_ORIGIN_HEADER = 'x-portal-origin'

export const ErrorResponse = z.object({
	message: z.string(),
	errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
})
export type ErrorResponse = z.infer<typeof ErrorResponse>

export const MessageResponse = z.object({ message: z.string() })

export const Id = z.uuid({ message: 'Not a valid id.' })

export const Email = z
	.string({ message: 'Enter your email address.' })
	.trim()
	.min(1, 'Enter your email address.')
	.max(254, 'That email address is too long.')
	.pipe(z.email({ message: 'Enter a valid email address, like name@company.com.' }))
	.transform((e) => e.toLowerCase())

import { PASSWORD_RULE } from './rules.ts'

export { PASSWORD_RULE }
export const Password = z
	.string({ message: 'Enter a password.' })
	.min(8, PASSWORD_RULE)
	.max(128, 'Use at most 128 characters.')
	.refine((p) => /[A-Za-z]/.test(p) && /\d/.test(p), PASSWORD_RULE)

export const Name = (label: string) =>
	z
		.string({ message: `Enter ${label}.` })
		.trim()
		.min(1, `Enter ${label}.`)
		.max(80, `${label[0]!.toUpperCase()}${label.slice(1)} is too long.`)

export const OtpCode = z
	.string({ message: 'Enter the 6-digit code.' })
	.trim()
	.regex(/^\d{6}$/, 'Enter the 6-digit code we sent you.')

export const Platform = z.literal('web').default('web')

const PAGE_MESSAGE = 'The page must be a whole number from 1.'
export const Page = z.coerce.number({ message: PAGE_MESSAGE }).int(PAGE_MESSAGE).min(1, PAGE_MESSAGE).max(10_000, PAGE_MESSAGE).default(1)
const PAGE_SIZE_MESSAGE = 'The page size must be a whole number from 1 to 100.'
export const PageSize = z.coerce
	.number({ message: PAGE_SIZE_MESSAGE })
	.int(PAGE_SIZE_MESSAGE)
	.min(1, PAGE_SIZE_MESSAGE)
	.max(100, PAGE_SIZE_MESSAGE)
	.default(20)

export const Paginated = <T extends z.ZodType>(item: T) =>
	z.object({
		items: z.array(item),
		page: z.number().int(),
		page_size: z.number().int(),
		total: z.number().int(),
	})
