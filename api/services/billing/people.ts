import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { HealthProductId } from '../../contract/product-ids.ts'
import type { Db, Tx } from '../../db/client.ts'
import { dependants, employees, policies, policyEvents, staff } from '../../db/schema.ts'
import {
	type BilledDependant,
	type BilledMember,
	type InvoiceLine,
	billingPeriod,
	invoiceLines as linesFor,
	nextBill,
	PLAN_ENDING_EVENTS,
	planDays,
	totalOf,
} from '../../domain/billing.ts'
import { addDays, lagosDate } from '../../domain/policies.ts'
import { HEALTH_MONTHLY_RATES } from '../../domain/pricing/health.ts'

// Who and what a staff plan bills for a month (docs/decisions/095-billing-of-staff-plans.md): its window
// of cover, its rate, its members and dependants as days on it, and the lines they make.

type PolicyRow = typeof policies.$inferSelect

export const max = (...days: (string | null | undefined)[]) =>
	days
		.filter((d): d is string => Boolean(d))
		.sort()
		.at(-1)!
const min = (...days: (string | null | undefined)[]) => days.filter((d): d is string => Boolean(d)).sort()[0] ?? null

/** The plan's rate per person for the month: its own, or a plan change in force by the month's 1st (decision 079). */
async function rateFor(db: Db | Tx, plan: PolicyRow, monthStart: string) {
	const [change] = await db
		.select({ detail: policyEvents.detail })
		.from(policyEvents)
		.where(
			and(
				eq(policyEvents.policyId, plan.id),
				eq(policyEvents.kind, 'plan_change'),
				isNull(policyEvents.cancelledAt),
				sql`${policyEvents.effectiveOn} <= ${monthStart}`,
			),
		)
		.orderBy(desc(policyEvents.effectiveOn), desc(policyEvents.createdAt))
		.limit(1)
	const productId = change?.detail?.product_id
	return (productId ? HEALTH_MONTHLY_RATES[Number(productId) as HealthProductId] : undefined) ?? plan.monthlyRate ?? 0
}

/** The plan's own days of cover (`planDays`), its end read from its ending events. */
async function planWindow(db: Db | Tx, plan: PolicyRow) {
	const [ended] = await db
		.select({ on: sql<string>`min(${policyEvents.effectiveOn})` })
		.from(policyEvents)
		.where(and(eq(policyEvents.policyId, plan.id), inArray(policyEvents.kind, [...PLAN_ENDING_EVENTS]), isNull(policyEvents.cancelledAt)))
	return planDays({
		coverStart: plan.coverStart,
		coverEnd: plan.coverEnd,
		activatedOn: plan.activatedAt ? lagosDate(plan.activatedAt) : null,
		endedOn: ended?.on ? String(ended.on).slice(0, 10) : null,
	})
}

/** Principals whose dependants one statement reads: well under the 65,535 parameters a statement may have. */
const PRINCIPALS_A_STATEMENT = 5_000

/**
 * Everyone the plan bills, as days on it: its own staff (from their enrolment to when they leave the
 * register or the plan, or are removed or moved away), members moved in (from their move), and the
 * dependants of members whose first staff plan with dependant slots this is.
 */
