import type { Invoice } from '#api/contract/invoices.ts'

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

/** '2026-03-01' -> 'March 2026'. */
export const monthOf = (day: string) => `${MONTHS[Number(day.slice(5, 7)) - 1]} ${day.slice(0, 4)}`

/** 'Invoice INV-000012' or 'Credit note CN-000003'. */
export const invoiceTitle = (invoice: Pick<Invoice, 'kind' | 'number'>) =>
	`${invoice.kind === 'invoice' ? 'Invoice' : 'Credit note'} ${invoice.number ?? '(draft)'}`
