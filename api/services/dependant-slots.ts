import { type SQL, eq, sql } from 'drizzle-orm'
import { DEPENDANTS_A_MEMBER } from '../contract/plans.ts'
import type { Db } from '../db/client.ts'
import { dependants, policies, staff } from '../db/schema.ts'
import type { Deps } from '../deps.ts'
import { ApiError, fieldError } from '../errors.ts'
import type { AuthUser } from '../http.ts'
import { logActivity, policyWithState, record } from './plans.ts'
import { findPolicy } from './policies.ts'

// A staff plan's dependant slots (docs/decisions/051 and 165): how many its members' dependants hold, and
// how many are free for a member's next dependant, and setting them. One count, for the plan's page and for
// adding one.

/** The dependants a plan's slots hold: those of its members (`except` one being edited), as a count. */
const dependantsOn = (planId: SQL | string, except?: string) =>
	sql`(select count(*) from ${dependants} d join ${staff} m on m.employee_id = d.employee_id
		where m.policy_id = ${planId} ${except ? sql`and d.id <> ${except}` : sql``})`

/** How many dependants hold a slot of the plan now. */
export async function dependantsOnPlan(db: Db, planId: string) {
	const result = (await db.execute(sql`select ${dependantsOn(planId)}::int as used`)) as unknown as { rows: Array<{ used: number }> }
	return Number(result.rows[0]?.used ?? 0)
}

/**
 * Slots free for another dependant on any staff plan this member is on: the plan's bought slots less
 * the dependants its members already have; -1 when the member is on none. Staff plans are standard plans
 * (domain/policies.ts isStaffPlan).
 */
export async function dependantSlotsFree(db: Db, employeeId: string, except?: string) {
	const result = (await db.execute(sql`
		select coalesce(max(p.dependant_slots - ${dependantsOn(sql`p.id`, except)}), -1)::int as free
		from ${staff} s join ${policies} p on p.id = s.policy_id
		where s.employee_id = ${employeeId} and s.ends_on is null`)) as unknown as { rows: Array<{ free: number }> }
	return Number(result.rows[0]?.free ?? -1)
}

const NO_DEPENDANT_SLOTS = 'Only a staff plan has dependant slots.'

/** A staff plan's dependant slots, the dependants holding them, and the most it may have. */
export async function dependantSlotsOf(deps: Deps, auth: AuthUser, id: string) {
	const { policy } = await findPolicy(deps.db, auth.customerId, id)
	if (policy.kind !== 'plan') throw new ApiError(409, NO_DEPENDANT_SLOTS)
	return {
		dependant_slots: policy.dependantSlots,
		dependants: await dependantsOnPlan(deps.db, policy.id),
		max: DEPENDANTS_A_MEMBER * (policy.slots ?? 0),
		monthly_rate: policy.monthlyRate,
	}
}

/**
 * Set how many dependants a live staff plan's members may add between them (decision 165). It holds at
 * once: a dependant is billed for the days covered, as a member is, so no money moves now. The slots go
 * no lower than the dependants holding them, and no higher than five for each of the plan's staff.
 */
export async function setDependantSlots(deps: Deps, auth: AuthUser, id: string, slots: number) {
	const { policy, today, state } = await policyWithState(deps, auth, id)
	if (policy.kind !== 'plan') throw new ApiError(409, NO_DEPENDANT_SLOTS)
	// Live cover, as the plan's managing links show it: ending at its period's end is still live until then.
	if (state === 'pending' || state === 'expired' || state === 'terminated' || state === 'deactivated') {
		throw new ApiError(409, `This plan is ${state}: its dependant slots cannot change.`)
	}
	const max = DEPENDANTS_A_MEMBER * (policy.slots ?? 0)
	if (slots > max) {
		throw fieldError(
			400,
			'dependant_slots',
			`At most ${DEPENDANTS_A_MEMBER} dependants for each of the plan's ${policy.slots} staff: ${max} in all.`,
		)
	}
	if (slots === policy.dependantSlots)
		throw fieldError(400, 'dependant_slots', `The plan already has ${slots} dependant slot${slots === 1 ? '' : 's'}.`)
	const used = await dependantsOnPlan(deps.db, policy.id)
	if (slots < used) {
		throw fieldError(
			409,
			'dependant_slots',
			`${used === 1 ? '1 dependant holds' : `${used} dependants hold`} a slot of this plan: remove dependants before going below ${used}.`,
		)
	}
	const description = `Dependant slots changed from ${policy.dependantSlots} to ${slots}`
	await deps.db.transaction(async (tx) => {
		await tx.update(policies).set({ dependantSlots: slots }).where(eq(policies.id, policy.id))
		await record(tx, auth, policy, {
			kind: 'dependant_slots',
			effectiveOn: today,
			description,
			detail: { from: policy.dependantSlots, to: slots },
		})
		await logActivity(tx, auth, 'plans.dependant_slots', `${auth.firstName}: ${policy.policyNumber}: ${description}`)
	})
	return dependantSlotsOf(deps, auth, id)
}
