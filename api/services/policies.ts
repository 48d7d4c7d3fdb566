import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import { POLICIES_COUNT_CAP, type PoliciesQuery, type Policy } from '../contract/purchases.ts'
import type { Db, Tx } from '../db/client.ts'
import { policies, policyEvents, purchases, users } from '../db/schema.ts'
import { PLAN_ENDING_EVENTS, planBillingDay } from '../domain/billing.ts'
import { productById, type Product } from '../domain/catalogue/index.ts'
import { lagosDate } from '../domain/policies.ts'
import { canEndAtOnce, effectiveDate, type PolicyEventFact, policyFlags } from '../domain/policy-state.ts'
import { renewable } from '../domain/renewals.ts'
import { ApiError } from '../errors.ts'
import { registerLeavingSql, statusSql } from './policy-status-sql.ts'

// Policies as the API reads them: one, a page of a business's (filtered in SQL, decision 121), the
// products it holds, and the live events their flags come from.

type PolicyRow = typeof policies.$inferSelect
const productOf = (id: number) => productById(id as Product['id'])
const ends = new Set<string>(PLAN_ENDING_EVENTS)

/**
 * A policy as the API answers with it; its flags from its stored events (none for one just bought) and, for
 * a plan, whether the staff register has members of it leaving (`plansLeaving`).
 */
export function serializePolicy(
	policy: PolicyRow,
	custodian: { id: string; name: string } | null,
	now: Date,
	events: readonly PolicyEventFact[] = [],
	registerLeaving = false,
): Policy {
	const product = productOf(policy.productId)
	const { state, ...flags } = policyFlags(policy, events, lagosDate(now), registerLeaving)
	return {
		id: policy.id,
		purchase_id: policy.purchaseId,
		kind: policy.kind,
		policy_number: policy.policyNumber,
		product_id: policy.productId,
		product_name: product.name,
		category: product.category,
		provider: product.provider,
		status: policy.status,
		state,
		...flags,
		premium: policy.premium,
		period: policy.period,
		cover_start: policy.coverStart,
		cover_end: policy.coverEnd,
		custodian,
		slots: policy.slots,
		monthly_rate: policy.monthlyRate,
		auto_renew: policy.autoRenew,
		next_billing_date: planBillingDay(
			{
				kind: policy.kind,
				status: policy.status,
				coverStart: policy.coverStart,
				coverEnd: policy.coverEnd,
				activatedOn: policy.activatedAt ? lagosDate(policy.activatedAt) : null,
				endedOn:
					events
						.filter((e) => !e.staffId && ends.has(e.kind))
						.map((e) => e.effectiveOn)
						.sort()[0] ?? null,
			},
			lagosDate(now),
		),
		activated_at: policy.activatedAt?.toISOString() ?? null,
		created_at: policy.createdAt.toISOString(),
		ends_at_once: canEndAtOnce(policy),
		next_period_start: effectiveDate({ kind: 'period_end' }, policy, lagosDate(now)),
		renewal_due: renewable({ kind: policy.kind, period: policy.period, coverEnd: policy.coverEnd, state }, lagosDate(now)),
	}
}

