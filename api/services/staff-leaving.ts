import { and, eq, inArray, isNull } from 'drizzle-orm'
import { formatDay } from '../contract/dates.ts'
import { employees, policies, staff } from '../db/schema.ts'
import { lagosDate } from '../domain/policies.ts'
import { fullName, joinsWords, leaveWords } from '../domain/register-words.ts'
import { leavingDates, refusal, replacementDates } from '../domain/staff-lifecycle.ts'
import type { Deps } from '../deps.ts'
import { ApiError, notFound } from '../errors.ts'
import type { AuthUser } from '../http.ts'
import { enrol, findEmployee, insertEmployee, ownEmployee, ownPlans, type Person, recordEvent, refuseDuplicate } from './employees.ts'

// Staff leaving the register or one plan, being replaced, and coming back (docs/decisions/050-staff-lifecycle.md).

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
				description: leaveWords({ kind }, auth.firstName, lastCoveredDay),
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
		.select({ id: policies.id, policyNumber: policies.policyNumber, productId: policies.productId })
		.from(staff)
		.innerJoin(policies, eq(policies.id, staff.policyId))
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
			description: leaveWords({ kind: 'replaced', joiner }, auth.firstName, leaverLastDay),
			effectiveOn: joinerFirstDay,
		})
		await recordEvent(tx, {
			customerId: auth.customerId,
			employeeId: joiner.id,
			userId: auth.id,
			kind: 'added',
			description: joinsWords(row, auth.firstName),
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
