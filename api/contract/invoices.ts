import { z } from 'zod'
import { Id, Page, PageSize } from './common.ts'

// Invoices of staff plans (docs/decisions/095-billing-of-staff-plans.md).

export const INVOICE_STATUSES = ['draft', 'open', 'paid', 'overdue', 'void'] as const
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number]
export const INVOICE_KINDS = ['invoice', 'credit_note'] as const

/**
 * How far the list counts, as the transactions' (TRANSACTIONS_COUNT_CAP): `total` stops at one more than
 * this and the page says "More than 1,000"; older invoices are found by month (docs/decisions/123-billing-at-scale.md).
 */
export const INVOICES_COUNT_CAP = 1_000

/**
 * How a staff plan is billed (decisions 095 and 161), in the words every page and mail uses: monthly in
 * arrears for the people on it (`billsMonth` in api/domain/billing.ts); a month it starts part-way through
 * is not billed, and the month it ends in is billed whole.
 */
export const PLAN_BILLING = {
	rule: 'A staff plan is billed on the 1st of each month for the month before, for the people on it that month. A month it starts part-way through is not billed; the month it ends in is billed in full.',
	first: 'A plan’s first bill comes on the 1st after its first whole month of active cover.',
} as const

const isoDate = z.iso.date({ message: 'Use a date like 2026-01-31.' })

export const InvoicesQuery = z.object({
	status: z.enum(INVOICE_STATUSES, { message: 'The status must be draft, open, paid, overdue or void.' }).optional(),
	/** The month billed starts on or after this day, and on or before `to`. */
	from: isoDate.optional(),
	to: isoDate.optional(),
	page: Page,
	page_size: PageSize,
})
export type InvoicesQuery = z.infer<typeof InvoicesQuery>
export const InvoicesCsvQuery = InvoicesQuery.omit({ page: true, page_size: true })

export const Invoice = z.object({
	id: Id,
	number: z.string().nullable(),
	kind: z.enum(INVOICE_KINDS),
	status: z.enum(INVOICE_STATUSES),
	plan: z.object({ id: Id, policy_number: z.string(), product_name: z.string() }),
	period_start: z.string(),
	period_end: z.string(),
	issued_on: z.string().nullable(),
	due_on: z.string().nullable(),
	total: z.number().int(),
	paid: z.number().int(),
	balance: z.number().int(),
	/** The plan is paused until this invoice is paid. */
	pauses_plan: z.boolean(),
	pauses_on: z.string().nullable(),
})
export type Invoice = z.infer<typeof Invoice>

export const InvoicesResponse = z.object({
	items: z.array(Invoice),
	page: z.number().int(),
	page_size: z.number().int(),
	total: z.number().int(),
	/** Over every invoice the filters match, not only this page. */
	totals: z.object({ billed: z.number().int(), paid: z.number().int(), outstanding: z.number().int() }),
})

/**
 * An invoice's lines a page (docs/decisions/164-an-invoice-s-lines-a-page.md): a staff plan's invoice has a
 * line for each member and dependant, so a plan of thousands would otherwise come whole to a phone.
 */
export const INVOICE_LINES_PAGE_SIZE = 25
const LINES_PAGE_MESSAGE = 'The page of lines must be a whole number from 1.'
export const InvoiceQuery = z.object({
	lines_page: z.coerce
		.number({ message: LINES_PAGE_MESSAGE })
		.int(LINES_PAGE_MESSAGE)
		.min(1, LINES_PAGE_MESSAGE)
		.max(10_000, LINES_PAGE_MESSAGE)
		.default(1),
})
export type InvoiceQuery = z.infer<typeof InvoiceQuery>

export const InvoiceDetail = Invoice.extend({
	/** The lines of page `lines_page`, INVOICE_LINES_PAGE_SIZE at most, in the invoice's order; `lines_total` counts them all. */
	lines: z.array(
		z.object({
			/** The line's place in the invoice, from 1. */
			position: z.number().int(),
			kind: z.enum(['member', 'dependant', 'adjustment']),
			description: z.string(),
			quantity: z.number().int(),
			unit_amount: z.number().int(),
			amount: z.number().int(),
		}),
	),
	lines_page: z.number().int(),
	lines_page_size: z.number().int(),
	lines_total: z.number().int(),
	payments: z.array(
		z.object({ method: z.enum(['wallet', 'gateway', 'card']), reference: z.string(), amount: z.number().int(), paid_at: z.string() }),
	),
	wallet_balance: z.number().int().nullable(),
	/** Why the invoice cannot be paid now; null when it can. */
	pay_refusal: z.string().nullable(),
	/** The credit notes issued against this invoice (docs/decisions/096-credit-notes-from-the-desk.md). */
	credit_notes: z.array(z.object({ id: Id, number: z.string().nullable(), total: z.number().int(), issued_on: z.string().nullable() })),
	/** For a credit note: the invoice it credits. */
	adjusts: z.object({ id: Id, number: z.string().nullable() }).nullable(),
})
export type InvoiceDetail = z.infer<typeof InvoiceDetail>

export const PayInvoiceBody = z.object({
	method: z.enum(['wallet', 'gateway'], { message: 'Choose to pay from the wallet or by card.' }),
})

export const PayInvoiceResponse = z.object({
	/** wallet: paid now; gateway: go to authorization_url to pay. */
	status: z.enum(['paid', 'checkout']),
	authorization_url: z.string().nullable(),
	reference: z.string().nullable(),
})

// The insurer's desk (docs/decisions/096-credit-notes-from-the-desk.md): every business's invoices, and credit notes.

export const DeskInvoicesQuery = z.object({
	/** Part of an invoice's or credit note's number, e.g. INV-000012 or CN-. */
	q: z.string().trim().max(40, { message: 'Search by at most 40 characters of a number.' }).optional(),
	page: Page,
	page_size: PageSize,
})
export type DeskInvoicesQuery = z.infer<typeof DeskInvoicesQuery>

export const DeskInvoice = Invoice.extend({ business: z.object({ id: Id, name: z.string() }) })
export type DeskInvoice = z.infer<typeof DeskInvoice>

export const DeskInvoicesResponse = z.object({
	items: z.array(DeskInvoice),
	page: z.number().int(),
	page_size: z.number().int(),
	total: z.number().int(),
})

export const DeskInvoiceDetail = InvoiceDetail.extend({
	business: z.object({ id: Id, name: z.string() }),
	/** What a new credit note may still return: the total less what was credited (0 for a credit note or an unissued invoice). */
	creditable: z.number().int(),
})
export type DeskInvoiceDetail = z.infer<typeof DeskInvoiceDetail>

export const CreditNoteBody = z.object({
	amount: z.coerce
		.number({ message: 'Enter the amount in Naira, e.g. 2500.' })
		.int({ message: 'Enter the amount in whole Naira.' })
		.min(1, { message: 'The amount must be at least ₦1.' })
		.max(100_000_000, { message: 'The amount is too large.' }),
	reason: z
		.string({ message: 'Say why the credit note is issued.' })
		.trim()
		.min(3, { message: 'Say why the credit note is issued (at least 3 characters).' })
		.max(200, { message: 'Keep the reason under 200 characters.' }),
})
export type CreditNoteBody = z.infer<typeof CreditNoteBody>
