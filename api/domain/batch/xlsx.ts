import { inflateRawSync } from 'node:zlib'
import { SheetError, type SheetRow } from './csv.ts'

// A minimal reader of the first worksheet of an XLSX workbook (Office Open XML: a zip of XML parts),
// enough for a staff list: shared and inline strings, numbers, booleans and date cells. No package.

const NOT_XLSX = 'This file is not an Excel workbook we can read. Save it as CSV or XLSX and upload it again.'
/** Inflated parts are held in memory: a part above this is refused (a zip bomb, or no staff list). */
const PART_MAX_BYTES = 50 * 1024 * 1024

type Entry = { method: number; compressedSize: number; size: number; offset: number }

/** The zip's central directory: every part's name and where its bytes are. */
function centralDirectory(zip: Uint8Array) {
	const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength)
	// The end-of-central-directory record is in the last 22 bytes plus a comment of up to 65,535.
	let end = -1
	for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 65_535); i--) {
		if (view.getUint32(i, true) === 0x06054b50) {
			end = i
			break
		}
	}
	if (end < 0) throw new SheetError(NOT_XLSX)
	const count = view.getUint16(end + 10, true)
	let at = view.getUint32(end + 16, true)
	const entries = new Map<string, Entry>()
	const decoder = new TextDecoder()
	for (let n = 0; n < count; n++) {
		if (at + 46 > zip.length || view.getUint32(at, true) !== 0x02014b50) throw new SheetError(NOT_XLSX)
		const nameLength = view.getUint16(at + 28, true)
		const name = decoder.decode(zip.subarray(at + 46, at + 46 + nameLength))
		entries.set(name, {
			method: view.getUint16(at + 10, true),
			compressedSize: view.getUint32(at + 20, true),
			size: view.getUint32(at + 24, true),
			offset: view.getUint32(at + 42, true),
		})
		at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true)
	}
	return { entries, view }
}

function readPart(zip: Uint8Array, dir: ReturnType<typeof centralDirectory>, name: string): string | null {
	const entry = dir.entries.get(name)
	if (!entry) return null
	const { view } = dir
	if (entry.offset + 30 > zip.length || view.getUint32(entry.offset, true) !== 0x04034b50) throw new SheetError(NOT_XLSX)
	const start = entry.offset + 30 + view.getUint16(entry.offset + 26, true) + view.getUint16(entry.offset + 28, true)
	const raw = zip.subarray(start, start + entry.compressedSize)
	if (entry.size > PART_MAX_BYTES) throw new SheetError(NOT_XLSX)
	let bytes: Uint8Array
	if (entry.method === 0) bytes = raw
	else if (entry.method === 8) {
		try {
			bytes = inflateRawSync(raw, { maxOutputLength: PART_MAX_BYTES })
		} catch {
			throw new SheetError(NOT_XLSX)
		}
	} else throw new SheetError(NOT_XLSX)
	return new TextDecoder().decode(bytes)
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }

export function decodeXml(text: string) {
	return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
		if (name[0] === '#') {
			const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1))
			return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole
		}
		return ENTITIES[name] ?? whole
	})
}

const attr = (tag: string, name: string) => tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1]

/** The text of every <t> in a string item, its phonetic guides left out. */
const textOf = (xml: string) =>
	[...xml.replace(/<rPh\b[\s\S]*?<\/rPh>/g, '').matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>/g)].map((m) => decodeXml(m[1]!)).join('')

function sharedStrings(xml: string | null) {
	if (!xml) return []
	return [...xml.matchAll(/<si>([\s\S]*?)<\/si>|<si\/>/g)].map((m) => textOf(m[1] ?? ''))
}

/** Excel's built-in date and time number formats. */
const DATE_FORMAT_IDS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47])

