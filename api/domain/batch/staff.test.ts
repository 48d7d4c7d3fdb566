import { describe, expect, test } from 'vitest'
import { parseCsv } from './csv.ts'
import { ageOn, BATCH_MAX_ROWS, dateOfBirthProblem, STAFF_COLUMNS, validateStaffList, validateStaffSheet } from './staff.ts'

const TODAY = '2026-03-10'
const HEADER = STAFF_COLUMNS.join(',')
const sheet = (...lines: string[]) => parseCsv(lines.join('\n'))

describe('validateStaffList', () => {
	test('good rows: emails lowercased, phones by the telephone rule, a dropped leading zero put back', () => {
		const result = validateStaffList(
			sheet(
				HEADER,
				'Ngozi,Eze,Ngozi.Eze@Example.com,+234 803 123 4567,Female,1990-05-17',
				'Tunde,Bakare,tunde@example.com,8122334455,male,',
			),
			{ today: TODAY },
		)
		expect(result).toEqual({
			ok: true,
			errors: [],
			rows: [
				{
					row: 2,
					first_name: 'Ngozi',
					last_name: 'Eze',
					email: 'ngozi.eze@example.com',
					phone: '2348031234567',
					gender: 'female',
					date_of_birth: '1990-05-17',
				},
				{
					row: 3,
					first_name: 'Tunde',
					last_name: 'Bakare',
					email: 'tunde@example.com',
					phone: '08122334455',
					gender: 'male',
					date_of_birth: '',
				},
			],
		})
	})

	test('columns in another order, with spaces and capitals, are read by name', () => {
		const result = validateStaffList(sheet('Email,First Name,Last Name,Gender,Phone,Date of birth', 'a@b.co,A,B,male,08031234567,'), {
			today: TODAY,
		})
		expect(result).toMatchObject({ ok: true, errors: [], rows: [{ email: 'a@b.co', first_name: 'A', gender: 'male' }] })
	})

	test('each bad field of a row gets its message; rows keep their spreadsheet numbers', () => {
		const result = validateStaffList(
			sheet(HEADER, 'Ngozi,Eze,ngozi@example.com,08031234567,female,1990-05-17', '', ',Bakare,not-an-email,12345,m,17/05/1990'),
			{ today: TODAY },
		)
		expect(result.ok && result.errors).toEqual([
			{ row: 4, field: 'first_name', message: 'Enter the first name.' },
			{ row: 4, field: 'email', message: 'Enter an email address like name@example.com.' },
			{ row: 4, field: 'phone', message: 'Enter a valid Nigerian phone number, like 08031234567.' },
			{ row: 4, field: 'gender', message: 'Enter the gender: male or female.' },
			{ row: 4, field: 'date_of_birth', message: 'Enter the date of birth as YYYY-MM-DD, like 1990-05-17.' },
		])
	})

	test('an email twice in the file is flagged on the later row', () => {
		const result = validateStaffList(
			sheet(HEADER, 'A,B,x@example.com,08031234567,male,', 'C,D,y@example.com,08031234568,male,', 'E,F,X@Example.com,08031234569,female,'),
			{ today: TODAY },
		)
		expect(result.ok && result.errors).toEqual([{ row: 4, field: 'email', message: 'This email is also on row 2: list each person once.' }])
	})

	test("dates of birth: real days, not in the future, within the product's member ages", () => {
		const senior = { min: 60, max: 85 }
		const result = validateStaffList(
			sheet(
				HEADER,
				'A,B,a@x.co,08031234567,male,1950-02-30',
				'C,D,c@x.co,08031234567,male,2027-01-01',
				'E,F,e@x.co,08031234567,male,1980-01-01',
				'G,H,g@x.co,08031234567,male,1960-03-10',
			),
			{ today: TODAY, memberAge: senior },
		)
		expect(result.ok && result.errors).toEqual([
			{ row: 2, field: 'date_of_birth', message: 'Enter the date of birth as YYYY-MM-DD, like 1990-05-17.' },
			{ row: 3, field: 'date_of_birth', message: 'The date of birth cannot be in the future.' },
			{ row: 4, field: 'date_of_birth', message: 'This plan covers people aged 60 to 85: this person is 46.' },
		])
	})

	test('file-level errors: empty, header only, a wrong header, too many rows', () => {
		expect(validateStaffList([], { today: TODAY })).toEqual({
			ok: false,
			message: 'The file is empty. Download the template, add one person a row below its header and upload it again.',
		})
		expect(validateStaffList(sheet(HEADER), { today: TODAY })).toEqual({
			ok: false,
			message: 'The file has no staff: add one person a row below the header.',
		})
		expect(validateStaffList(sheet('name,email', 'A,a@b.co'), { today: TODAY })).toEqual({
			ok: false,
			message:
				"The first row must be the template's header: first_name,last_name,email,phone,gender,date_of_birth. It has no first_name, last_name, phone, gender, date_of_birth column.",
		})
		expect(validateStaffList(sheet(`${HEADER},salary`, 'A'), { today: TODAY })).toMatchObject({
			message: expect.stringContaining('We do not know the column salary.'),
		})
		// Rows as a reader would give them: parseCsv itself stops at the header and 1,000 staff.
		const many = [
			...sheet(HEADER),
			...Array.from({ length: BATCH_MAX_ROWS + 1 }, (_, i) => ({ row: i + 2, cells: ['A', 'B', `p${i}@x.co`, '08031234567', 'male', ''] })),
		]
		expect(validateStaffList(many, { today: TODAY })).toEqual({
			ok: false,
			message: 'The file has 1,001 staff: upload at most 1,000 at a time.',
		})
	})
})

