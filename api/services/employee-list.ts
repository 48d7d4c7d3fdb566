import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm'
import type { EmployeeFilter, EmployeesQuery } from '../contract/employees.ts'
import { personSearchSql } from '../db/like.ts'
import { employees } from '../db/schema.ts'
import { toCsv } from '../domain/batch/index.ts'
import { lagosDate } from '../domain/policies.ts'
import { employeeStatus, leavingDates } from '../domain/staff-lifecycle.ts'
import type { Deps } from '../deps.ts'
import { ApiError } from '../errors.ts'
import { type EmployeeRow, serialize, totalPoliciesSql } from './employees.ts'

// The staff register's pages and its CSV (docs/decisions/050-staff-lifecycle.md, 119-staff-search-and-import.md).

/** The status as SQL, the same rule as `employeeStatus`, for filtering a page in the database. */
function filterSql(filter: EmployeeFilter, today: string): SQL {
	if (filter === 'active') return sql`(${employees.leavesOn} is null and ${employees.enrolledOn} <= ${today})`
	if (filter === 'terminated') return sql`(${employees.leavesOn} < ${today})`
	return sql`(${employees.leavesOn} >= ${today} or (${employees.leavesOn} is null and ${employees.enrolledOn} > ${today}))`
}

/** A page's last row: its sort key's values, then its id. */
type Cursor = string[]
const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url')
function decodeCursor(raw: string, length: number): Cursor {
	try {
		const value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'))
		if (Array.isArray(value) && value.length === length && value.every((v) => typeof v === 'string')) return value as Cursor
	} catch {}
	throw new ApiError(400, 'That page link is not valid. Start again from the first page.', [
		{ path: 'cursor', message: 'That page link is not valid.' },
	])
}

/** Each sort's key: the columns the indexes hold, so a page reads only its own rows at any depth. */
const SORT_KEYS = {
	name: [sql`lower(${employees.lastName})`, sql`lower(${employees.firstName})`],
	enrolled: [sql`${employees.enrolledOn}`],
	email: [sql`lower(${employees.email})`],
} as const

function whereOf(customerId: string, query: Pick<EmployeesQuery, 'q' | 'status'>, today: string) {
	return and(
		eq(employees.customerId, customerId),
		query.status ? filterSql(query.status, today) : undefined,
		personSearchSql(employees, query.q),
	)
}

function cursorOf(sort: EmployeesQuery['sort'], e: EmployeeRow): Cursor {
	if (sort === 'name') return [e.lastName.toLowerCase(), e.firstName.toLowerCase(), e.id]
	if (sort === 'enrolled') return [e.enrolledOn, e.id]
	return [e.email.toLowerCase(), e.id]
}

/** How far a count goes: past it the list says "10,000+" rather than scan a large register. */
export const COUNT_CAP = 1_000
/** The most rows one CSV export holds. */
export const CSV_MAX_ROWS = 10_000

/** A page of the register, ordered by an indexed key and paged by keyset, so page 5,000 costs what page 1 does. */
export async function listEmployees(deps: Deps, customerId: string, query: EmployeesQuery) {
	const today = lagosDate(deps.now())
	const keys = SORT_KEYS[query.sort]
	const descending = query.sort === 'enrolled'
	const cursor = query.cursor ? decodeCursor(query.cursor, keys.length + 1) : null
	const row = sql.join([...keys, sql`${employees.id}`], sql`, `)
	const values = cursor ? sql.join([...keys.map((_, i) => sql`${cursor[i]}`), sql`${cursor.at(-1)}::uuid`], sql`, `) : null
	const after = values
		? descending
			? sql`(${row}) < (${sql`${cursor![0]}::date`}, ${sql`${cursor!.at(-1)}::uuid`})`
			: sql`(${row}) > (${values})`
		: undefined
	const where = whereOf(customerId, query, today)
	const direction = (k: SQL) => (descending ? desc(k) : asc(k))
	const [rows, counted] = await Promise.all([
		deps.db
			.select({ employee: employees, total: totalPoliciesSql(today) })
			.from(employees)
			.where(and(where, after))
			.orderBy(...keys.map(direction), direction(sql`${employees.id}`))
			.limit(query.page_size + 1),
		deps.db.execute(sql`select count(*)::int as n from (select 1 from ${employees} where ${where} limit ${COUNT_CAP + 1}) as capped`),
	])
	const page = rows.slice(0, query.page_size)
	const last = page.at(-1)
	return {
		items: page.map((r) => serialize(r.employee, today, Number(r.total))),
		next_cursor: rows.length > query.page_size && last ? encodeCursor(cursorOf(query.sort, last.employee)) : null,
		total: Number((counted as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0),
		leaving: { last_covered_day: leavingDates(today).lastCoveredDay, effective_on: leavingDates(today).effectiveOn },
	}
}

/** The register as CSV, the list's filters applied, at most 10,000 rows. */
export async function employeesCsv(deps: Deps, customerId: string, query: Pick<EmployeesQuery, 'q' | 'status' | 'sort'>) {
	const today = lagosDate(deps.now())
	const keys = SORT_KEYS[query.sort]
	const rows = await deps.db
		.select({ employee: employees, total: totalPoliciesSql(today) })
		.from(employees)
		.where(whereOf(customerId, query, today))
		.orderBy(...keys.map((k) => (query.sort === 'enrolled' ? desc(k) : asc(k))), asc(employees.id))
		.limit(CSV_MAX_ROWS)
	const header = ['first_name', 'last_name', 'email', 'phone', 'date_enrolled', 'total_policies', 'status', 'last_covered_day']
	return toCsv([
		header,
		...rows.map(({ employee: e, total }) => [
			e.firstName,
			e.lastName,
			e.email,
			e.phone,
			e.enrolledOn,
			String(total),
			employeeStatus({ enrolledOn: e.enrolledOn, leavesOn: e.leavesOn, leaveKind: e.leaveKind }, today),
			e.leavesOn ?? '',
		]),
	])
}
