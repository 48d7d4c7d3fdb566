import { describe, expect, test } from 'vitest'
import { pdfPages, pdfText } from '#tests/support/pdf.ts'
import { type InvoicePdfInput, renderInvoicePdf, VAT_NOTE } from './invoice-pdf.ts'

const MEMBERS = ['Adaeze Okafor', 'Tunde Bakare', 'Ngozi Eze', 'Bola Ade', 'Chinedu Obi', 'Amina Bello']

/** An invoice for `count` member-months at ₦3,500, the first one part paid. */
function invoice(count: number, overrides: Partial<InvoicePdfInput> = {}): InvoicePdfInput {
	const lines = Array.from({ length: count }, (_, i) => ({
		description: `Staff cover: ${MEMBERS[i % MEMBERS.length]} ${i + 1}, March 2026`,
		quantity: 1,
		unitAmount: 3_500,
		amount: 3_500,
	}))
	const total = lines.reduce((sum, line) => sum + line.amount, 0)
	return {
		number: 'INV-2026-0007',
		kind: 'invoice',
		status: 'open',
		issuedOn: '2026-04-01',
		dueOn: '2026-04-15',
		periodStart: '2026-03-01',
		periodEnd: '2026-03-31',
		business: {
			name: 'Eze Foods Ltd',
			address: '12 Allen Avenue, Ikeja, Lagos',
			email: 'accounts@ezefoods.example',
			rcNumber: 'RC 1234567',
		},
		lines,
		total,
		paid: 0,
		balance: total,
		payments: [],
		...overrides,
	}
}

describe('the invoice PDF', () => {
	test('says who bills whom, the period, each line, the totals in ₦ and the VAT exemption', async () => {
		const bytes = await renderInvoicePdf(
			invoice(3, {
				lines: [
					{ description: 'Staff cover: Adaeze Okafor, March 2026', quantity: 1, unitAmount: 3_500, amount: 3_500 },
					{ description: 'Dependant slots: Tunde Bakare (2), March 2026', quantity: 2, unitAmount: 1_750, amount: 3_500 },
					{ description: 'Staff cover: 1,200 members, March 2026', quantity: 1_200, unitAmount: 3_500, amount: 4_200_000 },
				],
				total: 4_207_000,
				paid: 2_000_000,
				balance: 2_207_000,
				payments: [{ paidOn: '2026-04-03', method: 'wallet', reference: 'inv_pay_0001', amount: 2_000_000 }],
			}),
		)
		const raw = Buffer.from(bytes).toString('latin1')
		expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans/)
		const text = await pdfText(bytes)
		expect(text).toContain('Cover Portal')
		expect(text).toContain('Invoice number INV-2026-0007')
		expect(text).toContain('Status: Open')
		expect(text).toContain('Eze Foods Ltd')
		expect(text).toContain('Registration number RC 1234567')
		expect(text).toContain('12 Allen Avenue, Ikeja, Lagos')
		expect(text).toContain('accounts@ezefoods.example')
		expect(text).toContain('1 April 2026')
		expect(text).toContain('Due on 15 April 2026')
		expect(text).toContain('1 March 2026 to 31 March 2026, both included')
		expect(text).toContain('Staff cover: Adaeze Okafor, March 2026 1 ₦3,500 ₦3,500')
		expect(text).toContain('Dependant slots: Tunde Bakare (2), March 2026 2 ₦1,750 ₦3,500')
		expect(text).toContain('1,200 ₦3,500 ₦4,200,000')
		expect(text).toContain('VAT (exempt) ₦0')
		expect(text).toContain('Total ₦4,207,000')
		expect(text).toContain('Paid ₦2,000,000')
		expect(text).toContain('Balance due ₦2,207,000')
		expect(text).toContain('₦2,207,000 is due by 15 April 2026')
		expect(text).toContain('3 April 2026 Wallet inv_pay_0001 ₦2,000,000')
		expect(text.replace(/\s+/g, ' ')).toContain(VAT_NOTE)
		expect(text).toContain('Cover Portal · Invoice INV-2026-0007 · page 1 of 1')
		// Amounts are never abbreviated on paper, nor printed as NGN.
		expect(text).not.toMatch(/₦\d+(\.\d)?[MBT]\b/)
		expect(text).not.toContain('NGN')
	})

	test('hundreds of lines run over pages, the header on each, every line and the footer numbered', async () => {
		const pages = await pdfPages(await renderInvoicePdf(invoice(400)))
		const text = pages.join('\n')
		expect(pages.length).toBeGreaterThanOrEqual(8)
		for (const [n, page] of pages.entries())
			expect(page).toContain(`Cover Portal · Invoice INV-2026-0007 · page ${n + 1} of ${pages.length}`)
		for (let i = 1; i <= 400; i++) expect(text).toContain(`${MEMBERS[(i - 1) % MEMBERS.length]} ${i}, March 2026 1 ₦3,500 ₦3,500`)
		// Every page the lines run onto starts its part of the table with the header.
		const withLines = pages.filter((page) => page.includes(', March 2026 1 ₦3,500'))
		expect(withLines.length).toBeGreaterThanOrEqual(8)
		for (const page of withLines) {
			expect(page.indexOf('Description Quantity Unit price Amount')).toBeGreaterThan(-1)
			expect(page.indexOf('Description Quantity Unit price Amount')).toBeLessThan(page.indexOf(', March 2026 1 ₦3,500'))
		}
		expect(text).toContain('Total ₦1,400,000')
		expect(text).toContain('Lines (400)')
	})

	test('a credit note is titled as one and asks for nothing', async () => {
		const text = await pdfText(
			await renderInvoicePdf(
				invoice(1, {
					number: 'CN-2026-0002',
					kind: 'credit_note',
					status: 'paid',
					lines: [{ description: 'Tunde Bakare left on 10 March 2026: March refunded', quantity: 1, unitAmount: -3_500, amount: -3_500 }],
					total: -3_500,
					paid: 0,
					balance: 0,
					payments: [],
				}),
			),
		)
		expect(text).toContain('Credit note number CN-2026-0002')
		expect(text).toContain('CREDITED TO')
		expect(text).toContain('-₦3,500')
		expect(text).toContain('Total credited -₦3,500')
		expect(text).toContain('This credit note credits ₦3,500 to Eze Foods Ltd: it is not a demand for payment.')
		expect(text).not.toContain('Balance due')
		expect(text).not.toContain('Due on')
		expect(text).toContain('Cover Portal · Credit note CN-2026-0002 · page 1 of 1')
	})

	test.each([
		['draft', 'Draft: this invoice has not been issued yet'],
		['void', 'Void: this invoice was cancelled'],
		['paid', 'Paid in full.'],
		['overdue', 'Overdue: ₦21,000 was due on 15 April 2026.'],
	] as const)('a %s invoice says where it stands', async (status, words) => {
		const text = await pdfText(await renderInvoicePdf(invoice(6, { status, paid: 0, balance: 21_000, payments: [] })))
		expect(text).toContain(words)
		expect(text).toContain('No payments yet.')
	})

	test('a business without address, email or registration number still prints', async () => {
		const text = await pdfText(
			await renderInvoicePdf(invoice(1, { business: { name: 'Ade Stores', address: null, email: null, rcNumber: null } })),
		)
		expect(text).toContain('BILL TO')
		expect(text).toContain('Ade Stores')
		expect(text).not.toContain('Registration number')
	})
})
