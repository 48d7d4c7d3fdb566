import { isValidNigerianPhone, normalizePhoneInput, PHONE_MESSAGE } from '../../contract/phone-rule.ts'
import type { Range } from '../../contract/quote-options.ts'
import type { SheetRow } from './rows.ts'

// The staff list of a batch upload and the activation sheet of a staff plan
// (docs/decisions/016-batch-upload.md): pure checks, one message per field a row gets wrong.

export const STAFF_COLUMNS = ['first_name', 'last_name', 'email', 'phone', 'gender', 'date_of_birth'] as const
export const SHEET_COLUMNS = ['first_name', 'last_name', 'email', 'date_of_birth'] as const
/** The most staff one file may hold. */
export const BATCH_MAX_ROWS = 1_000
export const GENDERS = ['male', 'female'] as const

/** The template's two example rows, below its header. */
export const TEMPLATE_ROWS = [
	['Ngozi', 'Eze', 'ngozi.eze@example.com', '08031234567', 'female', '1990-05-17'],
	['Tunde', 'Bakare', 'tunde.bakare@example.com', '08122334455', 'male', '1985-11-02'],
]

export type StaffRow = {
	row: number
	first_name: string
	last_name: string
	email: string
	phone: string
	gender: string
	date_of_birth: string
}
export type RowError = { row: number; field: string; message: string }
type Column = (typeof STAFF_COLUMNS)[number]

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const NAME_MAX = 100

const fileError = (message: string) => ({ ok: false as const, message })

/** 'First Name ' -> 'first_name'. */
const columnName = (cell: string) =>
	cell
		.trim()
		.toLowerCase()
		.replace(/[\s-]+/g, '_')

/** Where each wanted column is in the header, or what is wrong with the header. */
function readHeader(header: SheetRow | undefined, wanted: readonly string[], required: readonly string[], template: readonly string[]) {
	const fix = `The first row must be the template's header: ${template.join(',')}.`
	if (!header) return fileError('The file is empty. Download the template, add one person a row below its header and upload it again.')
	const names = header.cells.map(columnName)
	const unknown = names.filter((n) => n && !wanted.includes(n))
	const missing = required.filter((n) => !names.includes(n))
	const repeated = names.filter((n, i) => n && names.indexOf(n) !== i)
	if (header.row !== 1 || unknown.length || missing.length || repeated.length) {
		const why = missing.length
			? ` It has no ${missing.join(', ')} column.`
			: unknown.length
				? ` We do not know the column ${unknown[0]}.`
				: repeated.length
					? ` The column ${repeated[0]} is there twice.`
					: ' Leave no row above it.'
		return fileError(`${fix}${why}`)
	}
	return { ok: true as const, index: Object.fromEntries(wanted.map((n) => [n, names.indexOf(n)])) as Record<string, number> }
}

/** Full years from the date of birth to the day. */
export function ageOn(dateOfBirth: string, day: string) {
	const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number]
	const [y, m, d] = day.split('-').map(Number) as [number, number, number]
	return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0)
}

/** A real calendar day written YYYY-MM-DD. */
function isDay(value: string) {
	if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
	const date = new Date(`${value}T00:00:00Z`)
	return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
}

/** What is wrong with a date of birth, for cover starting on `today` and the product's ages, or null. */
export function dateOfBirthProblem(value: string, today: string, memberAge?: Range): string | null {
	if (!isDay(value)) return 'Enter the date of birth as YYYY-MM-DD, like 1990-05-17.'
	if (value > today) return 'The date of birth cannot be in the future.'
	const age = ageOn(value, today)
	if (memberAge && (age < memberAge.min || age > memberAge.max)) {
		return `This plan covers people aged ${memberAge.min} to ${memberAge.max}: this person is ${age}.`
	}
	if (age > 120) return 'Check the date of birth: that makes this person older than 120.'
	return null
}

/** A spreadsheet may drop a phone number's leading zero (8031234567): it goes back before the rule runs. */
export function phoneFromCell(value: string) {
	const text = value.trim()
	return /^[789]\d{9}$/.test(text) ? `0${text}` : normalizePhoneInput(text)
}

/** Every row after the first with an email already seen: 'also on row N'. */
function duplicates<T extends { row: number; email: string }>(rows: T[]) {
	const first = new Map<string, number>()
	const errors: RowError[] = []
	for (const r of rows) {
		if (!r.email) continue
		const seen = first.get(r.email)
		if (seen === undefined) first.set(r.email, r.row)
		else errors.push({ row: r.row, field: 'email', message: `This email is also on row ${seen}: list each person once.` })
	}
	return errors
}

/** Rows that repeat an earlier row's phone number: the staff register holds one person a number. */
export function phoneDuplicates(rows: readonly StaffRow[]): RowError[] {
	const first = new Map<string, number>()
	const errors: RowError[] = []
	for (const r of rows) {
		if (!isValidNigerianPhone(r.phone)) continue
		const seen = first.get(r.phone)
		if (seen === undefined) first.set(r.phone, r.row)
		else errors.push({ row: r.row, field: 'phone', message: `This phone number is also on row ${seen}: list each person once.` })
	}
	return errors
}

export type StaffListResult = { ok: false; message: string } | { ok: true; rows: StaffRow[]; errors: RowError[] }

