import { z } from 'zod'
import { Id, Page, PageSize } from './common.ts'

// Invoices of staff plans (docs/decisions/095-billing-of-staff-plans.md).

export const INVOICE_STATUSES = ['draft', 'open', 'paid', 'overdue', 'void'] as const
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number]
export const INVOICE_KINDS = ['invoice', 'credit_note'] as const

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

export const InvoiceDetail = Invoice.extend({
	lines: z.array(
		z.object({
			kind: z.enum(['member', 'dependant', 'adjustment']),
			description: z.string(),
			quantity: z.number().int(),
			unit_amount: z.number().int(),
			amount: z.number().int(),
		}),
	),
	payments: z.array(
		z.object({ method: z.enum(['wallet', 'gateway', 'card']), reference: z.string(), amount: z.number().int(), paid_at: z.string() }),
	),
	wallet_balance: z.number().int().nullable(),
	/** Why the invoice cannot be paid now; null when it can. */
	pay_refusal: z.string().nullable(),
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
