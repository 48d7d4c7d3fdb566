import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { MembersQuery, PlanMember } from '../contract/plans.ts'
import type { Db } from '../db/client.ts'
import { productById, type Product } from '../domain/catalogue/index.ts'
import { personSearchSql } from '../db/like.ts'
import { employees, policies, policyEvents, staff } from '../db/schema.ts'
import { lagosDate } from '../domain/policies.ts'
import { memberToday } from '../domain/policy-state.ts'
import type { Deps } from '../deps.ts'
import { ApiError } from '../errors.ts'
import type { AuthUser } from '../http.ts'
import { findPolicy } from './policies.ts'

// A staff plan's members today, as the plan's screens list them and its changes check them.

type PolicyRow = typeof policies.$inferSelect
type Member = z.output<typeof PlanMember>

export const NOT_A_PLAN = 'Only a staff plan has members.'
export const productOf = (id: number) => productById(id as Product['id'])

/**
 * The members of a staff plan today: its own staff not yet gone, and those moved in from another plan
 * whose move has taken effect. Leaving and moving members are listed with the day they go, joining ones
 * with the day they start: the plan's events and the register's days both say (decision 168).
 */
export async function planMembers(db: Db, customerId: string, policy: PolicyRow, today: string, search?: string): Promise<Member[]> {
	const movedIn = await db
		.select({ staffId: policyEvents.staffId })
		.from(policyEvents)
		.where(
			and(
				eq(policyEvents.toPolicyId, policy.id),
				eq(policyEvents.kind, 'member_migration'),
				isNull(policyEvents.cancelledAt),
				sql`${policyEvents.effectiveOn} <= ${today}`,
			),
		)
	const inIds = movedIn.map((m) => m.staffId).filter((s): s is string => Boolean(s))
	const rows = await db
		.select({ staff, leavesOn: employees.leavesOn, enrolledOn: employees.enrolledOn })
		.from(staff)
		.leftJoin(employees, eq(employees.id, staff.employeeId))
		.where(
			and(
				eq(staff.customerId, customerId),
				inIds.length ? or(eq(staff.policyId, policy.id), inArray(staff.id, inIds)) : eq(staff.policyId, policy.id),
				personSearchSql(staff, search),
			),
		)
		.orderBy(asc(staff.lastName), asc(staff.firstName), asc(staff.id))
	// Every live event of this plan, grouped by member once: a plan of thousands of members is neither one
	// parameter a member nor a scan of every event for each.
	const events = rows.length
		? await db
				.select({
					staffId: policyEvents.staffId,
					kind: policyEvents.kind,
					effectiveOn: policyEvents.effectiveOn,
					toPolicyId: policyEvents.toPolicyId,
					policyId: policyEvents.policyId,
					toNumber: policies.policyNumber,
					toProduct: policies.productId,
				})
				.from(policyEvents)
				.leftJoin(policies, eq(policies.id, policyEvents.toPolicyId))
				.where(and(eq(policyEvents.policyId, policy.id), isNull(policyEvents.cancelledAt)))
		: []
	const eventsOf = new Map<string | null, typeof events>()
	for (const e of events) {
		const own = eventsOf.get(e.staffId)
		if (own) own.push(e)
		else eventsOf.set(e.staffId, [e])
	}
	const members: Member[] = []
	for (const { staff: row, leavesOn, enrolledOn } of rows) {
		// Covered here to the register's last day, or this membership's own end (a member moved in ends with their own plan's row).
		const ends = [leavesOn, row.policyId === policy.id ? row.endsOn : null].filter((d): d is string => d !== null)
		const member = memberToday(
			{ events: eventsOf.get(row.id) ?? [], lastDay: ends.length ? ends.sort()[0]! : null, firstDay: enrolledOn },
			today,
		)
		if (!member) continue
		const { going } = member
		members.push({
			id: row.id,
			name: `${row.firstName} ${row.lastName}`,
			email: row.email,
			phone: row.phone,
			state: member.state,
			effective_on: member.effectiveOn,
			to_plan:
				going?.kind === 'member_migration' && going.toPolicyId && going.toNumber && going.toProduct
					? { id: going.toPolicyId, policy_number: going.toNumber, product_name: productOf(going.toProduct).name }
					: null,
		})
	}
	return members
}

/**
 * A page of a plan's members, those the search matches (docs/decisions/166-plan-members-a-page.md). A plan has
 * at most 1,000 members, so the page is cut from the plan's members read whole, their states decided once.
 */
export async function membersOf(deps: Deps, auth: AuthUser, id: string, query: z.output<typeof MembersQuery>) {
	const { policy } = await findPolicy(deps.db, auth.customerId, id)
	if (policy.kind !== 'plan') throw new ApiError(409, NOT_A_PLAN)
	const today = lagosDate(deps.now())
	const matching = await planMembers(deps.db, auth.customerId, policy, today, query.q)
	const onPlan = query.q ? (await planMembers(deps.db, auth.customerId, policy, today)).length : matching.length
	const from = (query.page - 1) * query.page_size
	return {
		members: matching.slice(from, from + query.page_size),
		total: matching.length,
		on_plan: onPlan,
		page: query.page,
		page_size: query.page_size,
		slots: policy.slots,
		monthly_rate: policy.monthlyRate,
	}
}
