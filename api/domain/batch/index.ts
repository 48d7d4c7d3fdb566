import { parseCsv } from './csv.ts'
import { SheetError, type SheetRow } from './rows.ts'
import { readXlsx } from './xlsx.ts'

export { parseCsv, toCsv } from './csv.ts'
export { SheetError, type SheetRow } from './rows.ts'
export { readXlsx } from './xlsx.ts'
export * from './staff.ts'

export const SHEET_TYPE_MESSAGE = 'Upload the list as a CSV or XLSX file.'

/**
 * The rows of an uploaded spreadsheet, told by its content and never its name: a zip (PK) is read as
 * XLSX; UTF-8 text without NUL bytes as CSV; anything else (an old .xls, a PDF, a picture) is refused.
 * Run it off the request thread (api/workers/): a workbook is unzipped and parsed in memory.
 */
export async function readSheet(bytes: Uint8Array, maxRows?: number): Promise<SheetRow[]> {
	if (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) return readXlsx(bytes, maxRows)
	if (bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0) {
		throw new SheetError('This is an old Excel file (.xls). Save it as CSV or XLSX and upload it again.')
	}
	let text: string
	try {
		text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
	} catch {
		throw new SheetError(SHEET_TYPE_MESSAGE)
	}
	if (text.includes('\u0000')) throw new SheetError(SHEET_TYPE_MESSAGE)
	return parseCsv(text, maxRows)
}
