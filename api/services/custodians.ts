import { and, desc, eq } from 'drizzle-orm'
import type { Employee } from '../contract/employees.ts'
import type { Deps } from '../deps.ts'
import { employees, policies, purchases, staffEvents } from '../db/schema.ts'
import { productById, type Product } from '../domain/catalogue/index.ts'
import { lagosDate } from '../domain/policies.ts'
import { ApiError } from '../errors.ts'
import type { AuthUser } from '../http.ts'
import { createEmployee, findEmployee, historyEntry, recordEvent } from './employees.ts'

// Custodians (docs/decisions/052-custodians.md): the person a business's policy is for, named from the
// staff register; every change is kept in the policy's history.

type Person = {
	first_name: string
	last_name: string
	email: string
	phone: string
	gender: 'male' | 'female'
	date_of_birth?: string | undefined
}

/** The business's policy bought by this purchase; another business's is not found. */
async function policyOfPurchase(deps: Deps, customerId: string, purchaseId: string) {
	const [row] = await deps.db
		.select({ policy: policies })
		.from(policies)
		.innerJoin(purchases, eq(purchases.id, policies.purchaseId))
		.where(and(eq(policies.customerId, customerId), eq(purchases.id, purchaseId)))
	if (!row) throw new ApiError(404, 'We could not find a policy for that purchase.')
	return row.policy
}

export async function custodianship(deps: Deps, customerId: string, purchaseId: string) {
	const policy = await policyOfPurchase(deps, customerId, purchaseId)
	const history = await deps.db
		.select()
		.from(staffEvents)
		.where(eq(staffEvents.policyId, policy.id))
		.orderBy(desc(staffEvents.createdAt))
		.limit(50)
	const found = policy.custodianEmployeeId ? await findEmployee(deps, customerId, policy.custodianEmployeeId) : null
	const { policies: _policies, dependants: _dependants, history: _history, replaced_by: _replacedBy, ...custodian } = found ?? {}
	return {
		policy_id: policy.id,
		policy_number: policy.policyNumber,
		product_name: productById(policy.productId as Product['id']).name,
		custodian: found ? (custodian as Employee) : null,
		activated_at: policy.custodianActivatedAt?.toISOString() ?? null,
		history: history.map(historyEntry),
	}
}

/** Name the custodian: someone on the staff list, or a new person added to it. The change is in the policy's history. */
export async function nameCustodian(deps: Deps, auth: AuthUser, purchaseId: string, body: { employee_id: string } | { new: Person }) {
	const policy = await policyOfPurchase(deps, auth.customerId, purchaseId)
	const employeeId = 'employee_id' in body ? body.employee_id : (await createEmployee(deps, auth, { ...body.new, plan_ids: [] })).id
	const [person] = await deps.db
		.select()
		.from(employees)
		.where(and(eq(employees.customerId, auth.customerId), eq(employees.id, employeeId)))
	if (!person)
		throw new ApiError(404, 'We could not find that member of staff.', [
			{ path: 'employee_id', message: 'Choose someone on your staff list.' },
		])
	if (person.leavesOn && person.leavesOn < lagosDate(deps.now())) {
		throw new ApiError(409, `${person.firstName} ${person.lastName} has left: choose someone still on your staff.`, [
			{ path: 'employee_id', message: 'Choose someone still on your staff.' },
		])
	}
	if (policy.custodianEmployeeId === person.id) return custodianship(deps, auth.customerId, purchaseId)
	const previous = policy.custodianEmployeeId
		? (await deps.db.select().from(employees).where(eq(employees.id, policy.custodianEmployeeId)))[0]
		: null
	await deps.db.transaction(async (tx) => {
		await tx.update(policies).set({ custodianEmployeeId: person.id, custodianActivatedAt: null }).where(eq(policies.id, policy.id))
		const name = `${person.firstName} ${person.lastName}`
		const description = previous
			? `Custodian changed from ${previous.firstName} ${previous.lastName} to ${name} by ${auth.firstName}`
			: `${name} named custodian by ${auth.firstName}`
		await recordEvent(tx, {
			customerId: auth.customerId,
			policyId: policy.id,
			employeeId: person.id,
			userId: auth.id,
			kind: 'custodian_changed',
			description,
			effectiveOn: lagosDate(deps.now()),
		})
	})
	return custodianship(deps, auth.customerId, purchaseId)
}

/** The custodian's activation details: date of birth, address and, for a vehicle, the driver's licence. */
export async function activateCustodian(
	deps: Deps,
	auth: AuthUser,
	purchaseId: string,
	body: { date_of_birth: string; address: string; licence_number?: string | undefined },
) {
	const policy = await policyOfPurchase(deps, auth.customerId, purchaseId)
	if (!policy.custodianEmployeeId) throw new ApiError(409, 'Name a custodian for this policy first.')
	if (body.date_of_birth > lagosDate(deps.now())) {
		throw new ApiError(400, 'The date of birth cannot be in the future.', [
			{ path: 'date_of_birth', message: 'The date of birth cannot be in the future.' },
		])
	}
	await deps.db.transaction(async (tx) => {
		await tx
			.update(employees)
			.set({ dateOfBirth: body.date_of_birth, updatedAt: deps.now() })
			.where(eq(employees.id, policy.custodianEmployeeId!))
		await tx
			.update(policies)
			.set({
				custodianActivatedAt: deps.now(),
				activation: {
					...(policy.activation ?? {}),
					custodian_address: body.address,
					...(body.licence_number ? { custodian_licence_number: body.licence_number } : {}),
				},
			})
			.where(eq(policies.id, policy.id))
		await recordEvent(tx, {
			customerId: auth.customerId,
			policyId: policy.id,
			employeeId: policy.custodianEmployeeId,
			userId: auth.id,
			kind: 'custodian_activated',
			description: `Custodian's details completed by ${auth.firstName}`,
			effectiveOn: lagosDate(deps.now()),
		})
	})
	return custodianship(deps, auth.customerId, purchaseId)
}