/**
 * The staff of a batch upload: the template's header, then one person a row. Names, email, phone
 * (the spec's telephone rule) and gender are required; the date of birth may wait for the activation
 * sheet, but when given it is checked against the product's member ages on `today`, the cover's start.
 */
export function validateStaffList(sheet: SheetRow[], options: { today: string; memberAge?: Range; maxRows?: number }): StaffListResult {
	const header = readHeader(sheet[0], STAFF_COLUMNS, STAFF_COLUMNS, STAFF_COLUMNS)
	if (!header.ok) return header
	const data = sheet.slice(1)
	if (data.length === 0) return fileError('The file has no staff: add one person a row below the header.')
	const maxRows = options.maxRows ?? BATCH_MAX_ROWS
	if (data.length > maxRows) {
		return fileError(
			`The file has ${data.length.toLocaleString('en-NG')} staff: upload at most ${maxRows.toLocaleString('en-NG')} at a time.`,
		)
	}
	const errors: RowError[] = []
	const rows = data.map(({ row, cells }) => {
		const read = (column: Column) => (cells[header.index[column]!] ?? '').trim()
		const fail = (field: Column, message: string) => errors.push({ row, field, message })
		const first_name = read('first_name')
		const last_name = read('last_name')
		const email = read('email').toLowerCase()
		const phone = phoneFromCell(read('phone'))
		const gender = read('gender').toLowerCase()
		const date_of_birth = read('date_of_birth')
		for (const [field, value, label] of [
			['first_name', first_name, 'first name'],
			['last_name', last_name, 'last name'],
		] as const) {
			if (!value) fail(field, `Enter the ${label}.`)
			else if (value.length > NAME_MAX) fail(field, `Keep the ${label} to ${NAME_MAX} characters.`)
		}
		if (!email) fail('email', 'Enter the email address.')
		else if (!EMAIL.test(email) || email.length > 254) fail('email', 'Enter an email address like name@example.com.')
		if (!read('phone')) fail('phone', 'Enter the phone number.')
		else if (!isValidNigerianPhone(phone)) fail('phone', PHONE_MESSAGE)
		if (!(GENDERS as readonly string[]).includes(gender)) fail('gender', 'Enter the gender: male or female.')
		if (date_of_birth) {
			const problem = dateOfBirthProblem(date_of_birth, options.today, options.memberAge)
			if (problem) fail('date_of_birth', problem)
		}
		return { row, first_name, last_name, email, phone: isValidNigerianPhone(phone) ? phone : read('phone'), gender, date_of_birth }
	})
	errors.push(...duplicates(rows))
	errors.sort((a, b) => a.row - b.row || STAFF_COLUMNS.indexOf(a.field as Column) - STAFF_COLUMNS.indexOf(b.field as Column))
	return { ok: true, rows, errors }
}

export type StaffSheetResult =
	| { ok: false; message: string }
	| { ok: true; dates: Map<string, string>; errors: RowError[]; missing: string[] }

/**
 * The activation sheet of a staff plan: every member of its staff (by email) exactly once, each with
 * a date of birth within the product's member ages. Other columns (the names) are there to help the
 * reader and are not read. `missing` lists the staff the sheet leaves out.
 */
export function validateStaffSheet(
	sheet: SheetRow[],
	staffEmails: readonly string[],
	options: { today: string; memberAge?: Range },
): StaffSheetResult {
	const header = readHeader(sheet[0], SHEET_COLUMNS, ['email', 'date_of_birth'], SHEET_COLUMNS)
	if (!header.ok) return header
	const data = sheet.slice(1)
	if (data.length === 0) return fileError('The sheet has no staff: fill in the date of birth of each person on it.')
	if (data.length > BATCH_MAX_ROWS)
		return fileError(`The sheet has ${data.length.toLocaleString('en-NG')} rows: this plan has ${staffEmails.length}.`)
	const known = new Set(staffEmails.map((e) => e.toLowerCase()))
	const errors: RowError[] = []
	const rows = data.map(({ row, cells }) => ({
		row,
		email: (cells[header.index.email!] ?? '').trim().toLowerCase(),
		date_of_birth: (cells[header.index.date_of_birth!] ?? '').trim(),
	}))
	const dates = new Map<string, string>()
	for (const r of rows) {
		if (!r.email) errors.push({ row: r.row, field: 'email', message: 'Enter the email address.' })
		else if (!known.has(r.email)) errors.push({ row: r.row, field: 'email', message: `${r.email} is not on this plan's staff list.` })
		if (!r.date_of_birth) errors.push({ row: r.row, field: 'date_of_birth', message: 'Enter the date of birth.' })
		else {
			const problem = dateOfBirthProblem(r.date_of_birth, options.today, options.memberAge)
			if (problem) errors.push({ row: r.row, field: 'date_of_birth', message: problem })
			else if (known.has(r.email) && !dates.has(r.email)) dates.set(r.email, r.date_of_birth)
		}
	}
	errors.push(...duplicates(rows))
	errors.sort((a, b) => a.row - b.row || SHEET_COLUMNS.indexOf(a.field as never) - SHEET_COLUMNS.indexOf(b.field as never))
	const listed = new Set(rows.map((r) => r.email))
	const missing = staffEmails.filter((e) => !listed.has(e.toLowerCase()))
	return { ok: true, dates, errors, missing }
}
