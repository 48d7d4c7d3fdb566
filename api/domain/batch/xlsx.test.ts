import { describe, expect, test } from 'vitest'
import { rawXlsx, xlsx, zip } from '#tests/support/zip.ts'
import { readSheet } from './index.ts'
import { SheetError } from './rows.ts'
import { readXlsx } from './xlsx.ts'

const NOT_XLSX = 'This file is not an Excel workbook we can read. Save it as CSV or XLSX and upload it again.'

describe('readXlsx', () => {
	const rows = [
		['first_name', 'last_name', 'email', 'phone', 'gender', 'date_of_birth'],
		['Ngozi', 'Eze & Sons', 'ngozi@example.com', 8031234567, 'female', { date: 32_980 }],
		['Tunde', '', 'tunde@example.com', '08122334455', 'male', '1985-11-02'],
	]

	test.each([true, false])(
		'reads the first sheet, deflated (%s) or stored: shared strings, numbers, date cells and gaps',
		async (deflate) => {
			expect(await readXlsx(xlsx(rows, { deflate }))).toEqual([
				{ row: 1, cells: rows[0] },
				// 32980 days after 1899-12-30 is 1990-04-17.
				{ row: 2, cells: ['Ngozi', 'Eze & Sons', 'ngozi@example.com', '8031234567', 'female', '1990-04-17'] },
				{ row: 3, cells: ['Tunde', '', 'tunde@example.com', '08122334455', 'male', '1985-11-02'] },
			])
		},
	)

	test('rows with nothing in them are skipped, and rows keep their sheet numbers', async () => {
		expect(await readXlsx(xlsx([['a'], [''], ['b']]))).toEqual([
			{ row: 1, cells: ['a'] },
			{ row: 3, cells: ['b'] },
		])
	})

	test('inline strings, booleans, and formula results', async () => {
		const sheet =
			'<row r="1"><c r="B1" t="inlineStr"><is><t>x &lt;y&gt;</t></is></c><c r="C1" t="b"><v>1</v></c><c r="D1"><f>1+1</f><v>2</v></c></row>'
		expect(await readXlsx(rawXlsx(sheet))).toEqual([{ row: 1, cells: ['', 'x <y>', 'TRUE', '2'] }])
	})

	test('typed dates in the 1904 date system', async () => {
		const styled = rawXlsx('<row r="1"><c r="A1" s="1"><v>0</v></c></row>', {
			workbookPr: '<workbookPr date1904="1"/>',
			styles: '<cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="14" applyNumberFormat="1"/></cellXfs>',
		})
		expect(await readXlsx(styled)).toEqual([{ row: 1, cells: ['1904-01-01'] }])
	})

	test('a zip that is not a workbook, or a broken zip, is a clear error', async () => {
		await expect(readXlsx(zip([{ name: 'readme.txt', data: 'hello' }]))).rejects.toThrow(new SheetError(NOT_XLSX))
		await expect(readXlsx(new Uint8Array([0x50, 0x4b, 3, 4, 0, 0]))).rejects.toThrow(new SheetError(NOT_XLSX))
	})
})

describe('hostile workbooks are refused at once, within the limits', () => {
	test("a cell at column ZZZZZZ (beyond Excel's last column) is refused without padding the row to it", async () => {
		const file = rawXlsx('<row r="1"><c r="ZZZZZZ1" t="inlineStr"><is><t>x</t></is></c></row>')
		const started = performance.now()
		await expect(readXlsx(file)).rejects.toThrow(new SheetError(NOT_XLSX))
		expect(performance.now() - started).toBeLessThan(2_000)
	})

	test("a cell beyond column Z, but within Excel's columns, is refused", async () => {
		await expect(
			readXlsx(rawXlsx('<row r="1"><c r="A1" t="inlineStr"><is><t>a</t></is></c><c r="XFD1" t="inlineStr"><is><t>x</t></is></c></row>')),
		).rejects.toThrow(new SheetError("Row 1 has something beyond column Z: keep the list to the template's columns."))
	})

	test('unclosed <row> tags are refused at once, not rescanned', async () => {
		const file = rawXlsx('<row>'.repeat(320))
		const started = performance.now()
		await expect(readXlsx(file)).rejects.toThrow(new SheetError(NOT_XLSX))
		expect(performance.now() - started).toBeLessThan(2_000)
	})

	test('more than the header and 1,000 staff, or a cell above 1,000 characters, is refused', async () => {
		const many = Array.from({ length: 1_002 }, (_, i) => `<row r="${i + 1}"><c r="A${i + 1}"><v>${i}</v></c></row>`).join('')
		await expect(readXlsx(rawXlsx(many))).rejects.toThrow(
			new SheetError('The file has more than 1,000 staff: upload at most 1,000 at a time.'),
		)
		await expect(readXlsx(xlsx([['a', 'x'.repeat(1_001)]]))).rejects.toThrow(
			new SheetError('Row 1 has a cell longer than 1,000 characters: check the file and upload it again.'),
		)
	})
})

describe('readSheet tells the type by content', () => {
	test('a zip is read as XLSX, UTF-8 text as CSV', async () => {
		expect(await readSheet(xlsx([['a', 'b']]))).toEqual([{ row: 1, cells: ['a', 'b'] }])
		expect(await readSheet(new TextEncoder().encode('a,b\n'))).toEqual([{ row: 1, cells: ['a', 'b'] }])
	})

	test('an old .xls, a picture or text that is not UTF-8 is refused', async () => {
		await expect(readSheet(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1]))).rejects.toThrow(
			'This is an old Excel file (.xls). Save it as CSV or XLSX and upload it again.',
		)
		await expect(readSheet(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).rejects.toThrow('Upload the list as a CSV or XLSX file.')
		await expect(readSheet(new Uint8Array([0x61, 0x00, 0x62]))).rejects.toThrow('Upload the list as a CSV or XLSX file.')
	})
})
