import { createRequire } from 'node:module'
import PDFDocument from 'pdfkit'

/**
 * The frame every PDF the portal issues shares (certificates, receipts, invoices): drawn with pdfkit
 * in DejaVu Sans, embedded and subset, since the PDF standard fonts have no ₦ (U+20A6) and DejaVu
 * has. The portal's name and colours on a band at the top, the parties (the insurer or the portal
 * that issues, the business it is issued to) side by side, then the document's own sections and
 * tables, and on every page a footer with the page's number of all. The fonts are read from
 * node_modules, which works under tsx and in the bundle (server.ts is bundled with its packages external).
 */
const require = createRequire(import.meta.url)
const FONTS = {
	regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
	bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
}

/** The portal as its documents name it, in the colours of its screens and mail (app/app.css brand-700). */
export const PORTAL = {
	name: 'Cover Portal',
	tagline: 'Insurance and staff benefits for Nigerian businesses',
} as const
export const COLOURS = {
	brand: '#065f46',
	brandTint: '#ecfdf5',
	text: '#0f172a',
	muted: '#475569',
	rule: '#cbd5e1',
	white: '#ffffff',
} as const

export const MARGIN = 50
const BAND = 46
const FOOTER_GAP = 30

/** One side of the document: who issues it or who it is issued to, with the lines that identify them. */
export type Party = { role: string; name: string; lines: readonly string[] }
export type Row = readonly [label: string, value: string]
export type Column = { title: string; width: number; align?: 'left' | 'right' }

export type LayoutOptions = {
	/** The PDF's title, in its metadata. */
	title: string
	/** Its author in the metadata: the insurer, or the portal. */
	author: string
	heading: string
	/** Lines under the heading: a number, a verification code, a status. */
	subheadings?: readonly string[]
	parties?: readonly Party[]
	/** Printed before "page N of M" at the foot of every page. */
	footer: string
}

/**
 * A branded document being drawn. Sections, rows and tables break across pages by themselves; a
 * table repeats its header on each page it runs onto. `finish` writes every page's footer and
 * answers the bytes.
 */
