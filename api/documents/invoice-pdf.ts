import { formatLongDay, formatLongDays } from '../contract/dates.ts'
import { formatNairaFull, groupThousands } from '../contract/money.ts'
import { type Column, COLOURS, PORTAL, type Party, startDocument } from './layout.ts'

export type InvoicePdfInput = {
	number: string
	kind: 'invoice' | 'credit_note'
	status: 'draft' | 'open' | 'paid' | 'overdue' | 'void'
	issuedOn: string
	dueOn: string
	periodStart: string
	periodEnd: string // ISO dates
	business: { name: string; address: string | null; email: string | null; rcNumber: string | null }
	lines: { description: string; quantity: number; unitAmount: number; amount: number }[] // whole Naira
	total: number
	paid: number
	balance: number
	payments: { paidOn: string; method: string; reference: string; amount: number }[]
}

const TITLES: Record<InvoicePdfInput['kind'], string> = { invoice: 'Invoice', credit_note: 'Credit note' }

/** The words an invoice's status reads as on paper, the same as the portal's status badges. */
const STATUS_WORDS: Record<InvoicePdfInput['status'], string> = {
	draft: 'Draft',
	open: 'Open',
	paid: 'Paid',
	overdue: 'Overdue',
	void: 'Void',
}

/** How a payment was made, in words; a method this map does not know reads as its own name. */
const METHODS: Record<string, string> = {
	wallet: 'Wallet',
	card: 'Card',
	gateway: 'Card at the checkout',
	saved_card: 'Saved card',
	bank_transfer: 'Bank transfer',
	credit_note: 'Credit note',
}
const methodWords = (method: string) => METHODS[method] ?? method.replaceAll('_', ' ').replace(/^./, (c) => c.toUpperCase())

const quantity = (n: number) => (Number.isInteger(n) ? `${n < 0 ? '-' : ''}${groupThousands(String(Math.abs(n)))}` : n.toFixed(2))

export const VAT_NOTE = 'Insurance premiums are exempt from Value Added Tax in Nigeria: no VAT is charged on this document (VAT ₦0).'

/** What the paper says under the totals for each status: whether and by when anything is owed. */
function standing(input: InvoicePdfInput) {
	if (input.kind === 'credit_note') {
		return `This credit note credits ${formatNairaFull(Math.abs(input.total))} to ${input.business.name}: it is not a demand for payment.`
	}
	switch (input.status) {
		case 'draft':
			return 'Draft: this invoice has not been issued yet and nothing is due on it.'
		case 'void':
			return 'Void: this invoice was cancelled and nothing is due on it.'
		case 'paid':
			return 'Paid in full. Thank you.'
		case 'overdue':
			return `Overdue: ${formatNairaFull(input.balance)} was due on ${formatLongDay(input.dueOn)}. Cover unpaid after the grace period is paused until it is paid.`
		case 'open':
			return `${formatNairaFull(input.balance)} is due by ${formatLongDay(input.dueOn)}. Pay from the wallet or by card on the invoice's page in ${PORTAL.name}.`
	}
}

/**
 * An invoice or a credit note of a staff plan, on the portal's branded layout: who bills whom, the
 * billing period, one line per member and dependant (the table runs over as many pages as it needs,
 * its header on each), totals with what was paid and what remains, the payments, and the VAT note.
 */
export async function renderInvoicePdf(input: InvoicePdfInput): Promise<Uint8Array> {
	const title = TITLES[input.kind]
	const business: Party = {
		role: input.kind === 'credit_note' ? 'Credited to' : 'Bill to',
		name: input.business.name,
		lines: [
			input.business.rcNumber ? `Registration number ${input.business.rcNumber}` : null,
			input.business.address,
			input.business.email,
		].filter((line): line is string => Boolean(line)),
	}
	const layout = startDocument({
		title: `${title} ${input.number}`,
		author: PORTAL.name,
		heading: title,
		subheadings: [`${title} number ${input.number}`, `Status: ${STATUS_WORDS[input.status]}`],
		parties: [{ role: 'From', name: PORTAL.name, lines: [PORTAL.tagline, 'Billing of staff health plans'] }, business],
		footer: `${title} ${input.number}`,
	})
	const { doc, left, width } = layout

	layout.section('Details')
	layout.rows([
		[`${title} number`, input.number],
		['Issued on', formatLongDay(input.issuedOn)],
		...(input.kind === 'invoice' ? [['Due on', formatLongDay(input.dueOn)] as const] : []),
		['Billing period', `${formatLongDays(input.periodStart, input.periodEnd)}, both included`],
		['Status', STATUS_WORDS[input.status]],
	])

	const columns: Column[] = [
		{ title: 'Description', width: width - 240 },
		{ title: 'Quantity', width: 60, align: 'right' },
		{ title: 'Unit price', width: 85, align: 'right' },
		{ title: 'Amount', width: 95, align: 'right' },
	]
	layout.section(`Lines (${input.lines.length})`)
	layout.table({
		columns,
		rows: input.lines.map((line) => [
			line.description,
			quantity(line.quantity),
			formatNairaFull(line.unitAmount),
			formatNairaFull(line.amount),
		]),
		empty: 'This document has no lines.',
		wrap: true,
	})

	// Totals, right-aligned under the amounts.
	const totals: [string, string, boolean][] = [
		['VAT (exempt)', formatNairaFull(0), false],
		[input.kind === 'credit_note' ? 'Total credited' : 'Total', formatNairaFull(input.total), true],
		...(input.kind === 'invoice'
			? ([
					['Paid', formatNairaFull(input.paid), false],
					['Balance due', formatNairaFull(input.balance), true],
				] as [string, string, boolean][])
			: []),
	]
	layout.ensure(totals.length * 18 + 12)
	doc.y += 6
	const labelX = left + width - 280
	for (const [label, amount, strong] of totals) {
		const y = doc.y
		doc
			.font(strong ? 'bold' : 'regular')
			.fontSize(10)
			.fillColor(strong ? COLOURS.text : COLOURS.muted)
			.text(label, labelX, y, { width: 170, align: 'right', lineBreak: false })
		doc.text(amount, labelX + 180, y, { width: 97, align: 'right', lineBreak: false })
		doc.y = y + 17
	}
	doc.x = left
	doc.moveDown(0.4)
	doc.font('bold').fontSize(10).fillColor(COLOURS.brand).text(standing(input), left, doc.y, { width })

	if (input.kind === 'invoice') {
		layout.section('Payments')
		layout.table({
			columns: [
				{ title: 'Date', width: 110 },
				{ title: 'Method', width: 120 },
				{ title: 'Reference', width: width - 340 },
				{ title: 'Amount', width: 110, align: 'right' },
			],
			rows: input.payments.map((p) => [formatLongDay(p.paidOn), methodWords(p.method), p.reference, formatNairaFull(p.amount)]),
			empty: 'No payments yet.',
		})
	}

	doc.moveDown(1.2)
	layout.note(VAT_NOTE)
	layout.note(`Amounts are in Naira. Issued by ${PORTAL.name}.`)
	return layout.finish()
}