describe('validateStaffSheet', () => {
	const staff = ['ngozi@example.com', 'tunde@example.com']

	test('every member once with a good date: the dates by email', () => {
		const result = validateStaffSheet(
			sheet(
				'first_name,last_name,email,date_of_birth',
				'Ngozi,Eze,NGOZI@example.com,1990-05-17',
				'Tunde,Bakare,tunde@example.com,1985-11-02',
			),
			staff,
			{
				today: TODAY,
			},
		)
		expect(result).toEqual({
			ok: true,
			errors: [],
			missing: [],
			dates: new Map([
				['ngozi@example.com', '1990-05-17'],
				['tunde@example.com', '1985-11-02'],
			]),
		})
	})

	test('a stranger, a missing date, a repeat and a left-out member are each reported', () => {
		const result = validateStaffSheet(
			sheet('email,date_of_birth', 'ngozi@example.com,', 'bola@example.com,1990-01-01', 'ngozi@example.com,1990-05-17'),
			staff,
			{ today: TODAY },
		)
		expect(result).toMatchObject({
			ok: true,
			errors: [
				{ row: 2, field: 'date_of_birth', message: 'Enter the date of birth.' },
				{ row: 3, field: 'email', message: "bola@example.com is not on this plan's staff list." },
				{ row: 4, field: 'email', message: 'This email is also on row 2: list each person once.' },
			],
			missing: ['tunde@example.com'],
		})
	})

	test('the sheet needs email and date_of_birth columns', () => {
		expect(validateStaffSheet(sheet('email', 'a@b.co'), staff, { today: TODAY })).toEqual({
			ok: false,
			message: "The first row must be the template's header: first_name,last_name,email,date_of_birth. It has no date_of_birth column.",
		})
	})
})

describe('ages', () => {
	test('full years, the birthday counted on the day', () => {
		expect(ageOn('1990-03-10', '2026-03-10')).toBe(36)
		expect(ageOn('1990-03-11', '2026-03-10')).toBe(35)
		expect(ageOn('2000-02-29', '2026-02-28')).toBe(25)
	})

	test('dateOfBirthProblem', () => {
		expect(dateOfBirthProblem('1990-05-17', TODAY)).toBeNull()
		expect(dateOfBirthProblem('1890-05-17', TODAY)).toBe('Check the date of birth: that makes this person older than 120.')
		expect(dateOfBirthProblem('1966-03-10', TODAY, { min: 60, max: 85 })).toBeNull()
	})
})
