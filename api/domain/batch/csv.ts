/** A row of a spreadsheet as its user counts it: the header is row 1. */
export type SheetRow = { row: number; cells: string[] }

/** A file that cannot be read as a staff list: its message is shown as it is. */
export class SheetError extends Error {}

const blank = (cells: string[]) => cells.every((c) => c.trim() === '')

/**
 * RFC 4180 CSV: fields in double quotes may hold commas, line breaks and doubled quotes. A byte-order
 * mark is dropped, CRLF, LF and CR all end a record, and blank records are skipped but still counted,
 * so a row's number is the one a spreadsheet shows.
 */
export function parseCsv(text: string): SheetRow[] {
	const source = text.startsWith('\uFEFF') ? text.slice(1) : text
	const rows: SheetRow[] = []
	let cells: string[] = []
	let field = ''
	let quoted = false
	let record = 1
	const endField = () => {
		cells.push(field)
		field = ''
	}
	const endRecord = () => {
		endField()
		if (!blank(cells)) rows.push({ row: record, cells })
		cells = []
		record++
	}
	for (let i = 0; i < source.length; i++) {
		const ch = source[i]!
		if (quoted) {
			if (ch !== '"') field += ch
			else if (source[i + 1] === '"') {
				field += '"'
				i++
			} else quoted = false
		} else if (ch === '"' && field.trim() === '') {
			field = ''
			quoted = true
		} else if (ch === ',') endField()
		else if (ch === '\r' || ch === '\n') {
			if (ch === '\r' && source[i + 1] === '\n') i++
			endRecord()
		} else field += ch
	}
	if (quoted) throw new SheetError(`Row ${record} opens a quote (") that never closes. Check the file and upload it again.`)
	if (field !== '' || cells.length) endRecord()
	return rows
}

/** A spreadsheet cell: quoted when it must be, and never read as a formula. */
function cell(value: string) {
	const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
	return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** Rows of text as CSV with CRLF line ends, as spreadsheets write it. */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<string>>) {
	return `${rows.map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`
}
