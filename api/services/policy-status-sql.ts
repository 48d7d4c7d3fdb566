import { type SQL, and, not, sql } from 'drizzle-orm'
import { policies } from '../db/schema.ts'
import type { StatusFilter } from '../domain/policy-state.ts'

// The status filter of GET /policies in SQL, so a page is cut in the database (docs/decisions/121).
// The same rule as `policyFlags` and `matchesStatus` (api/domain/policy-state.ts), read from the same
// stored facts: the policy's status and cover end, and its events not cancelled. Each event test is a
// lookup on policy_events_policy_idx. The list's flags are still computed in JavaScript, on the page.

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
			return and(notEnded, removalComing(today))!
	}
}
