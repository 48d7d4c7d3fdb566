import { createRequire } from 'node:module'
import PDFDocument from 'pdfkit'
import { formatNairaFull } from '../contract/money.ts'

// An invoice or credit note as a PDF: a plain rendering in DejaVu Sans (it has ₦), kept to this
// interface so the branded renderer can take its place.

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

const require = createRequire(import.meta.url)
const FONTS = {
	regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
	bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
}
const STATUS = { draft: 'Draft', open: 'Due', paid: 'Paid', overdue: 'Overdue', void: 'Void' } as const

export async function renderInvoicePdf(input: InvoicePdfInput): Promise<Uint8Array> {
	const title = input.kind === 'invoice' ? 'Invoice' : 'Credit note'
	const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `${title} ${input.number}`, Producer: 'Cover Portal' } })
	doc.registerFont('regular', FONTS.regular)
	doc.registerFont('bold', FONTS.bold)
	const chunks: Buffer[] = []
	doc.on('data', (chunk: Buffer) => chunks.push(chunk))
	const done = new Promise<void>((resolve, reject) => {
		doc.on('end', resolve)
		doc.on('error', reject)
	})
	doc.font('bold').fontSize(20).text(`${title} ${input.number}`)
	doc.font('regular').fontSize(10).text(`Status: ${STATUS[input.status]}`)
	doc.moveDown()
	doc.font('bold').text(input.business.name)
	doc.font('regular')
	for (const line of [input.business.address, input.business.email, input.business.rcNumber ? `RC ${input.business.rcNumber}` : null]) {
		if (line) doc.text(line)
	}
	doc.moveDown()
	doc.text(`Period: ${input.periodStart} to ${input.periodEnd}`)
	doc.text(`Issued: ${input.issuedOn}`)
	if (input.kind === 'invoice') doc.text(`Due: ${input.dueOn}`)
	doc.moveDown()
	const left = doc.page.margins.left
	const width = doc.page.width - left - doc.page.margins.right
	const columns = [
		{ title: 'Description', x: left, w: width * 0.52, align: 'left' as const },
		{ title: 'Qty', x: left + width * 0.52, w: width * 0.1, align: 'right' as const },
		{ title: 'Unit', x: left + width * 0.62, w: width * 0.18, align: 'right' as const },
		{ title: 'Amount', x: left + width * 0.8, w: width * 0.2, align: 'right' as const },
	]
	const row = (cells: string[], bold = false) => {
		if (doc.y > doc.page.height - doc.page.margins.bottom - 30) doc.addPage()
		const y = doc.y
		doc.font(bold ? 'bold' : 'regular')
		let bottom = y
		cells.forEach((cell, i) => {
			const c = columns[i]!
			doc.text(cell, c.x, y, { width: c.w, align: c.align })
			bottom = Math.max(bottom, doc.y)
		})
		doc.x = left
		doc.y = bottom + 4
	}
	row(
		columns.map((c) => c.title),
		true,
	)
	for (const l of input.lines) row([l.description, String(l.quantity), formatNairaFull(l.unitAmount), formatNairaFull(l.amount)])
	doc.moveDown()
	row(['Total (VAT exempt)', '', '', formatNairaFull(input.total)], true)
	if (input.kind === 'invoice') {
		row(['Paid', '', '', formatNairaFull(input.paid)])
		row(['Balance', '', '', formatNairaFull(input.balance)], true)
	}
	if (input.payments.length) {
		doc.moveDown()
		doc.font('bold').text('Payments', left)
		doc.font('regular')
		for (const p of input.payments) doc.text(`${p.paidOn}  ${p.method}  ${p.reference}  ${formatNairaFull(p.amount)}`, left)
	}
	doc.moveDown()
	doc.font('regular').fontSize(8).text('Health insurance premiums are exempt from VAT.', left)
	doc.end()
	await done
	return new Uint8Array(Buffer.concat(chunks))
}
