import { BATCH_MAX_ROWS } from './staff.ts'

/** A row of a spreadsheet as its user counts it: the header is row 1. */
export type SheetRow = { row: number; cells: string[] }

/** A file that cannot be read as a staff list: its message is shown as it is. */
export class SheetError extends Error {}

/**
 * What a staff list or activation sheet may hold (docs/decisions/028-reading-uploaded-files.md): the
 * header and 1,000 staff, columns A to Z, 1,000 characters a cell. The readers stop at the first
 * thing beyond them, so a hostile file costs no more than a large honest one.
 */
export const SHEET_LIMITS = { rows: BATCH_MAX_ROWS + 1, columns: 26, cellChars: 1_000 }

const blank = (cells: string[]) => cells.every((c) => c.trim() === '')

/** The rows of a sheet, gathered as a reader finds them, within SHEET_LIMITS; blank rows are skipped. `maxRows` (staff, below the header) is batch upload's unless the caller allows more (the staff import). */
export function sheetRows(maxRows = BATCH_MAX_ROWS) {
	const rows: SheetRow[] = []
	return {
		rows,
		/** `cells` from column A; cells left empty may be missing or undefined. */
		add(row: number, cells: Array<string | undefined>) {
			const text = Array.from(cells, (c) => c ?? '')
			if (blank(text)) return
			while (text.length > SHEET_LIMITS.columns && text.at(-1)!.trim() === '') text.pop()
			if (text.length > SHEET_LIMITS.columns) {
				throw new SheetError(`Row ${row} has something beyond column Z: keep the list to the template's columns.`)
			}
			if (text.some((c) => c.length > SHEET_LIMITS.cellChars)) {
				throw new SheetError(
					`Row ${row} has a cell longer than ${SHEET_LIMITS.cellChars.toLocaleString('en-NG')} characters: check the file and upload it again.`,
				)
			}
			if (rows.length === maxRows + 1) {
				throw new SheetError(
					`The file has more than ${maxRows.toLocaleString('en-NG')} staff: upload at most ${maxRows.toLocaleString('en-NG')} at a time.`,
				)
			}
			rows.push({ row, cells: text })
		},
	}
}
