import { expect, test } from 'vitest'
import { checkPdf } from '#tests/support/pdf.ts'
import { pdfText, textPdf } from './pdf.ts'

test('a text PDF is PDF 1.4 with a right cross-reference table and stream length', () => {
	const text = checkPdf(textPdf([{ text: 'Certificate', bold: true, size: 18 }, { text: 'Premium: ₦225,000 (paid)' }], 'Certificate CP-1'))
	expect(text).toContain('(Premium: NGN 225,000 \\(paid\\)) Tj')
	expect(text).toContain('/BaseFont /Helvetica')
})

test('text is made safe for a PDF string', () => {
	expect(pdfText('a\\b (c) ₦5 “q” – 日')).toBe('a\\\\b \\(c\\) NGN 5 "q" - ?')
})
