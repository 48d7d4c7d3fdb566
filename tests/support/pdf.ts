import { expect } from 'vitest'

/** Checks a PDF's cross-reference table against where each object really starts. */
export function checkPdf(bytes: Uint8Array) {
	const text = Buffer.from(bytes).toString('latin1')
	expect(text.startsWith('%PDF-1.4\n')).toBe(true)
	expect(text.trimEnd().endsWith('%%EOF')).toBe(true)
	const startxref = Number(text.match(/startxref\n(\d+)\n%%EOF/)?.[1])
	expect(text.slice(startxref, startxref + 5)).toBe('xref\n')
	const [, first, count] = text.slice(startxref).match(/^xref\n(\d+) (\d+)\n/)!
	expect(first).toBe('0')
	const rows = text.slice(startxref).split('\n').slice(2, 2 + Number(count))
	expect(rows[0]).toBe('0000000000 65535 f ')
	rows.slice(1).forEach((row, i) => {
		const offset = Number(row.slice(0, 10))
		expect(row).toMatch(/^\d{10} 00000 n $/)
		expect(text.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`)
	})
	const length = Number(text.match(/<< \/Length (\d+) >>\nstream\n/)?.[1])
	const start = text.indexOf('stream\n') + 'stream\n'.length
	expect(text.slice(start + length, start + length + 10)).toBe('\nendstream')
	return text
}
