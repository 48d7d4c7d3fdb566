import { and, asc, desc, eq, inArray, ne, or, sql } from 'drizzle-orm'
import type { Dependant, Employee, EmployeeBody, EmployeeDetail } from '../contract/employees.ts'
import type { Db, Tx } from '../db/client.ts'
import { dependants, employees, policies, staff, staffEvents } from '../db/schema.ts'
import { productById, type Product } from '../domain/catalogue/index.ts'
import { addedWords, enrolledWords, fullName } from '../domain/register-words.ts'
import { lagosDate } from '../domain/policies.ts'
import { employeeFlags, employeeStatus } from '../domain/staff-lifecycle.ts'
import type { Deps } from '../deps.ts'
import { dependantSlotsFree } from './dependant-slots.ts'
import { ApiError, notFound } from '../errors.ts'
import type { AuthUser } from '../http.ts'

// The staff register (docs/decisions/050-staff-lifecycle.md): staff, their plans and history. Its pages and CSV are in
// employee-list.ts, leaving and coming back in staff-leaving.ts, dependants in dependants.ts.

export type EmployeeRow = typeof employees.$inferSelect
export type Person = Omit<EmployeeBody, 'plan_ids'>

export function serialize(row: EmployeeRow, today: string, totalPolicies: number): Employee {
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
export const totalPoliciesSql = (today: string) => sql<number>`(
	(select count(*) from staff s where s.employee_id = "employees"."id" and (s.ends_on is null or s.ends_on >= ${today}))
	+ (select count(*) from policies p where p.custodian_employee_id = "employees"."id"))::int`

export async function ownEmployee(db: Db, customerId: string, id: string) {
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
	const [memberships, held, family, history, replacement, slotsFree] = await Promise.all([
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
		dependantSlotsFree(deps.db, id),
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
		dependant_slots_free: slotsFree < 0 ? null : slotsFree,
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

export async function dependantsOf(db: Db, employeeId: string): Promise<Dependant[]> {
	const rows = await db.select().from(dependants).where(eq(dependants.employeeId, employeeId)).orderBy(asc(dependants.createdAt))
	return rows.map(serializeDependant)
}

export const serializeDependant = (d: typeof dependants.$inferSelect): Dependant => ({
	id: d.id,
	employee_id: d.employeeId,
	first_name: d.firstName,
	last_name: d.lastName,
	relationship: d.relationship,
	date_of_birth: d.dateOfBirth,
	gender: d.gender,
})

/** A refusal naming the member of staff who already has this email or phone number (409, beside the field). */
export async function refuseDuplicate(db: Db, customerId: string, person: Pick<Person, 'email' | 'phone'>, except?: string) {
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
export async function ownPlans(db: Db, customerId: string, ids: readonly string[]) {
	if (!ids.length) return []
	const found = await db
		.select()
		.from(policies)
		.where(and(eq(policies.customerId, customerId), eq(policies.kind, 'plan'), inArray(policies.id, [...ids])))
	if (found.length !== new Set(ids).size)
		throw new ApiError(404, 'We could not find that staff plan.', [{ path: 'plan_ids', message: 'Choose one of your staff plans.' }])
	return found
}

/**
 * Put a person on staff plans: a row on each plan's sheet, and for each plan a line of the person's history
 * that the plan's activity list reads too (decision 171), naming the plan.
 */
export async function enrol(
	tx: Tx,
	employee: EmployeeRow,
	plans: ReadonlyArray<{ id: string; policyNumber: string; productId: number }>,
	userId: string | null,
	today: string,
) {
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
	for (const plan of plans)
		await recordEvent(tx, {
			customerId: employee.customerId,
			employeeId: employee.id,
			policyId: plan.id,
			userId,
			kind: 'enrolled',
			description: enrolledWords(plan),
			effectiveOn: employee.enrolledOn > today ? employee.enrolledOn : today,
		})
}

export async function insertEmployee(tx: Tx, customerId: string, person: Person, enrolledOn: string) {
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
			description: addedWords(auth.firstName, row),
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
