import { CsvError, parse } from 'csv-parse/sync'
import { SHEET_LIMITS, SheetError, sheetRows, type SheetRow } from './rows.ts'

/**
 * RFC 4180 CSV, read by csv-parse: fields in double quotes may hold commas, line breaks and doubled
 * quotes. A byte-order mark is dropped, CRLF, LF and CR all end a record, and blank records are
 * skipped but still counted, so a row's number is the one a spreadsheet shows. Within SHEET_LIMITS.
 */
export function parseCsv(text: string, maxRows?: number): SheetRow[] {
	const sheet = sheetRows(maxRows)
	try {
		parse(text, {
			bom: true,
			record_delimiter: ['\r\n', '\n', '\r'],
			relax_column_count: true,
			relax_quotes: true,
			trim: true,
			// A record is at most a full row of full cells: a longer one stops the reader at once.
			max_record_size: SHEET_LIMITS.columns * SHEET_LIMITS.cellChars,
			on_record: (record: string[], { records }) => {
				sheet.add(records, record)
				return null
			},
		})
	} catch (error) {
		if (!(error instanceof CsvError)) throw error
		const row = ((error as CsvError & { records?: number }).records ?? 0) + 1
		if (error.code === 'CSV_QUOTE_NOT_CLOSED') {
			throw new SheetError(`Row ${row} opens a quote (") that never closes. Check the file and upload it again.`)
		}
		if (error.code === 'CSV_MAX_RECORD_SIZE') {
			throw new SheetError(`Row ${row} is too long: keep the list to the template's columns and check the file.`)
		}
		throw new SheetError(`Row ${row} could not be read as CSV. Check the file and upload it again.`)
	}
	return sheet.rows
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