export async function billedPeople(db: Db | Tx, plan: PolicyRow) {
	const window = await planWindow(db, plan)
	const moves = await db
		.select({ staffId: policyEvents.staffId, effectiveOn: policyEvents.effectiveOn })
		.from(policyEvents)
		.where(and(eq(policyEvents.toPolicyId, plan.id), eq(policyEvents.kind, 'member_migration'), isNull(policyEvents.cancelledAt)))
	const movedIn = new Map(moves.filter((m) => m.staffId).map((m) => [m.staffId!, m.effectiveOn]))
	const rows = await db
		.select({ staff, employee: employees })
		.from(staff)
		.leftJoin(employees, eq(employees.id, staff.employeeId))
		.where(
			and(
				eq(staff.customerId, plan.customerId),
				movedIn.size ? sql`(${staff.policyId} = ${plan.id} or ${inArray(staff.id, [...movedIn.keys()])})` : eq(staff.policyId, plan.id),
			),
		)
	// The plan's members leaving or moving on, read once by the plan's index and grouped by member: a plan of
	// any size is neither one parameter a member (a statement takes at most 65,535) nor a scan a member.
	const leaving = rows.length
		? await db
				.select({ staffId: policyEvents.staffId, effectiveOn: policyEvents.effectiveOn })
				.from(policyEvents)
				.where(
					and(
						eq(policyEvents.policyId, plan.id),
						inArray(policyEvents.kind, ['member_removal', 'member_migration']),
						isNull(policyEvents.cancelledAt),
					),
				)
		: []
	const goneOn = new Map<string, string[]>()
	for (const e of leaving) {
		if (!e.staffId) continue
		const last = addDays(e.effectiveOn, -1)
		const own = goneOn.get(e.staffId)
		if (own) own.push(last)
		else goneOn.set(e.staffId, [last])
	}
	const members: (BilledMember & { employeeId: string | null })[] = []
	for (const { staff: row, employee } of rows) {
		const inFrom = movedIn.get(row.id)
		const first = max(window.start, inFrom ?? null, employee?.enrolledOn)
		const gone = goneOn.get(row.id) ?? []
		const last = min(window.end, row.policyId === plan.id ? row.endsOn : null, employee?.leavesOn, ...gone)
		if (last !== null && last < first) continue
		members.push({ id: row.id, name: `${row.firstName} ${row.lastName}`, firstDay: first, lastDay: last, employeeId: row.employeeId })
	}
	const principals = new Map(members.filter((m) => m.employeeId).map((m) => [m.employeeId!, m]))
	const family: BilledDependant[] = []
	const principalIds = [...principals.keys()]
	const batches = Array.from({ length: Math.ceil(principalIds.length / PRINCIPALS_A_STATEMENT) }, (_, i) =>
		principalIds.slice(i * PRINCIPALS_A_STATEMENT, (i + 1) * PRINCIPALS_A_STATEMENT),
	)
	for (const batch of plan.dependantSlots > 0 ? batches : []) {
		const rows = await db
			.select({ dependant: dependants })
			.from(dependants)
			.where(
				and(
					inArray(dependants.employeeId, batch),
					// Billed on one plan: the principal's first staff plan that has dependant slots.
					sql`${plan.id} = (select p.id from ${staff} s join ${policies} p on p.id = s.policy_id
						where s.employee_id = ${dependants.employeeId} and p.dependant_slots > 0 order by p.created_at, p.id limit 1)`,
				),
			)
		for (const { dependant } of rows) {
			const principal = principals.get(dependant.employeeId)!
			family.push({
				id: dependant.id,
				name: `${dependant.firstName} ${dependant.lastName}`,
				principal: principal.name,
				firstDay: max(principal.firstDay, lagosDate(dependant.createdAt)),
				lastDay: principal.lastDay,
			})
		}
	}
	return { window, members, dependants: family }
}

/** The lines a plan owes for the month starting `monthStart`, from the facts as they are now (or as `people` read them). */
export async function linesForMonth(
	db: Db | Tx,
	plan: PolicyRow,
	monthStart: string,
	read?: Awaited<ReturnType<typeof billedPeople>>,
): Promise<InvoiceLine[]> {
	const people = read ?? (await billedPeople(db, plan))
	if (people.window.start > billingPeriod(monthStart).end || people.window.end < monthStart) return []
	return linesFor({ monthStart, rate: await rateFor(db, plan, monthStart), members: people.members, dependants: people.dependants })
}

/**
 * A live staff plan's next bill (decision 161): the month the run bills next, as `nextBill` finds it from
 * the plan's own days, and what it would bill for it from the facts as they are now: the people on the
 * plan that month at that month's rate. Null for a policy, a plan waiting for activation or one that
 * bills no month more.
 */
export async function planNextBill(db: Db | Tx, plan: PolicyRow, today: string) {
	if (plan.kind !== 'plan' || plan.status !== 'active') return null
	const people = await billedPeople(db, plan)
	const days = { start: people.window.start, coverEnd: people.window.end, endedOn: null, plans: 1 }
	// A month that bills nobody is settled without an invoice (the plan's members all join later): then the next.
	for (let from = today, tries = 0; tries < 2; tries++) {
		const bill = nextBill([days], from)
		if (!bill) return null
		const lines = await linesForMonth(db, plan, bill.month, people)
		if (lines.length)
			return { month: bill.month, issued_on: bill.issued_on, due_on: bill.due_on, amount: totalOf(lines), people: lines.length }
		from = bill.issued_on
	}
	return null
}
