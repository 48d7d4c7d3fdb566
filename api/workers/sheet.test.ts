import { describe, expect, test } from 'vitest'
import { rawXlsx, xlsx } from '#tests/support/zip.ts'
import { readSheetOffThread, SHEET_MEMORY_MESSAGE, SHEET_TIME_MESSAGE, SHEET_WORKER_LIMITS } from './sheet.ts'

describe('reading a spreadsheet in a worker thread', () => {
	test('a CSV and an XLSX come back as rows', async () => {
		expect(await readSheetOffThread(new TextEncoder().encode('a,b\n1,2\n'))).toEqual({
			rows: [
				{ row: 1, cells: ['a', 'b'] },
				{ row: 2, cells: ['1', '2'] },
			],
		})
		expect(await readSheetOffThread(xlsx([['a', 7]]))).toEqual({ rows: [{ row: 1, cells: ['a', '7'] }] })
	})

	test("the file's problem is a 400 with its message", async () => {
		expect(await readSheetOffThread(rawXlsx('<row r="1"><c r="ZZZZZZ1" t="inlineStr"><is><t>x</t></is></c></row>'))).toEqual({
			status: 400,
			message: 'This file is not an Excel workbook we can read. Save it as CSV or XLSX and upload it again.',
		})
	})

	test('a workbook that needs more than the memory cap kills only its worker: 422, and the event loop kept running', async () => {
		// One cell of 200 million characters: 200 KB zipped.
		const file = rawXlsx(`<row r="1"><c r="A1" t="inlineStr"><is><t>${'a'.repeat(200_000_000)}</t></is></c></row>`)
		let ticks = 0
		const ticker = setInterval(() => ticks++, 50)
		const started = performance.now()
		const answer = await readSheetOffThread(file)
		clearInterval(ticker)
		const seconds = (performance.now() - started) / 1_000
		expect(answer).toEqual({ status: 422, message: SHEET_MEMORY_MESSAGE })
		expect(seconds).toBeLessThan(SHEET_WORKER_LIMITS.timeMs / 1_000 + 2)
		// On the request thread the parse would have frozen the timer for its whole length.
		expect(ticks).toBeGreaterThan((seconds * 1_000) / 50 / 3)
	}, 20_000)

	test('a parse past the time limit is stopped: 422', async () => {
		// 7.5 million empty elements: little memory, a second or more of XML parsing, then no rows at all.
		const slow = rawXlsx('<x/>'.repeat(7_500_000))
		expect(await readSheetOffThread(slow, { ...SHEET_WORKER_LIMITS, timeMs: 300 })).toEqual({ status: 422, message: SHEET_TIME_MESSAGE })
	}, 20_000)
})
