import { z } from 'zod'
import { PERIOD_VALUES, type Period } from './periods.ts'

// A price as the API answers it. The body of POST /products/compute-price is checked by the
// product's quote schema, which reads the catalogue: QuoteBody in api/domain/catalogue/quotes.ts.

/** Every quote says how it was rounded (docs/decisions/013-pricing.md). */
export const ROUNDING = 'nearest Naira, halves up' as const

export const QuoteLine = z.object({ label: z.string(), amount: z.number().int() })
export type QuoteLine = z.infer<typeof QuoteLine>

/** A price in whole Naira: the sum of its lines, each rounded once (docs/decisions/013-pricing.md). */
export const Quote = z.object({
	product_id: z.number().int(),
	total: z.number().int(),
	lines: z.array(QuoteLine).min(1),
	/** The period the total pays for; null for a single trip. */
	period: z.enum(PERIOD_VALUES as [Period, ...Period[]]).nullable(),
	rounding: z.literal(ROUNDING),
})
export type Quote = z.infer<typeof Quote>