export function startDocument(options: LayoutOptions) {
	const doc = new PDFDocument({
		size: 'A4',
		margins: { top: MARGIN, bottom: MARGIN + FOOTER_GAP, left: MARGIN, right: MARGIN },
		bufferPages: true,
		info: { Title: options.title, Author: options.author, Producer: PORTAL.name },
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
	const left = MARGIN
	const width = doc.page.width - MARGIN * 2

	/** Start a new page when `height` more points would not fit on this one. */
	const ensure = (height: number) => {
		if (doc.y + height > doc.page.maxY()) {
			doc.addPage()
			return true
		}
		return false
	}

	// The band: the portal's name and tagline in white on its brand colour, across the top of page 1.
	doc.rect(0, 0, doc.page.width, BAND + 20).fill(COLOURS.brand)
	doc
		.font('bold')
		.fontSize(16)
		.fillColor(COLOURS.white)
		.text(PORTAL.name, left, 20, { width: width / 2, lineBreak: false })
	doc
		.font('regular')
		.fontSize(8.5)
		.fillColor(COLOURS.brandTint)
		.text(PORTAL.tagline, left + width / 2, 25, { width: width / 2, align: 'right', lineBreak: false })
	doc.y = BAND + 20 + 22
	doc.font('bold').fontSize(22).fillColor(COLOURS.brand).text(options.heading, left, doc.y, { width })
	for (const line of options.subheadings ?? []) {
		doc
			.font('regular')
			.fontSize(10)
			.fillColor(COLOURS.muted)
			.text(line, left, doc.y + 2, { width })
	}
	doc.moveDown(0.6)

	// The parties, side by side in tinted boxes of one height.
	const parties = options.parties ?? []
	if (parties.length > 0) {
		const gap = 14
		const boxWidth = (width - gap * (parties.length - 1)) / parties.length
		const inner = boxWidth - 20
		const heightOf = (party: Party) =>
			doc.font('bold').fontSize(8).heightOfString(party.role.toUpperCase(), { width: inner }) +
			doc.font('bold').fontSize(11).heightOfString(party.name, { width: inner }) +
			party.lines.reduce((sum, line) => sum + doc.font('regular').fontSize(9).heightOfString(line, { width: inner }) + 1, 0) +
			22
		const boxHeight = Math.max(...parties.map(heightOf))
		ensure(boxHeight + 10)
		const top = doc.y
		parties.forEach((party, i) => {
			const x = left + i * (boxWidth + gap)
			doc.rect(x, top, boxWidth, boxHeight).fill(COLOURS.brandTint)
			doc.rect(x, top, 3, boxHeight).fill(COLOURS.brand)
			doc
				.font('bold')
				.fontSize(8)
				.fillColor(COLOURS.brand)
				.text(party.role.toUpperCase(), x + 12, top + 9, { width: inner, characterSpacing: 0.5 })
			doc
				.font('bold')
				.fontSize(11)
				.fillColor(COLOURS.text)
				.text(party.name, x + 12, doc.y + 2, { width: inner })
			for (const line of party.lines) {
				doc
					.font('regular')
					.fontSize(9)
					.fillColor(COLOURS.muted)
					.text(line, x + 12, doc.y + 1, { width: inner })
			}
		})
		doc.y = top + boxHeight + 6
	}

	const rule = (color: string = COLOURS.rule) => {
		doc
			.moveTo(left, doc.y)
			.lineTo(left + width, doc.y)
			.lineWidth(0.5)
			.strokeColor(color)
			.stroke()
	}

	const layout = {
		doc,
		left,
		width,
		ensure,
		rule,
		/** A section's heading over a rule; it moves to the next page rather than sit alone at the foot. */
		section(heading: string) {
			ensure(60)
			doc.moveDown(0.8)
			doc.font('bold').fontSize(12).fillColor(COLOURS.text).text(heading, left, doc.y, { width })
			doc.y += 4
			rule()
			doc.y += 8
		},
		/** Label and value pairs, the label in a column of `labelWidth`. */
		rows(rows: readonly Row[], labelWidth = 160) {
			for (const [label, value] of rows) {
				const height = Math.max(
					doc
						.font('regular')
						.fontSize(10)
						.heightOfString(value, { width: width - labelWidth }),
					12,
				)
				ensure(height)
				const y = doc.y
				doc
					.font('regular')
					.fontSize(10)
					.fillColor(COLOURS.muted)
					.text(label, left, y, { width: labelWidth - 8 })
				doc
					.font('regular')
					.fontSize(10)
					.fillColor(COLOURS.text)
					.text(value, left + labelWidth, y, { width: width - labelWidth })
				doc.y = y + height + 5
			}
		},
		/**
		 * A table that runs over as many pages as it needs, its header on each. Cells wrap within their
		 * column (`wrap`), or are cut with an ellipsis to keep one line a row.
		 */
		table(input: { columns: readonly Column[]; rows: readonly (readonly string[])[]; empty: string; wrap?: boolean }) {
			const { columns, rows } = input
			const size = 9
			const header = () => {
				let x = left
				const y = doc.y
				doc.rect(left, y - 3, width, 16).fill(COLOURS.brandTint)
				doc.font('bold').fontSize(size).fillColor(COLOURS.brand)
				for (const column of columns) {
					doc.text(column.title, x + 3, y, { width: column.width - 6, align: column.align ?? 'left', lineBreak: false, ellipsis: true })
					x += column.width
				}
				doc.y = y + 17
			}
			if (rows.length === 0) {
				doc.font('regular').fontSize(10).fillColor(COLOURS.muted).text(input.empty, left, doc.y, { width })
				return
			}
			ensure(40)
			header()
			for (const row of rows) {
				doc.font('regular').fontSize(size)
				const height = input.wrap
					? Math.max(...row.map((cell, i) => doc.heightOfString(cell, { width: columns[i]!.width - 6 })))
					: doc.currentLineHeight()
				if (ensure(height + 4)) header()
				let x = left
				const y = doc.y
				doc.font('regular').fontSize(size).fillColor(COLOURS.text)
				row.forEach((cell, i) => {
					const column = columns[i]!
					doc.text(cell, x + 3, y, {
						width: column.width - 6,
						align: column.align ?? 'left',
						...(input.wrap ? {} : { lineBreak: false, ellipsis: true }),
					})
					x += column.width
				})
				doc.y = y + height + 4
			}
		},
		/** Small print in the muted colour. */
		note(text: string, size = 8.5) {
			const height = doc.font('regular').fontSize(size).heightOfString(text, { width })
			ensure(height)
			doc.fillColor(COLOURS.muted).text(text, left, doc.y, { width })
		},
		/** Every page's footer, drawn in the bottom margin once the pages are known; then the bytes. */
		finish(): Promise<Uint8Array> {
			const range = doc.bufferedPageRange()
			for (let i = range.start; i < range.start + range.count; i++) {
				doc.switchToPage(i)
				const bottom = doc.page.margins.bottom
				doc.page.margins.bottom = 0
				const y = doc.page.height - MARGIN
				doc
					.moveTo(left, y - 8)
					.lineTo(left + width, y - 8)
					.lineWidth(1)
					.strokeColor(COLOURS.brand)
					.stroke()
				doc
					.font('regular')
					.fontSize(8)
					.fillColor(COLOURS.muted)
					.text(`${PORTAL.name} · ${options.footer} · page ${i + 1} of ${range.count}`, left, y, {
						width,
						align: 'center',
						lineBreak: false,
					})
				doc.page.margins.bottom = bottom
			}
			doc.end()
			return done
		},
	}
	return layout
}
