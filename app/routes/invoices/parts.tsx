import type { Invoice } from '#api/contract/invoices.ts'

/** 'Invoice INV-000012' or 'Credit note CN-000003'. */
export const invoiceTitle = (invoice: Pick<Invoice, 'kind' | 'number'>) =>
	`${invoice.kind === 'invoice' ? 'Invoice' : 'Credit note'} ${invoice.number ?? '(draft)'}`