/** Which cell styles (the s attribute, an index into cellXfs) show a number as a date. */
function dateStyles(xml: string | null) {
	const styles = new Set<number>()
	if (!xml) return styles
	const custom = new Set<number>()
	for (const m of xml.matchAll(/<numFmt\s[^>]*>/g)) {
		const id = Number(attr(m[0], 'numFmtId'))
		// A date format has d, m or y outside quoted text and brackets (so not [Red] or "km").
		const code = decodeXml(attr(m[0], 'formatCode') ?? '').replace(/"[^"]*"|\[[^\]]*\]/g, '')
		if (/[dmy]/i.test(code)) custom.add(id)
	}
	const xfs = xml.match(/<cellXfs[^>]*>([\s\S]*?)<\/cellXfs>/)?.[1] ?? ''
	let index = 0
	for (const m of xfs.matchAll(/<xf\s[^>]*>/g)) {
		const id = Number(attr(m[0], 'numFmtId') ?? 0)
		if (DATE_FORMAT_IDS.has(id) || custom.has(id)) styles.add(index)
		index++
	}
	return styles
}

/** An Excel date serial as YYYY-MM-DD: days since 1899-12-30 (the 1900 system), or since 1904-01-01. */
export function serialToDate(serial: number, date1904 = false) {
	const epoch = date1904 ? Date.UTC(1904, 0, 1) : Date.UTC(1899, 11, 30)
	return new Date(epoch + Math.floor(serial) * 86_400_000).toISOString().slice(0, 10)
}

/** 'C12' -> 2 (A is 0). */
function columnIndex(ref: string) {
	let n = 0
	for (const ch of ref.match(/^[A-Z]+/i)?.[0].toUpperCase() ?? '') n = n * 26 + ch.charCodeAt(0) - 64
	return n - 1
}

/** Where the workbook's first sheet is: workbook.xml names it, its relationships give the part. */
function firstSheetPath(workbook: string | null, rels: string | null) {
	const first = workbook?.match(/<sheet\s[^>]*>/)?.[0]
	const id = first ? attr(first, 'r:id') : undefined
	const rel = id && rels ? [...rels.matchAll(/<Relationship\s[^>]*>/g)].find((m) => attr(m[0], 'Id') === id)?.[0] : undefined
	const target = rel ? attr(rel, 'Target') : undefined
	if (!target) return 'xl/worksheets/sheet1.xml'
	return target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`
}

/** The first worksheet's rows as text, numbered as Excel numbers them; rows with nothing in them are skipped. */
export function readXlsx(zip: Uint8Array): SheetRow[] {
	const dir = centralDirectory(zip)
	const workbook = readPart(zip, dir, 'xl/workbook.xml')
	const sheet = readPart(zip, dir, firstSheetPath(workbook, readPart(zip, dir, 'xl/_rels/workbook.xml.rels')))
	if (!workbook || !sheet) throw new SheetError(NOT_XLSX)
	const strings = sharedStrings(readPart(zip, dir, 'xl/sharedStrings.xml'))
	const dates = dateStyles(readPart(zip, dir, 'xl/styles.xml'))
	const date1904 = /<workbookPr\s[^>]*date1904="(?:1|true)"/.test(workbook)
	const rows: SheetRow[] = []
	let previous = 0
	for (const r of sheet.matchAll(/<row\b([^>]*?)(?:\/>|>([\s\S]*?)<\/row>)/g)) {
		const number = Number(attr(r[0], 'r') ?? previous + 1)
		previous = number
		const cells: string[] = []
		let nextColumn = 0
		for (const c of (r[2] ?? '').matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
			const open = `<c${c[1]}>`
			const ref = attr(open, 'r')
			const column = ref ? columnIndex(ref) : nextColumn
			nextColumn = column + 1
			const body = c[2] ?? ''
			const value = body.match(/<v>([\s\S]*?)<\/v>/)?.[1]
			const type = attr(open, 't') ?? 'n'
			let text = ''
			if (type === 's') text = strings[Number(value)] ?? ''
			else if (type === 'inlineStr') text = textOf(body.match(/<is>([\s\S]*?)<\/is>/)?.[1] ?? '')
			else if (type === 'b') text = value === '1' ? 'TRUE' : 'FALSE'
			else if (value !== undefined) {
				text = decodeXml(value)
				const n = Number(text)
				if (type === 'n' && dates.has(Number(attr(open, 's') ?? -1)) && Number.isFinite(n)) text = serialToDate(n, date1904)
			}
			while (cells.length < column) cells.push('')
			cells[column] = text
		}
		if (cells.some((cell) => cell.trim() !== '')) rows.push({ row: number, cells })
	}
	return rows
}
