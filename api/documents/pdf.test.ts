import { expect, test } from 'vitest'
import { pdfText } from '#tests/support/pdf.ts'
import { renderPdf } from './pdf.ts'

const document = (members: number) =>
	renderPdf({
		title: 'Certificate CP-HLTH-2026-000001',
		issuer: 'Zenith Health HMO',
		heading: 'Certificate of staff health cover',
		sections: [{ heading: 'Policy', rows: [['Staff covered', 'Up to 120, at ₦3,500 per person a month']] }],
		table: {
			heading: `Members covered (${members})`,
			columns: [
				{ title: 'Name', width: 200 },
				{ title: 'Status', width: 100 },
			],
			rows: Array.from({ length: members }, (_, i) => [`Member ${i + 1}`, 'Active']),
			empty: 'No members are enrolled yet.',
		},
		verification: { code: 'ABCD-EFGH-JK12', url: 'https://portal.example/verify/ABCD-EFGH-JK12', what: 'certificate' },
		footnote: 'Issued by Cover Portal.',
	})

test('the font is embedded, so ₦ prints and reads back as ₦', async () => {
	const bytes = await document(1)
	const raw = Buffer.from(bytes).toString('latin1')
	expect(raw).toContain('/FontFile2')
	expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans/)
	expect(raw).not.toContain('/Helvetica')
	expect(await pdfText(bytes)).toContain('Up to 120, at ₦3,500 per person a month')
})

test('a long members list runs over pages, each with its number and the code', async () => {
	const text = await pdfText(await document(150))
	expect(text).toContain('Member 1 Active')
	expect(text).toContain('Member 150 Active')
	expect(text).toContain('page 1 of 4')
	expect(text).toContain('verification code ABCD-EFGH-JK12 · page 4 of 4')
	expect(text).toContain('https://portal.example/verify/ABCD-EFGH-JK12')
})

test('an empty list says so', async () => {
	expect(await pdfText(await document(0))).toContain('No members are enrolled yet.')
})
