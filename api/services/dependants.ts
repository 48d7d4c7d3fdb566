import { and, eq } from 'drizzle-orm'
import type { Dependant } from '../contract/employees.ts'
import type { Db } from '../db/client.ts'
import { dependants } from '../db/schema.ts'
import { dependantRefusal } from '../domain/dependants.ts'
import { lagosDate } from '../domain/policies.ts'
import type { Deps } from '../deps.ts'
import { ApiError, notFound } from '../errors.ts'
import type { AuthUser } from '../http.ts'
import { dependantSlotsFree } from './dependant-slots.ts'
import { fullName } from '../domain/register-words.ts'
import { dependantsOf, ownEmployee, recordEvent, serializeDependant } from './employees.ts'

// A member of staff's dependants on their staff plans (docs/decisions/051).

type DependantInput = {
	first_name: string
	last_name: string
	relationship: Dependant['relationship']
	date_of_birth: string
	gender: 'male' | 'female'
}

async function checkDependant(deps: Deps, employeeId: string, input: DependantInput, except?: string) {
	const today = lagosDate(deps.now())
	const free = await dependantSlotsFree(deps.db, employeeId, except)
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
