import { and, asc, count, eq, notInArray, sql } from 'drizzle-orm'
import type { Dashboard, DashboardPolicy } from '../contract/dashboard.ts'
import type { ProductId } from '../contract/product-ids.ts'
import { claims, policies } from '../db/schema.ts'
import { FINISHED_STATUSES } from '../domain/claims.ts'
import { productById } from '../domain/catalogue/index.ts'
import {
	RENEWAL_WINDOW_DAYS,
	coverByLine,
	isLive,
	isRenewalDue,
	isWaiting,
	nextBill,
	spendByMonth,
	spendStart,
	visibleParts,
} from '../domain/dashboard.ts'
import { lagosDate } from '../domain/policies.ts'
import type { Deps } from '../deps.ts'
import type { AuthUser } from '../http.ts'
import { walletBalance } from './ledger.ts'
import { readCustomer, todosOf } from './todos.ts'

/** The most policies home lists in one part. */
const LISTED = 5

async function rows<T>(deps: Deps, query: ReturnType<typeof sql>) {
	return ((await deps.db.execute(query)) as unknown as { rows: T[] }).rows
}

/**
 * Cover paid for in each month since `start` (a day in Lagos): paid purchases, from the wallet or by
 * card, in the month (Lagos time, UTC+1) they were made, as the transaction history dates them. A staff
 * plan's subscription moves no money and is not spend. Reads purchases_customer_idx (customer, created_at).
 */
function spendSince(deps: Deps, customerId: string, start: string) {
	return rows<{ month: string; amount: string | number }>(
		deps,
		sql`select to_char((created_at at time zone 'UTC') + interval '1 hour', 'YYYY-MM') as month, sum(amount) as amount
			from purchases
			where customer_id = ${customerId} and status = 'paid' and created_at >= ${`${start}T00:00:00+01:00`}::timestamptz
			group by 1`,
	)
}

/** People enrolled on the business's staff plans whose cover has not ended, each email counted once. */
async function staffCovered(deps: Deps, customerId: string, today: string) {
	const [row] = await rows<{ covered: number; pending: number; plans: number }>(
		deps,
		sql`select count(distinct lower(staff.email)) filter (where staff.status = 'active')::int as covered,
				count(distinct lower(staff.email)) filter (where staff.status = 'pending')::int as pending,
				count(distinct staff.policy_id)::int as plans
			from staff join policies on policies.id = staff.policy_id
			where staff.customer_id = ${customerId} and policies.cover_end >= ${today}`,
	)
	return { covered: Number(row?.covered ?? 0), pending: Number(row?.pending ?? 0), plans: Number(row?.plans ?? 0) }
}

/** The business's claims still under way (reads claims_customer_idx). */
async function openClaims(deps: Deps, customerId: string) {
	const [row] = await deps.db
		.select({ open: count() })
		.from(claims)
		.where(and(eq(claims.customerId, customerId), notInArray(claims.status, [...FINISHED_STATUSES])))
	return { open: Number(row?.open ?? 0) }
}

/** Home in one answer: each part the member's role allows, read with as few queries as the parts need. */
export async function dashboardOf(deps: Deps, auth: AuthUser): Promise<Dashboard> {
	const today = lagosDate(deps.now())
	const customer = await readCustomer(deps, auth.customerId)
	const parts = visibleParts(customer.kind, auth.permissions)
	const [cover, balance, spent, staff, claimsOpen] = await Promise.all([
		deps.db
			.select({
				id: policies.id,
				kind: policies.kind,
				productId: policies.productId,
				policyNumber: policies.policyNumber,
				status: policies.status,
				coverEnd: policies.coverEnd,
				autoRenew: policies.autoRenew,
				nextBillingDate: policies.nextBillingDate,
				slots: policies.slots,
				monthlyRate: policies.monthlyRate,
				period: policies.period,
			})
			.from(policies)
			.where(eq(policies.customerId, auth.customerId))
			.orderBy(asc(policies.createdAt), asc(policies.id)),
		parts.has('wallet') ? walletBalance(deps.db, auth.customerId) : null,
		parts.has('spend') ? spendSince(deps, auth.customerId, spendStart(today)) : null,
		parts.has('staff') ? staffCovered(deps, auth.customerId, today) : null,
		parts.has('claims') ? openClaims(deps, auth.customerId) : null,
	])
	const todos = await todosOf(deps, auth, { customer, cover })
	const described = cover.map((p) => {
		const product = productById(p.productId as ProductId)
		return { ...p, category: product.category, productName: product.name }
	})
	const listed = (p: (typeof described)[number]): DashboardPolicy => ({
		id: p.id,
		kind: p.kind,
		policy_number: p.policyNumber,
		product_name: p.productName,
		category: p.category,
		status: p.status,
		cover_end: p.coverEnd,
		auto_renew: p.autoRenew,
	})
	const due = described.filter((p) => isRenewalDue(p, today)).sort((a, b) => a.coverEnd.localeCompare(b.coverEnd))
	return {
		kind: customer.kind,
		today,
		wallet: balance === null ? null : { balance },
		cover: parts.has('cover')
			? {
					...coverByLine(described, today),
					policies: described
						.filter((p) => isLive(p, today) || isWaiting(p, today))
						.reverse()
						.slice(0, LISTED)
						.map(listed),
				}
			: null,
		staff,
		spend: spent
			? spendByMonth(
					spent.map((r) => ({ month: r.month, amount: Number(r.amount) })),
					today,
				)
			: null,
		next_bill: parts.has('next_bill')
			? {
					bill: nextBill(
						described.filter((p) => p.kind === 'plan'),
						today,
					),
				}
			: null,
		renewals: parts.has('renewals') ? { window_days: RENEWAL_WINDOW_DAYS, due: due.length, items: due.slice(0, LISTED).map(listed) } : null,
		claims: claimsOpen,
		todos,
	}
}
