import { registerPeople, type Person } from '../../services/employees.ts'
import type { Tx } from '../client.ts'
import * as t from '../schema.ts'

/**
 * A demo staff plan's people, as a purchase's upload enrols them (services/batch.ts): each put on the
 * business's staff list, or matched there by address, and made an active member of the plan `planOf`
 * names for them: on the list from `enrolledOn`, on the plan from `at`.
 */
export async function enrolDemoMembers(
	tx: Tx,
	customerId: string,
	people: readonly Person[],
	planOf: (index: number) => string,
	enrolledOn: string,
	at: Date,
) {
	const register = await registerPeople(tx, customerId, people, enrolledOn)
	return tx
		.insert(t.staff)
		.values(
			people.map((p, i) => ({
				customerId,
				policyId: planOf(i),
				employeeId: register.get(p.email.toLowerCase()) ?? null,
				firstName: p.first_name,
				lastName: p.last_name,
				email: p.email,
				phone: p.phone,
				gender: p.gender,
				dateOfBirth: p.date_of_birth || null,
				status: 'active' as const,
				enrolledAt: at,
			})),
		)
		.returning()
}
