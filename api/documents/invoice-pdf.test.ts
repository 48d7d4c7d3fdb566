import { expect, test } from 'vitest'
import { pdfText } from '#tests/support/pdf.ts'
import { renderInvoicePdf } from './invoice-pdf.ts'

test('an invoice PDF says what it bills, in Naira with the ₦ sign, and what was paid', async () => {
	const bytes = await renderInvoicePdf({
		number: 'INV-000012',
		kind: 'invoice',
		status: 'paid',
		issuedOn: '2026-04-01',
		dueOn: '2026-04-08',
		periodStart: '2026-03-01',
		periodEnd: '2026-03-31',
		business: {
			name: 'Okafor Logistics Ltd',
			address: '14 Creek Road, Apapa, Lagos',
			email: 'business@example.com',
			rcNumber: 'RC1234567',
		},
		lines: [
			{ description: 'Ada Obi, member, March 2026', quantity: 1, unitAmount: 7_500, amount: 7_500 },
			{ description: 'Efe Obi, dependant of Ada Obi, March 2026', quantity: 1, unitAmount: 7_500, amount: 7_500 },
		],
		total: 15_000,
		paid: 15_000,
		balance: 0,
		payments: [{ paidOn: '2026-04-03', method: 'Wallet', reference: 'invoice_abc', amount: 15_000 }],
	})
	const text = await pdfText(bytes)
	for (const expected of [
		'Invoice INV-000012',
		'Status: Paid',
		'Okafor Logistics Ltd',
		'RC RC1234567',
		'Period: 2026-03-01 to 2026-03-31',
		'Due: 2026-04-08',
		'Efe Obi, dependant of Ada Obi, March 2026',
		'₦15,000',
		'Health insurance premiums are exempt from VAT.',
		'invoice_abc',
	]) {
		expect(text).toContain(expected)
	}
})

test('a credit note has no due date or balance', async () => {
	const text = await pdfText(
		await renderInvoicePdf({
			number: 'CN-000001',
			kind: 'credit_note',
			status: 'paid',
			issuedOn: '2026-05-02',
			dueOn: '2026-05-02',
			periodStart: '2026-03-01',
			periodEnd: '2026-03-31',
			business: { name: 'Okafor Logistics Ltd', address: null, email: null, rcNumber: null },
			lines: [{ description: 'Member billed after leaving (credit on INV-000012)', quantity: 1, unitAmount: 2_500, amount: 2_500 }],
			total: 2_500,
			paid: 2_500,
			balance: 0,
			payments: [],
		}),
	)
	expect(text).toContain('Credit note CN-000001')
	expect(text).not.toContain('Due:')
	expect(text).not.toContain('Balance')
})