const custodianName = sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`
/** A custodian named from the staff register (docs/decisions/052) stands before the buyer. */
const staffCustodianName = sql<
	string | null
>`(select e.first_name || ' ' || e.last_name from employees e where e.id = ${policies.custodianEmployeeId})`

function custodianOf(policy: typeof policies.$inferSelect, userName: string | null, staffName: string | null) {
	if (policy.custodianEmployeeId && staffName) return { id: policy.custodianEmployeeId, name: staffName }
	return policy.custodianUserId && userName ? { id: policy.custodianUserId, name: userName } : null
}

/**
 * A page of the business's policies and plans, newest first, each with its custodian; `status` keeps
 * those whose flag holds, `kind` policies or staff plans. Filtered and cut in the database (the status
 * rule in SQL: policy-status-sql.ts), counted up to POLICIES_COUNT_CAP + 1; only the page's events are
 * read, for its flags (docs/decisions/121-policies-in-sql.md).
 */
export async function listPolicies(db: Db, customerId: string, now: Date, query: PoliciesQuery) {
	const today = lagosDate(now)
	const where = and(
		eq(policies.customerId, customerId),
		query.kind ? eq(policies.kind, query.kind) : undefined,
		query.status ? statusSql(query.status, today) : undefined,
	)
	const [rows, counted] = await Promise.all([
		db
			.select({ policy: policies, custodianName, staffCustodianName })
			.from(policies)
			.leftJoin(users, eq(users.id, policies.custodianUserId))
			.where(where)
			.orderBy(desc(policies.createdAt), desc(policies.id))
			.limit(query.page_size)
			.offset((query.page - 1) * query.page_size),
		db.execute(sql`select count(*)::int as n from (select 1 from ${policies} where ${where} limit ${POLICIES_COUNT_CAP + 1}) as capped`),
	])
	const ids = rows.map((r) => r.policy.id)
	const [events, leaving] = rows.length
		? await Promise.all([liveEvents(db, { customerId, policyIds: ids }), plansLeaving(db, ids, today)])
		: [[], new Set()]
	const byPolicy = new Map<string, typeof events>()
	for (const e of events) byPolicy.set(e.policyId, [...(byPolicy.get(e.policyId) ?? []), e])
	return {
		items: rows.map((r) =>
			serializePolicy(
				r.policy,
				custodianOf(r.policy, r.custodianName, r.staffCustodianName),
				now,
				byPolicy.get(r.policy.id) ?? [],
				leaving.has(r.policy.id),
			),
		),
		page: query.page,
		page_size: query.page_size,
		total: Number((counted as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0),
	}
}

/** Of these policies, the staff plans the staff register has some member of leaving (policy-status-sql.ts). */
export async function plansLeaving(db: Db | Tx, ids: readonly string[], today: string) {
	if (!ids.length) return new Set<string>()
	const rows = await db
		.select({ id: policies.id })
		.from(policies)
		.where(and(inArray(policies.id, [...ids]), registerLeavingSql(today)))
	return new Set(rows.map((r) => r.id))
}

/** The products the business holds cover of, each once: a claims filter's options. */
export async function heldProducts(db: Db, customerId: string) {
	const rows = await db.selectDistinct({ productId: policies.productId }).from(policies).where(eq(policies.customerId, customerId))
	return rows
		.map((r) => ({ product_id: r.productId, product_name: productOf(r.productId).name }))
		.sort((a, b) => a.product_name.localeCompare(b.product_name) || a.product_id - b.product_id)
}

/** The events not cancelled of a business, or of one policy: the facts its flags are computed from. */
export async function liveEvents(db: Db | Tx, where: { customerId: string; policyId?: string; policyIds?: readonly string[] }) {
	return (
		db
			.select({
				policyId: policyEvents.policyId,
				staffId: policyEvents.staffId,
				kind: policyEvents.kind,
				effectiveOn: policyEvents.effectiveOn,
				toPolicyId: policyEvents.toPolicyId,
			})
			.from(policyEvents)
			.where(
				and(
					eq(policyEvents.customerId, where.customerId),
					isNull(policyEvents.cancelledAt),
					where.policyId ? eq(policyEvents.policyId, where.policyId) : undefined,
					where.policyIds ? inArray(policyEvents.policyId, [...where.policyIds]) : undefined,
				),
			)
			// In the order they were written, so of two changes dated the same day the later one holds (a pause, then its resume).
			.orderBy(asc(policyEvents.createdAt), asc(policyEvents.id))
	)
}

/** One of the business's policies; another business's is not found. */
export async function findPolicy(db: Db, customerId: string, id: string) {
	const [row] = await db
		.select({ policy: policies, custodianName, staffCustodianName, purchase: purchases })
		.from(policies)
		.innerJoin(purchases, eq(purchases.id, policies.purchaseId))
		.leftJoin(users, eq(users.id, policies.custodianUserId))
		.where(and(eq(policies.customerId, customerId), eq(policies.id, id)))
	if (!row) throw new ApiError(404, 'We could not find that policy.')
	return { ...row, custodian: custodianOf(row.policy, row.custodianName, row.staffCustodianName) }
}
