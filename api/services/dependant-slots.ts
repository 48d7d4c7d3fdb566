import { type SQL, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { dependants, policies, staff } from '../db/schema.ts'

// A staff plan's dependant slots (docs/decisions/051 and 165): how many its members' dependants hold, and
// how many are free for a member's next dependant. One count, for the plan's page and for adding one.

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
