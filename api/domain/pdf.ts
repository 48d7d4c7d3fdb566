/**
 * A one-page PDF 1.4 of text lines in Helvetica, written by hand: no package, every byte known. The
 * standard fonts speak WinAnsi, which has no ₦, so amounts show as NGN.
 */

/** Text a PDF string literal holds: WinAnsi-safe, with its delimiters escaped. */
export function pdfText(text: string): string {
	return text
		.replace(/₦/g, 'NGN ')
		.replace(/[‘’]/g, "'")
		.replace(/[“”]/g, '"')
		.replace(/[–—]/g, '-')
		.replace(/[^\x20-\x7e\xa0-\xff]/g, '?')
		.replace(/[\\()]/g, (c) => `\\${c}`)
}

export type PdfLine = { text: string; size?: number; bold?: boolean; gap?: number }

export function textPdf(lines: readonly PdfLine[], title: string): Uint8Array {
	let y = 790
	const ops: string[] = ['BT']
	for (const line of lines) {
		const size = line.size ?? 11
		y -= line.gap ?? size + 8
		ops.push(`/${line.bold ? 'F2' : 'F1'} ${size} Tf`, `1 0 0 1 56 ${y} Tm`, `(${pdfText(line.text)}) Tj`)
	}
	ops.push('ET')
	const content = ops.join('\n')
	const objects = [
		'<< /Type /Catalog /Pages 2 0 R >>',
		'<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
		'<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
		'<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
		'<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
		`<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
		`<< /Title (${pdfText(title)}) /Producer (Cover Portal) >>`,
	]
	// A binary comment on the second line tells tools the file is binary, as the spec recommends.
	let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n'
	const offsets: number[] = []
	objects.forEach((body, i) => {
		offsets.push(Buffer.byteLength(out, 'latin1'))
		out += `${i + 1} 0 obj\n${body}\nendobj\n`
	})
	const xref = Buffer.byteLength(out, 'latin1')
	out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
	for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`
	out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`
	return new Uint8Array(Buffer.from(out, 'latin1'))
}
