import { type SQL, and, not, or, sql } from 'drizzle-orm'
import { policies } from '../db/schema.ts'
import type { StatusFilter } from '../domain/policy-state.ts'

// The status filter of GET /policies in SQL, so a page is cut in the database (docs/decisions/121).
// The same rule as `policyFlags` and `matchesStatus` (api/domain/policy-state.ts), read from the same
// stored facts: the policy's status and cover end, its events not cancelled, and for a plan's leaving
// members the staff register. Each event test is a lookup on policy_events_policy_idx. The list's flags
// are still computed in JavaScript, on the page, but for the register's leavers, read with this SQL.

/** The policy's own live event of `kind` (not a member's), holding by today or still to come. */
const ownEvent = (kind: 'terminate' | 'deactivate', when: 'due' | 'coming', today: string) =>
	sql`exists (select 1 from policy_events e where e.policy_id = ${policies.id} and e.cancelled_at is null
		and e.staff_id is null and e.kind = ${kind} and e.effective_on ${when === 'due' ? sql`<=` : sql`>`} ${today}::date)`

/** The latest pause or resume in force is a pause: of two the same day, the one written later. */
const pausedSql = (today: string) =>
	sql`coalesce((select e.kind = 'pause' from policy_events e where e.policy_id = ${policies.id} and e.cancelled_at is null
		and e.staff_id is null and e.kind in ('pause', 'resume') and e.effective_on <= ${today}::date
		order by e.effective_on desc, e.created_at desc, e.id desc limit 1), false)`

/** Some member of it leaves at a date to come. */
const removalComing = (today: string) =>
	sql`exists (select 1 from policy_events e where e.policy_id = ${policies.id} and e.cancelled_at is null
		and e.staff_id is not null and e.kind = 'member_removal' and e.effective_on > ${today}::date)`

/** The plan's member `staffId` is not yet removed or moved away by the plan's events holding on `day`. */
export const notGoneBy = (plan: SQL | string, staffId: SQL, day: SQL) =>
	sql`not exists (select 1 from policy_events g where g.policy_id = ${plan} and g.staff_id = ${staffId} and g.cancelled_at is null
		and g.kind in ('member_removal', 'member_migration') and g.effective_on <= ${day})`
const notGone = (today: string) => notGoneBy(sql`${policies.id}`, sql`s.id`, sql`${today}::date`)

/**
 * Some member of a staff plan the staff register has leaving (decision 168, as `memberToday` reads it): a
 * member on its sheet, or moved in, not gone by the plan's events, whose last day here (the register's
 * leaving day, or the membership's own end) is today or later. Each lookup is on an index: the sheet's
 * (staff_policy_email_idx), the moves in (policy_events_to_policy_idx).
 */
export const registerLeavingSql = (today: string) =>
	sql`(${policies.kind} = 'plan' and (exists (select 1 from staff s left join employees emp on emp.id = s.employee_id
		where s.policy_id = ${policies.id} and least(emp.leaves_on, s.ends_on) >= ${today}::date and ${notGone(today)})
	or exists (select 1 from policy_events m join staff s on s.id = m.staff_id join employees emp on emp.id = s.employee_id
		where m.to_policy_id = ${policies.id} and m.kind = 'member_migration' and m.cancelled_at is null
		and m.effective_on <= ${today}::date and emp.leaves_on >= ${today}::date and ${notGone(today)})))`

/** Whether a policy's flag for `status` holds on `today`, as a condition on the policies row. */
export function statusSql(status: StatusFilter, today: string): SQL {
	const terminated = ownEvent('terminate', 'due', today)
	const deactivated = ownEvent('deactivate', 'due', today)
	const notEnded = and(not(terminated), not(deactivated))!
	const current = and(notEnded, sql`${policies.coverEnd} >= ${today}::date`)!
	switch (status) {
		case 'pending':
			return and(current, sql`${policies.status} = 'pending'`)!
		case 'active':
			return and(current, sql`${policies.status} = 'active'`, not(pausedSql(today)))!
		case 'paused':
			return and(current, sql`${policies.status} = 'active'`, pausedSql(today))!
		case 'expired':
			return sql`${policies.coverEnd} < ${today}::date`
		case 'deactivated':
			return and(not(terminated), deactivated)!
		case 'terminated':
			return terminated
		case 'to_be_deactivated':
			return and(notEnded, ownEvent('deactivate', 'coming', today))!
		case 'to_be_terminated':
			return and(notEnded, ownEvent('terminate', 'coming', today))!
		case 'to_be_removed':
			return and(notEnded, or(removalComing(today), registerLeavingSql(today)))!
	}
}
