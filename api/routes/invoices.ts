import { z } from 'zod'
import { Id } from '../contract/common.ts'
import {
	CreditNoteBody,
	DeskInvoiceDetail,
	DeskInvoicesQuery,
	DeskInvoicesResponse,
	InvoiceDetail,
	InvoiceQuery,
	InvoicesCsvQuery,
	InvoicesQuery,
	InvoicesResponse,
	PayInvoiceBody,
	PayInvoiceResponse,
} from '../contract/invoices.ts'
import { renderInvoicePdf } from '../documents/invoice-pdf.ts'
import { ApiError } from '../errors.ts'
import { defineDownload, defineRoute } from '../http.ts'
import { formatNairaFull } from '../contract/money.ts'
import {
	deskCreditNote,
	findDeskInvoice,
	findInvoice,
	invoicePdfInput,
	invoicesCsv,
	listDeskInvoices,
	listInvoices,
	payInvoice,
} from '../services/billing.ts'

// Invoices of staff plans (docs/decisions/095-billing-of-staff-plans.md).

const IdParams = z.object({ id: Id })

function checkDates(query: { from?: string | undefined; to?: string | undefined }) {
	if (query.from && query.to && query.from > query.to) {
		const message = 'The start date must come before the end date.'
		throw new ApiError(400, message, [{ path: 'from', message }])
	}
}

export const invoiceRoutes = [
	defineRoute({
		method: 'get',
		path: '/invoices',
		business: true,
		summary:
			"The business's invoices and credit notes, newest month first; filter by status and by the month billed (from, to); totals billed, paid and outstanding over all that match",
		tag: 'invoices',
		auth: 'user',
		permission: 'invoices.view',
		query: InvoicesQuery,
		response: InvoicesResponse,
		handler: async ({ query, auth, deps }) => {
			checkDates(query)
			return { data: await listInvoices(deps.db, auth.customerId, query) }
		},
	}),
	defineDownload({
		method: 'get',
		path: '/invoices.csv',
		business: true,
		summary: 'The same invoices as a CSV file with a header row, amounts in whole Naira (at most 10,000 rows)',
		tag: 'invoices',
		auth: 'user',
		permission: 'invoices.view',
		query: InvoicesCsvQuery,
		download: { contentType: 'text/csv', filename: 'invoices.csv' },
		handler: async ({ query, auth, deps }) => {
			checkDates(query)
			return { content: await invoicesCsv(deps.db, auth.customerId, query) }
		},
	}),
	defineRoute({
		method: 'get',
		path: '/invoices/:id',
		business: true,
		summary:
			'An invoice with a page of its lines (a member or dependant each, 25 a page: lines_page, lines_total), its payments, and whether it can be paid now',
		tag: 'invoices',
		auth: 'user',
		permission: 'invoices.view',
		params: IdParams,
		query: InvoiceQuery,
		response: InvoiceDetail,
		handler: async ({ params, query, auth, deps }) => ({ data: await findInvoice(deps, auth, params.id, query.lines_page) }),
	}),
	defineRoute({
		method: 'post',
		path: '/invoices/:id/pay',
		business: true,
		summary:
			"Pay an invoice's balance: from the wallet at once (409 when it holds too little), or by the gateway's checkout (authorization_url), settled by its callback or webhook",
		tag: 'invoices',
		auth: 'user',
		permission: 'wallet.fund',
		params: IdParams,
		body: PayInvoiceBody,
		response: PayInvoiceResponse,
		handler: async ({ params, body, auth, deps }) => ({ data: await payInvoice(deps, auth, params.id, body.method) }),
	}),
	defineDownload({
		method: 'get',
		path: '/invoices/:id/pdf',
		business: true,
		summary: 'The invoice or credit note as a PDF',
		tag: 'invoices',
		auth: 'user',
		permission: 'invoices.view',
		params: IdParams,
		download: { contentType: 'application/pdf', filename: 'invoice.pdf' },
		handler: async ({ params, auth, deps }) => {
			const input = await invoicePdfInput(deps, auth, params.id)
			return { content: await renderInvoicePdf(input), filename: `${input.number}.pdf` }
		},
	}),
	// The insurer's desk (docs/decisions/096-credit-notes-from-the-desk.md): every business's invoices, and credit notes.
	defineRoute({
		method: 'get',
		path: '/desk/invoices',
		summary: 'Every business’s issued invoices and credit notes, the newest first, by page; q finds part of a number',
		tag: 'desk',
		auth: 'user',
		permission: 'desk.review',
		query: DeskInvoicesQuery,
		response: DeskInvoicesResponse,
		handler: async ({ query, deps }) => ({ data: await listDeskInvoices(deps.db, query) }),
	}),
	defineRoute({
		method: 'get',
		path: '/desk/invoices/:id',
		summary:
			'One invoice or credit note as the desk sees it, with its business, a page of its lines (lines_page) and what may still be credited',
		tag: 'desk',
		auth: 'user',
		permission: 'desk.review',
		params: IdParams,
		query: InvoiceQuery,
		response: DeskInvoiceDetail,
		handler: async ({ params, query, deps }) => ({ data: await findDeskInvoice(deps, params.id, query.lines_page) }),
	}),
	defineRoute({
		method: 'post',
		path: '/desk/invoices/:id/credit-notes',
		summary:
			'Issue a credit note on an invoice (amount in whole Naira, at most what is not yet credited, else 409, and a reason): numbered CN-… without gaps, the amount paid into the business’s wallet through the ledger, audited and mailed',
		tag: 'desk',
		auth: 'user',
		permission: 'desk.review',
		params: IdParams,
		body: CreditNoteBody,
		response: DeskInvoiceDetail,
		handler: async ({ params, body, auth, deps }) => {
			const note = await deskCreditNote(deps, auth, params.id, body)
			return {
				data: await findDeskInvoice(deps, params.id),
				message: `Credit note ${note.number} issued: ${formatNairaFull(note.total)} paid into the business’s wallet.`,
			}
		},
	}),
]
