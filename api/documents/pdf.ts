import { COLOURS, type Party, startDocument } from './layout.ts'

/**
 * Certificates and receipts: the branded layout (layout.ts) with label-value sections, an optional
 * long table, and a box that says how to verify the paper.
 */

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
	/** The PDF's title, in its metadata and its footer. */
	title: string
	/** Who stands behind the document: the insurer's name, or the portal's. */
	issuer: string
	heading: string
	/** The issuer and the customer with their details, side by side under the heading; the issuer's name alone when left out. */
	parties?: readonly Party[]
	sections: readonly PdfSection[]
	table?: PdfTable
	verification: { code: string; url: string; what: string }
	footnote: string
}

export function renderPdf(input: PdfDocument): Promise<Uint8Array> {
	const layout = startDocument({
		title: input.title,
		author: input.issuer,
		heading: input.heading,
		subheadings: [`Verification code ${input.verification.code}`],
		parties: input.parties ?? [{ role: 'Issued by', name: input.issuer, lines: [] }],
		footer: `${input.title} · verification code ${input.verification.code}`,
	})
	const { doc, left, width } = layout

	for (const section of input.sections) {
		layout.section(section.heading)
		layout.rows(section.rows)
	}
	if (input.table) {
		layout.section(input.table.heading)
		layout.table(input.table)
	}

	// How to check the paper: the code and the public page that confirms it.
	layout.ensure(100)
	doc.moveDown(1.2)
	const boxTop = doc.y
	doc.rect(left, boxTop, width, 64).lineWidth(1).strokeColor(COLOURS.brand).stroke()
	doc
		.font('bold')
		.fontSize(11)
		.fillColor(COLOURS.brand)
		.text(`Verify this ${input.verification.what}`, left + 12, boxTop + 10, { width: width - 24 })
	doc
		.font('regular')
		.fontSize(10)
		.fillColor(COLOURS.text)
		.text(`Code: ${input.verification.code}`, left + 12, doc.y + 2, { width: width - 24 })
	doc.text(input.verification.url, left + 12, doc.y + 2, { width: width - 24, link: input.verification.url, underline: true })
	doc.y = boxTop + 76
	layout.note(input.footnote, 8)
	return layout.finish()
}
