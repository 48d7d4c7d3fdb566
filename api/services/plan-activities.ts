import { type SQL, sql } from 'drizzle-orm'
import { PLAN_ACTIVITIES_PAGE_SIZE } from '../contract/plans.ts'
import type { policies } from '../db/schema.ts'
import { lagosDate } from '../domain/policies.ts'
import type { Deps } from '../deps.ts'
import type { AuthUser } from '../http.ts'
import { findPolicy } from './policies.ts'
import { notGoneBy } from './policy-status-sql.ts'

// A plan's or policy's activity list (decision 167), with what the staff register did to its members
// (decision 171): the plan's own events and its members', the moves into it, and from the register each
// member's leaving, coming back, removal from this plan alone and enrolment on it.

/** The register's changes that concern every plan a person is on: leaving the staff list, and coming back. */
const PERSON_KINDS = ['removed', 'deactivated', 'replaced', 'reactivated']
/** The register's changes recorded against one plan. */
const PLAN_KINDS = ['removed_from_plan', 'enrolled']

/** The day, in Lagos, a register event was written. */
const seDay = sql`(se.created_at at time zone 'Africa/Lagos')::date`
const kinds = (list: readonly string[]) =>
	sql.join(
		list.map((k) => sql`${k}`),
		sql`, `,
	)

/** A register line: the person's name before the event's own words, its day the day it holds. */
const register = (from: SQL) => sql`select se.id, se.kind, emp.first_name || ' ' || emp.last_name || ': ' || se.description as description,
		coalesce(se.effective_on, ${seDay}) as effective_on, false as cancelled, se.user_id as actor_id, se.created_at ${from}`

/**
 * Every line of the list, whichever table it comes from. A person's leaving or coming back is on the plan
 * they were on that day: on its sheet and not yet removed or moved away by it, or moved into it by then.
 */
function lines(policy: typeof policies.$inferSelect): SQL {
	const stillHere = notGoneBy(policy.id, sql`s.id`, seDay)
	const personal = sql`se.policy_id is null and se.kind in (${kinds(PERSON_KINDS)})
		and se.created_at >= ${policy.createdAt.toISOString()}::timestamptz and ${stillHere}`
	return sql`select e.id, e.kind, e.description, e.effective_on, e.cancelled_at is not null as cancelled,
			e.actor_user_id as actor_id, e.created_at
		from policy_events e where e.policy_id = ${policy.id} or e.to_policy_id = ${policy.id}
		union all
		${register(sql`from staff_events se join employees emp on emp.id = se.employee_id
			where se.policy_id = ${policy.id} and se.kind in (${kinds(PLAN_KINDS)})`)}
		union all
		${register(sql`from staff s join staff_events se on se.employee_id = s.employee_id join employees emp on emp.id = s.employee_id
			where s.policy_id = ${policy.id} and (s.ends_on is null or ${seDay} <= s.ends_on) and ${personal}`)}
		union all
		${register(sql`from policy_events m join staff s on s.id = m.staff_id
			join staff_events se on se.employee_id = s.employee_id join employees emp on emp.id = s.employee_id
			where m.to_policy_id = ${policy.id} and m.kind = 'member_migration' and m.cancelled_at is null
			and ${seDay} >= m.effective_on and ${personal}`)}`
}

type Row = {
	id: string
	kind: string
	description: string
	effective_on: string
	cancelled: boolean
	actor: string | null
	created_at: string
}

/**
 * A page of the plan's activity list, newest first. The page and the count read the plan's events, its
 * members' register events and the moves into it by their indexes, never the business's others: a plan has
 * at most 1,000 members and a few lines each, so the sort is bounded by the plan (decisions 167 and 171).
 */
export async function planActivities(deps: Deps, auth: AuthUser, id: string, page: number) {
	const { policy } = await findPolicy(deps.db, auth.customerId, id)
	const today = lagosDate(deps.now())
	const all = lines(policy)
	const [rows, counted] = await Promise.all([
		deps.db.execute(sql`select l.id, l.kind, l.description, l.effective_on::text as effective_on, l.cancelled,
				u.first_name || ' ' || u.last_name as actor,
				to_char(l.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
			from (${all}) as l left join users u on u.id = l.actor_id
			order by l.created_at desc, l.id desc
			limit ${PLAN_ACTIVITIES_PAGE_SIZE} offset ${(page - 1) * PLAN_ACTIVITIES_PAGE_SIZE}`),
		deps.db.execute(sql`select count(*)::int as n from (${all}) as l`),
	])
	const items = (rows as unknown as { rows: Row[] }).rows.map((r) => ({ ...r, upcoming: r.effective_on > today }))
	const total = Number((counted as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0)
	return { items, page, page_size: PLAN_ACTIVITIES_PAGE_SIZE, total }
}
