import { crc32, deflateRawSync } from 'node:zlib'

/**
 * A tiny zip writer for tests: each part stored or deflated, with local headers, a central directory
 * and its end record, as an XLSX is packed.
 */
export function zip(parts: Array<{ name: string; data: string | Uint8Array; deflate?: boolean }>) {
	const encoder = new TextEncoder()
	const chunks: Uint8Array[] = []
	const central: Uint8Array[] = []
	let offset = 0
	for (const part of parts) {
		const name = encoder.encode(part.name)
		const raw = typeof part.data === 'string' ? encoder.encode(part.data) : part.data
		const body = part.deflate === false ? raw : new Uint8Array(deflateRawSync(raw))
		const method = part.deflate === false ? 0 : 8
		const crc = crc32(raw)
		const local = new DataView(new ArrayBuffer(30))
		local.setUint32(0, 0x04034b50, true)
		local.setUint16(4, 20, true)
		local.setUint16(8, method, true)
		local.setUint32(14, crc, true)
		local.setUint32(18, body.length, true)
		local.setUint32(22, raw.length, true)
		local.setUint16(26, name.length, true)
		const entry = new DataView(new ArrayBuffer(46))
		entry.setUint32(0, 0x02014b50, true)
		entry.setUint16(4, 20, true)
		entry.setUint16(6, 20, true)
		entry.setUint16(10, method, true)
		entry.setUint32(16, crc, true)
		entry.setUint32(20, body.length, true)
		entry.setUint32(24, raw.length, true)
		entry.setUint16(28, name.length, true)
		entry.setUint32(42, offset, true)
		chunks.push(new Uint8Array(local.buffer), name, body)
		central.push(new Uint8Array(entry.buffer), name)
		offset += 30 + name.length + body.length
	}
	const size = central.reduce((n, c) => n + c.length, 0)
	const end = new DataView(new ArrayBuffer(22))
	end.setUint32(0, 0x06054b50, true)
	end.setUint16(8, parts.length, true)
	end.setUint16(10, parts.length, true)
	end.setUint32(12, size, true)
	end.setUint32(16, offset, true)
	return new Uint8Array(Buffer.concat([...chunks, ...central, new Uint8Array(end.buffer)]))
}

const escapeXml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;')
const column = (i: number) => (i >= 26 ? String.fromCharCode(64 + Math.floor(i / 26)) : '') + String.fromCharCode(65 + (i % 26))

/**
 * A one-sheet XLSX workbook of the rows: text in the shared strings, numbers as numbers, and a
 * `{ date: serial }` cell as a number styled as a date, as Excel saves a typed date.
 */
export function xlsx(rows: Array<Array<string | number | { date: number }>>, options: { deflate?: boolean } = {}) {
	const strings: string[] = []
	const sheetRows = rows.map((cells, r) => {
		const xml = cells.map((cell, c) => {
			const ref = `${column(c)}${r + 1}`
			if (typeof cell === 'number') return `<c r="${ref}"><v>${cell}</v></c>`
			if (typeof cell === 'object') return `<c r="${ref}" s="1"><v>${cell.date}</v></c>`
			if (cell === '') return ''
			strings.push(cell)
			return `<c r="${ref}" t="s"><v>${strings.length - 1}</v></c>`
		})
		return `<row r="${r + 1}">${xml.join('')}</row>`
	})
	const ns = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'
	const rel = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"'
	const deflate = options.deflate ?? true
	return zip([
		{
			name: '[Content_Types].xml',
			data: '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
			deflate,
		},
		{
			name: 'xl/workbook.xml',
			data: `<workbook ${ns} ${rel}><sheets><sheet name="Staff" sheetId="1" r:id="rId1"/></sheets></workbook>`,
			deflate,
		},
		{
			name: 'xl/_rels/workbook.xml.rels',
			data: '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
			deflate,
		},
		{
			name: 'xl/styles.xml',
			data: `<styleSheet ${ns}><cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="14" applyNumberFormat="1"/></cellXfs></styleSheet>`,
			deflate,
		},
		{
			name: 'xl/sharedStrings.xml',
			data: `<sst ${ns} count="${strings.length}">${strings.map((s) => `<si><t xml:space="preserve">${escapeXml(s)}</t></si>`).join('')}</sst>`,
			deflate,
		},
		{ name: 'xl/worksheets/sheet1.xml', data: `<worksheet ${ns}><sheetData>${sheetRows.join('')}</sheetData></worksheet>`, deflate },
	])
}

/** A workbook of one sheet whose sheetData is the raw XML given, for files no spreadsheet would write. */
export function rawXlsx(sheetData: string, options: { workbookPr?: string; styles?: string } = {}) {
	const ns = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'
	const rel = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"'
	return zip([
		{
			name: 'xl/workbook.xml',
			data: `<workbook ${ns} ${rel}>${options.workbookPr ?? ''}<sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>`,
		},
		{
			name: 'xl/_rels/workbook.xml.rels',
			data: '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
		},
		...(options.styles ? [{ name: 'xl/styles.xml', data: `<styleSheet ${ns}>${options.styles}</styleSheet>` }] : []),
		{ name: 'xl/worksheets/sheet1.xml', data: `<worksheet ${ns}><sheetData>${sheetData}</sheetData></worksheet>` },
	])
}

/** `n` one-cell rows: a million are 5 MB zipped, and far more than a reader's memory once parsed. */
export const manyRowsXlsx = (n: number) =>
	rawXlsx(Array.from({ length: n }, (_, i) => `<row r="${i + 1}"><c r="A${i + 1}"><v>1</v></c></row>`).join(''))
