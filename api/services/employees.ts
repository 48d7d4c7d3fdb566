import { and, asc, desc, eq, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm'
import { formatDay } from '../contract/dates.ts'
import type { Dependant, Employee, EmployeeBody, EmployeeDetail, EmployeeFilter, EmployeesQuery, LeaveKind } from '../contract/employees.ts'
import type { Db, Tx } from '../db/client.ts'
import { dependants, employees, policies, staff, staffEvents } from '../db/schema.ts'
import { toCsv } from '../domain/batch/index.ts'
import { productById, type Product } from '../domain/catalogue/index.ts'
import { dependantRefusal } from '../domain/dependants.ts'
import { lagosDate } from '../domain/policies.ts'
import { employeeFlags, employeeStatus, leavingDates, refusal, replacementDates } from '../domain/staff-lifecycle.ts'
import type { Deps } from '../deps.ts'
import { ApiError, notFound } from '../errors.ts'
import type { AuthUser } from '../http.ts'

// The staff register (docs/decisions/050-staff-lifecycle.md): staff, their plans, dependants and history.

type EmployeeRow = typeof employees.$inferSelect
type Person = Omit<EmployeeBody, 'plan_ids'>

/** The status as SQL, the same rule as `employeeStatus`, for filtering a page in the database. */
function filterSql(filter: EmployeeFilter, today: string): SQL {
	if (filter === 'active') return sql`(${employees.leavesOn} is null and ${employees.enrolledOn} <= ${today})`
	if (filter === 'terminated') return sql`(${employees.leavesOn} < ${today})`
	return sql`(${employees.leavesOn} >= ${today} or (${employees.leavesOn} is null and ${employees.enrolledOn} > ${today}))`
}

const fullName = (e: { firstName: string; lastName: string }) => `${e.firstName} ${e.lastName}`

function serialize(row: EmployeeRow, today: string, totalPolicies: number): Employee {
	const lifecycle = { enrolledOn: row.enrolledOn, leavesOn: row.leavesOn, leaveKind: row.leaveKind }
	return {
		id: row.id,
		first_name: row.firstName,
		last_name: row.lastName,
		email: row.email,
		phone: row.phone,
		gender: row.gender,
		date_of_birth: row.dateOfBirth,
		enrolled_on: row.enrolledOn,
		leaves_on: row.leavesOn,
		leave_kind: row.leaveKind,
		status: employeeStatus(lifecycle, today),
		flags: employeeFlags(lifecycle, today),
		total_policies: totalPolicies,
	}
}

/** Plans a member is on (not removed from before today) and policies they hold as custodian. */
const totalPoliciesSql = (today: string) => sql<number>`(
	(select count(*) from staff s where s.employee_id = "employees"."id" and (s.ends_on is null or s.ends_on >= ${today}))
	+ (select count(*) from policies p where p.custodian_employee_id = "employees"."id"))::int`

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

function searchSql(q: string | undefined): SQL | undefined {
	if (!q) return undefined
	const like = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
	const digits = q.replace(/\D/g, '')
	return or(
		sql`lower(${employees.firstName} || ' ' || ${employees.lastName}) like ${like}`,
		sql`lower(${employees.email}) like ${like}`,
		digits.length >= 3 ? sql`${employees.phone} like ${`%${digits.replace(/^234/, '0')}%`}` : undefined,
	)
}

function whereOf(customerId: string, query: Pick<EmployeesQuery, 'q' | 'status'>, today: string) {
	return and(eq(employees.customerId, customerId), query.status ? filterSql(query.status, today) : undefined, searchSql(query.q))
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

async function ownEmployee(db: Db, customerId: string, id: string) {
	const [row] = await db
		.select()
		.from(employees)
		.where(and(eq(employees.customerId, customerId), eq(employees.id, id)))
	if (!row) throw notFound('member of staff')
	return row
}

async function totalPolicies(db: Db, id: string, today: string) {
	const [row] = await db
		.select({ n: totalPoliciesSql(today) })
		.from(employees)
		.where(eq(employees.id, id))
	return Number(row?.n ?? 0)
}

const productName = (productId: number) => productById(productId as Product['id']).name

/** One member of staff: bio, every plan and policy, dependants and history. */
export async function findEmployee(deps: Deps, customerId: string, id: string): Promise<EmployeeDetail> {
	const today = lagosDate(deps.now())
	const row = await ownEmployee(deps.db, customerId, id)
	const [memberships, held, family, history, replacement] = await Promise.all([
		deps.db
			.select({ policy: policies, endsOn: staff.endsOn, memberStatus: staff.status })
			.from(staff)
			.innerJoin(policies, eq(policies.id, staff.policyId))
			.where(eq(staff.employeeId, id))
			.orderBy(asc(policies.createdAt)),
		deps.db
			.select()
			.from(policies)
			.where(and(eq(policies.customerId, customerId), eq(policies.custodianEmployeeId, id))),
		dependantsOf(deps.db, id),
		deps.db.select().from(staffEvents).where(eq(staffEvents.employeeId, id)).orderBy(desc(staffEvents.createdAt)).limit(50),
		row.replacedById ? deps.db.select().from(employees).where(eq(employees.id, row.replacedById)) : Promise.resolve([]),
	])
	const lifecycle = { enrolledOn: row.enrolledOn, leavesOn: row.leavesOn, leaveKind: row.leaveKind }
	const replacedBy = replacement[0]
	return {
		...serialize(row, today, await totalPolicies(deps.db, id, today)),
		policies: [
			...memberships.map((m) => ({
				policy_id: m.policy.id,
				policy_number: m.policy.policyNumber,
				product_name: productName(m.policy.productId),
				kind: m.policy.kind,
				role: 'member' as const,
				status: m.endsOn
					? m.endsOn < today
						? 'is_terminated'
						: 'to_be_removed'
					: m.memberStatus === 'pending'
						? 'is_pending'
						: employeeStatus(lifecycle, today),
				ends_on: m.endsOn ?? row.leavesOn,
			})),
			...held.map((p) => ({
				policy_id: p.id,
				policy_number: p.policyNumber,
				product_name: productName(p.productId),
				kind: p.kind,
				role: 'custodian' as const,
				status: p.custodianActivatedAt ? 'active' : 'is_pending',
				ends_on: p.coverEnd,
			})),
		],
		dependants: family,
		history: history.map(historyEntry),
		replaced_by: replacedBy ? { id: replacedBy.id, name: fullName(replacedBy) } : null,
	}
}

export const historyEntry = (e: typeof staffEvents.$inferSelect) => ({
	id: e.id,
	kind: e.kind,
	description: e.description,
	effective_on: e.effectiveOn,
	created_at: e.createdAt.toISOString(),
})

async function dependantsOf(db: Db, employeeId: string): Promise<Dependant[]> {
	const rows = await db.select().from(dependants).where(eq(dependants.employeeId, employeeId)).orderBy(asc(dependants.createdAt))
	return rows.map(serializeDependant)
}

const serializeDependant = (d: typeof dependants.$inferSelect): Dependant => ({
	id: d.id,
	employee_id: d.employeeId,
	first_name: d.firstName,
	last_name: d.lastName,
	relationship: d.relationship,
	date_of_birth: d.dateOfBirth,
	gender: d.gender,
})

/** A refusal naming the member of staff who already has this email or phone number (409, beside the field). */
async function refuseDuplicate(db: Db, customerId: string, person: Pick<Person, 'email' | 'phone'>, except?: string) {
	const [found] = await db
		.select()
		.from(employees)
		.where(
			and(
				eq(employees.customerId, customerId),
				or(sql`lower(${employees.email}) = ${person.email.toLowerCase()}`, eq(employees.phone, person.phone)),
				except ? ne(employees.id, except) : undefined,
			),
		)
		.limit(1)
	if (!found) return
	const field = found.email.toLowerCase() === person.email.toLowerCase() ? 'email' : 'phone'
	const message = `${fullName(found)} is already on your staff list with this ${field === 'email' ? 'email address' : 'phone number'}.`
	throw new ApiError(409, message, [{ path: field, message }])
}

type Event = {
	customerId: string
	employeeId?: string | null
	policyId?: string | null
	userId: string | null
	kind: string
	description: string
	effectiveOn?: string | null
}
export const recordEvent = (db: Db | Tx, event: Event) => db.insert(staffEvents).values(event)

/** The business's staff plans by id; any other id is not found. */
async function ownPlans(db: Db, customerId: string, ids: readonly string[]) {
	if (!ids.length) return []
	const found = await db
		.select()
		.from(policies)
		.where(and(eq(policies.customerId, customerId), eq(policies.kind, 'plan'), inArray(policies.id, [...ids])))
	if (found.length !== new Set(ids).size)
		throw new ApiError(404, 'We could not find that staff plan.', [{ path: 'plan_ids', message: 'Choose one of your staff plans.' }])
	return found
}

async function enrol(tx: Tx, employee: EmployeeRow, plans: Array<{ id: string }>, userId: string | null, today: string) {
	if (!plans.length) return
	await tx
		.insert(staff)
		.values(
			plans.map((p) => ({
				customerId: employee.customerId,
				policyId: p.id,
				employeeId: employee.id,
				firstName: employee.firstName,
				lastName: employee.lastName,
				email: employee.email,
				phone: employee.phone,
				gender: employee.gender,
				dateOfBirth: employee.dateOfBirth,
				status: employee.dateOfBirth ? ('active' as const) : ('pending' as const),
			})),
		)
		.onConflictDoNothing()
	await recordEvent(tx, {
		customerId: employee.customerId,
		employeeId: employee.id,
		userId,
		kind: 'enrolled',
		description: `Enrolled on ${plans.length === 1 ? 'a staff plan' : `${plans.length} staff plans`}`,
		effectiveOn: employee.enrolledOn > today ? employee.enrolledOn : today,
	})
}

async function insertEmployee(tx: Tx, customerId: string, person: Person, enrolledOn: string) {
	const [row] = await tx
		.insert(employees)
		.values({
			customerId,
			firstName: person.first_name,
			lastName: person.last_name,
			email: person.email.toLowerCase(),
			phone: person.phone,
			gender: person.gender,
			dateOfBirth: person.date_of_birth ?? null,
			enrolledOn,
		})
		.returning()
	return row!
}

export async function createEmployee(deps: Deps, auth: AuthUser, body: EmployeeBody) {
	const today = lagosDate(deps.now())
	await refuseDuplicate(deps.db, auth.customerId, body)
	const plans = await ownPlans(deps.db, auth.customerId, body.plan_ids)
	const id = await deps.db.transaction(async (tx) => {
		const row = await insertEmployee(tx, auth.customerId, body, today)
		await recordEvent(tx, {
			customerId: auth.customerId,
			employeeId: row.id,
			userId: auth.id,
			kind: 'added',
			description: `${auth.firstName} added ${fullName(row)} to the staff list`,
			effectiveOn: today,
		})
		await enrol(tx, row, plans, auth.id, today)
		return row.id
	})
	return findEmployee(deps, auth.customerId, id)
}

export async function editEmployee(deps: Deps, auth: AuthUser, id: string, body: Person) {
	await ownEmployee(deps.db, auth.customerId, id)
	await refuseDuplicate(deps.db, auth.customerId, body, id)
	await deps.db.transaction(async (tx) => {
		const values = {
			firstName: body.first_name,
			lastName: body.last_name,
			email: body.email.toLowerCase(),
			phone: body.phone,
			gender: body.gender,
		}
		await tx
			.update(employees)
			.set({ ...values, dateOfBirth: body.date_of_birth ?? null, updatedAt: deps.now() })
			.where(eq(employees.id, id))
		// The plans' member rows carry the same details for the insurer's sheets.
		await tx.update(staff).set(values).where(eq(staff.employeeId, id))
		await recordEvent(tx, {
			customerId: auth.customerId,
			employeeId: id,
			userId: auth.id,
			kind: 'edited',
			description: `${auth.firstName} updated the bio`,
		})
	})
	return findEmployee(deps, auth.customerId, id)
}

const LEAVE_WORDS: Record<LeaveKind, string> = { deactivated: 'Deactivated', removed: 'Removed from the staff list', replaced: 'Replaced' }

/**
 * Deactivate or remove several staff at once: covered to the end of this month, the flags pending
 * until then. All or none: one refusal refuses the lot, naming the person.
 */
export async function leave(deps: Deps, auth: AuthUser, ids: readonly string[], kind: 'deactivated' | 'removed') {
	const today = lagosDate(deps.now())
	const { lastCoveredDay, effectiveOn } = leavingDates(today)
	const unique = [...new Set(ids)]
	const rows = await deps.db
		.select()
		.from(employees)
		.where(and(eq(employees.customerId, auth.customerId), inArray(employees.id, unique)))
	if (rows.length !== unique.length) throw notFound('member of staff')
	for (const row of rows) {
		const why = refusal(kind === 'deactivated' ? 'deactivate' : 'remove', row, today)
		if (why) throw new ApiError(409, `${fullName(row)}: ${why}`)
	}
	await deps.db.transaction(async (tx) => {
		await tx
			.update(employees)
			.set({ leavesOn: lastCoveredDay, leaveKind: kind, updatedAt: deps.now() })
			.where(and(eq(employees.customerId, auth.customerId), inArray(employees.id, unique), isNull(employees.leavesOn)))
		for (const row of rows) {
			await recordEvent(tx, {
				customerId: auth.customerId,
				employeeId: row.id,
				userId: auth.id,
				kind,
				description: `${LEAVE_WORDS[kind]} by ${auth.firstName}: covered to ${formatDay(lastCoveredDay)}`,
				effectiveOn,
			})
		}
	})
	return {
		employees: await Promise.all(unique.map((id) => findEmployee(deps, auth.customerId, id))),
		last_covered_day: lastCoveredDay,
		effective_on: effectiveOn,
	}
}

/** Off one staff plan only, from the end of this month; the person stays on the register and their other plans. */
export async function removeFromPlan(deps: Deps, auth: AuthUser, id: string, planId: string) {
	const today = lagosDate(deps.now())
	const { lastCoveredDay, effectiveOn } = leavingDates(today)
	const row = await ownEmployee(deps.db, auth.customerId, id)
	const [plan] = await ownPlans(deps.db, auth.customerId, [planId])
	const [member] = await deps.db
		.select()
		.from(staff)
		.where(and(eq(staff.employeeId, id), eq(staff.policyId, planId)))
	if (!member) throw new ApiError(404, `${fullName(row)} is not on that staff plan.`)
	if (member.endsOn) throw new ApiError(409, `${fullName(row)} already leaves that plan on ${formatDay(member.endsOn)}.`)
	await deps.db.transaction(async (tx) => {
		await tx.update(staff).set({ endsOn: lastCoveredDay }).where(eq(staff.id, member.id))
		const description = `Removed from staff plan ${plan!.policyNumber} by ${auth.firstName}: covered to ${formatDay(lastCoveredDay)}`
		await recordEvent(tx, {
			customerId: auth.customerId,
			employeeId: id,
			policyId: planId,
			userId: auth.id,
			kind: 'removed_from_plan',
			description,
			effectiveOn,
		})
	})
	return { employees: [await findEmployee(deps, auth.customerId, id)], last_covered_day: lastCoveredDay, effective_on: effectiveOn }
}

/** Replace: the leaver covered to the end of this month, the new person on the same plans from the 1st of the next. */
export async function replaceEmployee(deps: Deps, auth: AuthUser, id: string, replacement: Person) {
	const today = lagosDate(deps.now())
	const { leaverLastDay, joinerFirstDay } = replacementDates(today)
	const row = await ownEmployee(deps.db, auth.customerId, id)
	const why = refusal('replace', row, today)
	if (why) throw new ApiError(409, why)
	await refuseDuplicate(deps.db, auth.customerId, replacement)
	const plans = await deps.db
		.select({ id: staff.policyId })
		.from(staff)
		.where(and(eq(staff.employeeId, id), isNull(staff.endsOn)))
	const joinerId = await deps.db.transaction(async (tx) => {
		const joiner = await insertEmployee(tx, auth.customerId, replacement, joinerFirstDay)
		await tx
			.update(employees)
			.set({ leavesOn: leaverLastDay, leaveKind: 'replaced', replacedById: joiner.id, updatedAt: deps.now() })
			.where(eq(employees.id, id))
		await recordEvent(tx, {
			customerId: auth.customerId,
			employeeId: id,
			userId: auth.id,
			kind: 'replaced',
			description: `Replaced by ${fullName(joiner)} (${auth.firstName}): covered to ${formatDay(leaverLastDay)}`,
			effectiveOn: joinerFirstDay,
		})
		await recordEvent(tx, {
			customerId: auth.customerId,
			employeeId: joiner.id,
			userId: auth.id,
			kind: 'added',
			description: `Joins in place of ${fullName(row)} (${auth.firstName})`,
			effectiveOn: joinerFirstDay,
		})
		await enrol(tx, joiner, plans, auth.id, today)
		return joiner.id
	})
	return {
		employees: [await findEmployee(deps, auth.customerId, id), await findEmployee(deps, auth.customerId, joinerId)],
		last_covered_day: leaverLastDay,
		effective_on: joinerFirstDay,
	}
}

/** Cancel a pending departure, or bring back someone who left: covered again from today. */
export async function reactivate(deps: Deps, auth: AuthUser, id: string) {
	const today = lagosDate(deps.now())
	const row = await ownEmployee(deps.db, auth.customerId, id)
	const why = refusal('reactivate', row, today)
	if (why) throw new ApiError(409, why)
	const returning = row.leavesOn !== null && row.leavesOn < today
	await deps.db.transaction(async (tx) => {
		await tx
			.update(employees)
			.set({ leavesOn: null, leaveKind: null, replacedById: null, enrolledOn: returning ? today : row.enrolledOn, updatedAt: deps.now() })
			.where(eq(employees.id, id))
		await recordEvent(tx, {
			customerId: auth.customerId,
			employeeId: id,
			userId: auth.id,
			kind: 'reactivated',
			description: returning ? `Reactivated by ${auth.firstName}` : `Departure cancelled by ${auth.firstName}`,
			effectiveOn: today,
		})
	})
	return { employees: [await findEmployee(deps, auth.customerId, id)], last_covered_day: today, effective_on: today }
}

/**
 * Slots free for another dependant on any staff plan this member is on: the plan's bought slots less
 * the dependants its members already have. Staff plans are standard plans (domain/policies.ts isStaffPlan).
 */
async function slotsFree(db: Db, employeeId: string, except?: string) {
	const result = (await db.execute(sql`
		select coalesce(max(p.dependant_slots - (
			select count(*) from ${dependants} d join ${staff} m on m.employee_id = d.employee_id
			where m.policy_id = p.id ${except ? sql`and d.id <> ${except}` : sql``}
		)), -1)::int as free
		from ${staff} s join ${policies} p on p.id = s.policy_id
		where s.employee_id = ${employeeId} and s.ends_on is null`)) as unknown as { rows: Array<{ free: number }> }
	return Number(result.rows[0]?.free ?? -1)
}

type DependantInput = {
	first_name: string
	last_name: string
	relationship: Dependant['relationship']
	date_of_birth: string
	gender: 'male' | 'female'
}

async function checkDependant(deps: Deps, employeeId: string, input: DependantInput, except?: string) {
	const today = lagosDate(deps.now())
	const free = await slotsFree(deps.db, employeeId, except)
	if (free < 0) throw new ApiError(409, 'Enrol this member of staff on a staff plan before adding dependants.')
	const existing = (await dependantsOf(deps.db, employeeId))
		.filter((d) => d.id !== except)
		.map((d) => ({ relationship: d.relationship, dateOfBirth: d.date_of_birth }))
	const why = dependantRefusal({
		planType: 'standard',
		existing,
		candidate: { relationship: input.relationship, dateOfBirth: input.date_of_birth },
		slotsFree: free,
		today,
	})
	if (why) {
		const path = /birth|18/.test(why) ? 'date_of_birth' : 'relationship'
		throw new ApiError(409, why, [{ path, message: why }])
	}
}

export async function addDependant(deps: Deps, auth: AuthUser, employeeId: string, input: DependantInput) {
	const employee = await ownEmployee(deps.db, auth.customerId, employeeId)
	await checkDependant(deps, employeeId, input)
	const row = await deps.db.transaction(async (tx) => {
		const [added] = await tx
			.insert(dependants)
			.values({
				customerId: auth.customerId,
				employeeId,
				firstName: input.first_name,
				lastName: input.last_name,
				relationship: input.relationship,
				dateOfBirth: input.date_of_birth,
				gender: input.gender,
			})
			.returning()
		await recordEvent(tx, {
			customerId: auth.customerId,
			employeeId,
			userId: auth.id,
			kind: 'dependant_added',
			description: `${auth.firstName} added ${input.first_name} ${input.last_name} (${input.relationship}) to ${fullName(employee)}'s cover`,
			effectiveOn: lagosDate(deps.now()),
		})
		return added!
	})
	return serializeDependant(row)
}

async function ownDependant(db: Db, customerId: string, id: string) {
	const [row] = await db
		.select()
		.from(dependants)
		.where(and(eq(dependants.customerId, customerId), eq(dependants.id, id)))
	if (!row) throw notFound('dependant')
	return row
}

export async function findDependant(deps: Deps, customerId: string, id: string) {
	const row = await ownDependant(deps.db, customerId, id)
	const employee = await ownEmployee(deps.db, customerId, row.employeeId)
	return { ...serializeDependant(row), employee_name: fullName(employee) }
}

export async function editDependant(deps: Deps, auth: AuthUser, id: string, input: DependantInput) {
	const row = await ownDependant(deps.db, auth.customerId, id)
	await checkDependant(deps, row.employeeId, input, id)
	const [updated] = await deps.db
		.update(dependants)
		.set({
			firstName: input.first_name,
			lastName: input.last_name,
			relationship: input.relationship,
			dateOfBirth: input.date_of_birth,
			gender: input.gender,
		})
		.where(eq(dependants.id, id))
		.returning()
	await recordEvent(deps.db, {
		customerId: auth.customerId,
		employeeId: row.employeeId,
		userId: auth.id,
		kind: 'dependant_edited',
		description: `${auth.firstName} updated ${input.first_name} ${input.last_name}'s details`,
	})
	return serializeDependant(updated!)
}

export async function removeDependant(deps: Deps, auth: AuthUser, id: string) {
	const row = await ownDependant(deps.db, auth.customerId, id)
	await deps.db.transaction(async (tx) => {
		await tx.delete(dependants).where(eq(dependants.id, id))
		await recordEvent(tx, {
			customerId: auth.customerId,
			employeeId: row.employeeId,
			userId: auth.id,
			kind: 'dependant_removed',
			description: `${auth.firstName} removed ${fullName(row)} (${row.relationship}) from the cover`,
			effectiveOn: lagosDate(deps.now()),
		})
	})
	return serializeDependant(row)
}

/** Existing staff by email and by phone, for the import's duplicate check. */
export async function existingContacts(db: Db, customerId: string) {
	const rows = await db
		.select({ email: employees.email, phone: employees.phone, firstName: employees.firstName, lastName: employees.lastName })
		.from(employees)
		.where(eq(employees.customerId, customerId))
	return {
		emails: new Map(rows.map((r) => [r.email.toLowerCase(), fullName(r)])),
		phones: new Map(rows.map((r) => [r.phone, fullName(r)])),
	}
}

/**
 * The register's people for a staff plan's rows, by email: existing staff are matched, new ones added.
 * Batch upload calls it as it enrols a plan, so every member of a bought plan is an employee.
 */
export async function registerPeople(tx: Tx, customerId: string, people: readonly Person[], enrolledOn: string) {
	if (!people.length) return new Map<string, string>()
	await tx
		.insert(employees)
		.values(
			people.map((p) => ({
				customerId,
				firstName: p.first_name,
				lastName: p.last_name,
				email: p.email.toLowerCase(),
				phone: p.phone,
				gender: p.gender,
				dateOfBirth: p.date_of_birth || null,
				enrolledOn,
			})),
		)
		.onConflictDoNothing()
	const emails = [...new Set(people.map((p) => p.email.toLowerCase()))]
	const found = await tx
		.select({ id: employees.id, email: employees.email })
		.from(employees)
		.where(and(eq(employees.customerId, customerId), inArray(sql`lower(${employees.email})`, emails)))
	return new Map(found.map((r) => [r.email.toLowerCase(), r.id]))
}
