import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'

/**
 * A PDF's text as a reader would copy it, page by page, read with Mozilla's pdf.js: lines joined by
 * newlines, so a test asserts what the document says rather than how its bytes are written.
 */
export async function pdfPages(bytes: Uint8Array): Promise<string[]> {
	const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise
	const pages: string[] = []
	for (let n = 1; n <= pdf.numPages; n++) {
		const content = await (await pdf.getPage(n)).getTextContent()
		pages.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join(''))
	}
	await pdf.destroy()
	return pages
}

/** The whole text, its pages joined by newlines. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
	return (await pdfPages(bytes)).join('\n')
}
