import { describe, expect, test } from 'vitest'
import { xlsx, zip } from '#tests/support/zip.ts'
import { SheetError } from './csv.ts'
import { readSheet } from './index.ts'
import { decodeXml, readXlsx, serialToDate } from './xlsx.ts'

describe('readXlsx', () => {
	const rows = [
		['first_name', 'last_name', 'email', 'phone', 'gender', 'date_of_birth'],
		['Ngozi', 'Eze & Sons', 'ngozi@example.com', 8031234567, 'female', { date: 32_980 }],
		['Tunde', '', 'tunde@example.com', '08122334455', 'male', '1985-11-02'],
	]

	test.each([true, false])('reads the first sheet, deflated (%s) or stored: shared strings, numbers, date cells and gaps', (deflate) => {
		expect(readXlsx(xlsx(rows, { deflate }))).toEqual([
			{ row: 1, cells: rows[0] },
			// 32980 days after 1899-12-30 is 1990-04-17.
			{ row: 2, cells: ['Ngozi', 'Eze & Sons', 'ngozi@example.com', '8031234567', 'female', '1990-04-17'] },
			{ row: 3, cells: ['Tunde', '', 'tunde@example.com', '08122334455', 'male', '1985-11-02'] },
		])
	})

	test('rows with nothing in them are skipped, and rows keep their sheet numbers', () => {
		expect(readXlsx(xlsx([['a'], [''], ['b']]))).toEqual([
			{ row: 1, cells: ['a'] },
			{ row: 3, cells: ['b'] },
		])
	})

	test('inline strings and the workbook relationships naming another part', () => {
		const ns = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'
		const file = zip([
			{ name: 'xl/workbook.xml', data: `<workbook ${ns}><sheets><sheet name="A" sheetId="1" r:id="rId7"/></sheets></workbook>` },
			{ name: 'xl/_rels/workbook.xml.rels', data: '<Relationships><Relationship Id="rId7" Target="worksheets/staff.xml"/></Relationships>' },
			{
				name: 'xl/worksheets/staff.xml',
				data: `<worksheet ${ns}><sheetData><row r="1"><c r="B1" t="inlineStr"><is><t>x &lt;y&gt;</t></is></c></row></sheetData></worksheet>`,
			},
		])
		expect(readXlsx(file)).toEqual([{ row: 1, cells: ['', 'x <y>'] }])
	})

	test('a zip that is not a workbook, or a broken zip, is a clear error', () => {
		const message = 'This file is not an Excel workbook we can read. Save it as CSV or XLSX and upload it again.'
		expect(() => readXlsx(zip([{ name: 'readme.txt', data: 'hello' }]))).toThrow(new SheetError(message))
		expect(() => readXlsx(new Uint8Array([0x50, 0x4b, 3, 4, 0, 0]))).toThrow(new SheetError(message))
	})

	test('serial dates: the 1900 and 1904 systems', () => {
		expect(serialToDate(1)).toBe('1899-12-31')
		expect(serialToDate(45_658)).toBe('2025-01-01')
		expect(serialToDate(0, true)).toBe('1904-01-01')
	})

	test('XML entities', () => {
		expect(decodeXml('&amp;&lt;&#65;&#x42;&nope;')).toBe('&<AB&nope;')
	})
})

describe('readSheet tells the type by content', () => {
	test('a zip is read as XLSX, UTF-8 text as CSV', () => {
		expect(readSheet(xlsx([['a', 'b']]))).toEqual([{ row: 1, cells: ['a', 'b'] }])
		expect(readSheet(new TextEncoder().encode('a,b\n'))).toEqual([{ row: 1, cells: ['a', 'b'] }])
	})

	test('an old .xls, a picture or text that is not UTF-8 is refused', () => {
		expect(() => readSheet(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1]))).toThrow('This is an old Excel file (.xls). Save it as CSV or XLSX and upload it again.')
		expect(() => readSheet(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toThrow('Upload the list as a CSV or XLSX file.')
		expect(() => readSheet(new Uint8Array([0x61, 0x00, 0x62]))).toThrow('Upload the list as a CSV or XLSX file.')
	})
})
