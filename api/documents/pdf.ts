import { createRequire } from 'node:module'
import PDFDocument from 'pdfkit'

/**
 * The portal's printed documents (certificates, receipts) drawn with pdfkit in DejaVu Sans, embedded:
 * the PDF standard fonts have no ₦ (U+20A6), DejaVu has. The fonts are read from node_modules, which
 * works under tsx and in the bundle (server.ts is bundled with its packages external).
 */
const require = createRequire(import.meta.url)
const FONTS = {
	regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
	bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
}

export type PdfRow = readonly [label: string, value: string]
export type PdfSection = { heading: string; rows: readonly PdfRow[] }
/** A list too long for label-value rows, such as a staff plan's members: it runs over as many pages as it needs. */
export type PdfTable = {
	heading: string
	columns: readonly { title: string; width: number }[]
	rows: readonly (readonly string[])[]
	empty: string
}

export type PdfDocument = {
	/** The PDF's title, in its metadata. */
	title: string
	/** Who stands behind the document: the insurer's name, drawn as a monogram and a heading. */
	issuer: string
	heading: string
	sections: readonly PdfSection[]
	table?: PdfTable
	verification: { code: string; url: string; what: string }
	footnote: string
}

const BRAND = '#0f5132'
const MUTED = '#4b5563'
const RULE = '#d1d5db'
const MARGIN = 56
const LABEL_WIDTH = 160

function monogram(name: string) {
	const words = name.split(/\s+/).filter((w) => /^[A-Za-z]/.test(w))
	return words
		.slice(0, 2)
		.map((w) => w[0]!.toUpperCase())
		.join('')
}

export function renderPdf(input: PdfDocument): Promise<Uint8Array> {
	const doc = new PDFDocument({
		size: 'A4',
		margins: { top: MARGIN, bottom: MARGIN + 24, left: MARGIN, right: MARGIN },
		bufferPages: true,
		info: { Title: input.title, Author: input.issuer, Producer: 'Cover Portal' },
		lang: 'en-NG',
	})
	doc.registerFont('regular', FONTS.regular)
	doc.registerFont('bold', FONTS.bold)
	const chunks: Buffer[] = []
	doc.on('data', (chunk: Buffer) => chunks.push(chunk))
	const done = new Promise<Uint8Array>((resolve, reject) => {
		doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))))
		doc.on('error', reject)
	})
	const width = doc.page.width - MARGIN * 2
	const left = MARGIN

	// Header: the insurer's monogram in a roundel, its name, the document's heading and code.
	doc.circle(left + 22, MARGIN + 22, 22).fill(BRAND)
	doc
		.font('bold')
		.fontSize(15)
		.fillColor('#ffffff')
		.text(monogram(input.issuer), left, MARGIN + 13, { width: 44, align: 'center' })
	doc
		.font('bold')
		.fontSize(14)
		.fillColor('#111827')
		.text(input.issuer, left + 58, MARGIN + 4, { width: width - 58 })
	doc
		.font('regular')
		.fontSize(9)
		.fillColor(MUTED)
		.text('Issued through Cover Portal', left + 58, doc.y + 2, { width: width - 58 })
	doc.y = MARGIN + 62
	doc.font('bold').fontSize(22).fillColor(BRAND).text(input.heading, left, doc.y, { width })
	doc
		.font('regular')
		.fontSize(10)
		.fillColor(MUTED)
		.text(`Verification code ${input.verification.code}`, left, doc.y + 2, { width })
	doc.moveDown(0.8)

	const rule = () => {
		doc
			.moveTo(left, doc.y)
			.lineTo(left + width, doc.y)
			.lineWidth(0.5)
			.strokeColor(RULE)
			.stroke()
		doc.y += 8
	}
	const sectionHeading = (text: string) => {
		if (doc.y + 60 > doc.page.maxY()) doc.addPage()
		doc.moveDown(0.6)
		doc.font('bold').fontSize(12).fillColor('#111827').text(text, left, doc.y, { width })
		doc.y += 4
		rule()
	}

	for (const section of input.sections) {
		sectionHeading(section.heading)
		for (const [label, value] of section.rows) {
			const height = Math.max(
				doc
					.font('regular')
					.fontSize(10)
					.heightOfString(value, { width: width - LABEL_WIDTH }),
				12,
			)
			if (doc.y + height > doc.page.maxY()) doc.addPage()
			const y = doc.y
			doc
				.font('regular')
				.fontSize(10)
				.fillColor(MUTED)
				.text(label, left, y, { width: LABEL_WIDTH - 8 })
			doc
				.font('regular')
				.fontSize(10)
				.fillColor('#111827')
				.text(value, left + LABEL_WIDTH, y, { width: width - LABEL_WIDTH })
			doc.y = y + height + 5
		}
	}

	if (input.table) {
		const { columns, rows } = input.table
		sectionHeading(input.table.heading)
		const header = () => {
			let x = left
			const y = doc.y
			doc.font('bold').fontSize(9).fillColor(MUTED)
			for (const column of columns) {
				doc.text(column.title, x, y, { width: column.width - 6, lineBreak: false, ellipsis: true })
				x += column.width
			}
			doc.y = y + 16
		}
		if (rows.length === 0) doc.font('regular').fontSize(10).fillColor(MUTED).text(input.table.empty, left, doc.y, { width })
		else header()
		for (const row of rows) {
			if (doc.y + 16 > doc.page.maxY()) {
				doc.addPage()
				header()
			}
			let x = left
			const y = doc.y
			doc.font('regular').fontSize(9).fillColor('#111827')
			row.forEach((cell, i) => {
				doc.text(cell, x, y, { width: columns[i]!.width - 6, lineBreak: false, ellipsis: true })
				x += columns[i]!.width
			})
			doc.y = y + 15
		}
	}

	// How to check the paper: the code and the public page that confirms it.
	if (doc.y + 90 > doc.page.maxY()) doc.addPage()
	doc.moveDown(1.2)
	const boxTop = doc.y
	doc.rect(left, boxTop, width, 64).lineWidth(1).strokeColor(BRAND).stroke()
	doc
		.font('bold')
		.fontSize(11)
		.fillColor(BRAND)
		.text(`Verify this ${input.verification.what}`, left + 12, boxTop + 10, { width: width - 24 })
	doc
		.font('regular')
		.fontSize(10)
		.fillColor('#111827')
		.text(`Code: ${input.verification.code}`, left + 12, doc.y + 2, { width: width - 24 })
	doc.text(input.verification.url, left + 12, doc.y + 2, { width: width - 24, link: input.verification.url, underline: true })
	doc.y = boxTop + 76
	doc.font('regular').fontSize(8).fillColor(MUTED).text(input.footnote, left, doc.y, { width })

	// Every page's footer: its number and the code, drawn in the bottom margin once the pages are known.
	const range = doc.bufferedPageRange()
	for (let i = range.start; i < range.start + range.count; i++) {
		doc.switchToPage(i)
		const bottom = doc.page.margins.bottom
		doc.page.margins.bottom = 0
		doc.font('regular').fontSize(8).fillColor(MUTED)
		doc.text(
			`${input.title} · verification code ${input.verification.code} · page ${i + 1} of ${range.count}`,
			left,
			doc.page.height - MARGIN,
			{
				width,
				align: 'center',
				lineBreak: false,
			},
		)
		doc.page.margins.bottom = bottom
	}
	doc.end()
	return done
}
