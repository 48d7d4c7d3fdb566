import { describe, expect, test } from 'vitest'
import { parseCsv, toCsv } from './csv.ts'
import { SheetError } from './rows.ts'

describe('parseCsv', () => {
	test('plain rows, numbered as a spreadsheet numbers them', () => {
		expect(parseCsv('a,b\n1,2\n')).toEqual([
			{ row: 1, cells: ['a', 'b'] },
			{ row: 2, cells: ['1', '2'] },
		])
	})

	test('RFC 4180 quotes: commas, line breaks and doubled quotes inside a field', () => {
		expect(parseCsv('name,note\r\n"Eze, Ngozi","said ""hi""\r\nthen left"\r\n')).toEqual([
			{ row: 1, cells: ['name', 'note'] },
			{ row: 2, cells: ['Eze, Ngozi', 'said "hi"\r\nthen left'] },
		])
	})

	test('a byte-order mark is dropped; CRLF, LF and CR end records; the last record needs no line end', () => {
		expect(parseCsv('\uFEFFa\r\nb\nc\rd')).toEqual([
			{ row: 1, cells: ['a'] },
			{ row: 2, cells: ['b'] },
			{ row: 3, cells: ['c'] },
			{ row: 4, cells: ['d'] },
		])
	})

	test('blank records (empty, or only commas and spaces) are skipped but counted', () => {
		expect(parseCsv('h\n\n,, \nx\n\n')).toEqual([
			{ row: 1, cells: ['h'] },
			{ row: 4, cells: ['x'] },
		])
	})

	test('empty fields are kept, a trailing comma makes one more', () => {
		expect(parseCsv('a,,c,\n')).toEqual([{ row: 1, cells: ['a', '', 'c', ''] }])
	})

	test('an empty file has no rows', () => {
		expect(parseCsv('')).toEqual([])
		expect(parseCsv('\uFEFF\r\n')).toEqual([])
	})

	test('a quote that never closes is a clear error', () => {
		expect(() => parseCsv('a\n"b,c\n')).toThrow(
			new SheetError('Row 2 opens a quote (") that never closes. Check the file and upload it again.'),
		)
	})
})

describe('parseCsv stays within the limits', () => {
	test('the header and 1,000 staff are read; one more row is refused, blank rows not counted', () => {
		const rows = (n: number) => ['h', ...Array.from({ length: n }, (_, i) => `p${i}`)].join('\n\n')
		expect(parseCsv(rows(1_000))).toHaveLength(1_001)
		expect(() => parseCsv(rows(1_001))).toThrow(new SheetError('The file has more than 1,000 staff: upload at most 1,000 at a time.'))
	})

	test('something beyond column Z, a cell above 1,000 characters or a record longer than a full row is refused', () => {
		expect(parseCsv(`a${','.repeat(40)}\n`)[0]!.cells).toHaveLength(26)
		expect(() => parseCsv(`a${','.repeat(30)}b\n`)).toThrow(
			new SheetError("Row 1 has something beyond column Z: keep the list to the template's columns."),
		)
		expect(() => parseCsv(`h\na,${'x'.repeat(1_001)}\n`)).toThrow(
			new SheetError('Row 2 has a cell longer than 1,000 characters: check the file and upload it again.'),
		)
		expect(() => parseCsv(`h\n"${'x'.repeat(30_000)}`)).toThrow(
			new SheetError("Row 2 is too long: keep the list to the template's columns and check the file."),
		)
	})
})

describe('toCsv', () => {
	test('quotes what must be quoted, defuses formulas, ends lines with CRLF; parseCsv reads it back', () => {
		const rows = [
			['first_name', 'note'],
			['Ngozi', 'a, "b"'],
			['=SUM(A1)', ''],
		]
		const text = toCsv(rows)
		expect(text).toBe('first_name,note\r\nNgozi,"a, ""b"""\r\n\'=SUM(A1),\r\n')
		expect(parseCsv(text).map((r) => r.cells)).toEqual([rows[0], rows[1], ["'=SUM(A1)", '']])
	})
})
