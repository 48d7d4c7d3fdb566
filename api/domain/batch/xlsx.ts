import ExcelJS from 'exceljs'
import { SHEET_LIMITS, SheetError, sheetRows, type SheetRow } from './rows.ts'

// The first worksheet of an XLSX workbook, read by exceljs: text, numbers, booleans, dates (typed
// dates become YYYY-MM-DD, in either of Excel's date systems), rich text, links and formula results.

const NOT_XLSX = 'This file is not an Excel workbook we can read. Save it as CSV or XLSX and upload it again.'

/** A cell's value as the text a spreadsheet shows for it, dates as YYYY-MM-DD. */
function cellText(value: ExcelJS.CellValue): string {
	if (value === null || value === undefined) return ''
	if (typeof value === 'string') return value
	if (typeof value === 'number') return String(value)
	if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE'
	if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10)
	if ('richText' in value) return value.richText.map((part) => part.text).join('')
	if ('hyperlink' in value) return cellText(value.text as ExcelJS.CellValue)
	if ('error' in value) return value.error
	if ('result' in value) return cellText(value.result as ExcelJS.CellValue)
	return ''
}

/** The first worksheet's rows as text, numbered as Excel numbers them; rows with nothing in them are skipped. */
export async function readXlsx(bytes: Uint8Array, maxRows?: number): Promise<SheetRow[]> {
	const workbook = new ExcelJS.Workbook()
	try {
		// exceljs refuses a cell beyond column XFD, Excel's last, before it allocates anything for it.
		await workbook.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as never)
	} catch {
		throw new SheetError(NOT_XLSX)
	}
	const sheet = workbook.worksheets[0]
	if (!sheet) throw new SheetError(NOT_XLSX)
	const rows = sheetRows(maxRows)
	sheet.eachRow((row, number) => {
		const cells: string[] = []
		row.eachCell((cell, column) => {
			// A cell beyond the last column allowed lands just past it, for sheetRows to refuse.
			cells[Math.min(column, SHEET_LIMITS.columns + 1) - 1] = cellText(cell.value)
		})
		rows.add(number, cells)
	})
	return rows.rows
}
