import { type SQL, and, asc, eq, gte, sql } from 'drizzle-orm'
import { formatNairaFull } from '../contract/money.ts'
import type { ProductId } from '../contract/product-ids.ts'
import { customers, policies, policyNotices } from '../db/schema.ts'
import { productById } from '../domain/catalogue/index.ts'
import { addDays, lagosDate } from '../domain/policies.ts'
import { LATE_RENEWAL_DAYS } from '../domain/renewals.ts'
import { deriveTodos, type RenewalTodo } from '../domain/todos.ts'
import type { Deps } from '../deps.ts'
import { unpaidInvoices } from './billing.ts'
import { claimsAwaitingCustomer } from './claims.ts'
import type { AuthUser } from '../http.ts'

/** The most todos of one kind home lists: the oldest policies waiting for details, as claims and invoices are cut. */
export const TODOS_LISTED = 5
/** How far the staff changes still to come are counted (api/domain/todos.ts says "more than" past it). */
export const STAFF_CHANGES_CAP = 1_000

export const readCustomer = async (deps: Deps, customerId: string) =>
	(await deps.db.select().from(customers).where(eq(customers.id, customerId)))[0]!

/**
 * What the todos know of the account besides its customer, each a bounded read: whether it was ever
 * funded, bought cover, has staff (each an `exists`), and its staff changes still to come, counted by
 * index up to the cap (docs/decisions/050-staff-lifecycle.md). Columns of the customer's own read.
 */
export const todoFacts = (customerId: string, today: string) => ({
	walletFunded: sql<boolean>`exists (select 1 from payments p where p.customer_id = ${customerId} and p.purpose = 'funding' and p.status = 'success')`,
	hasCover: sql<boolean>`exists (select 1 from policies p where p.customer_id = ${customerId})`,
	hasStaff: sql<boolean>`exists (select 1 from employees e where e.customer_id = ${customerId})`,
	staffChangesPending: sql<number>`(
		(select count(*) from (select 1 from employees e where e.customer_id = ${customerId} and e.leaves_on >= ${today}::date limit ${STAFF_CHANGES_CAP + 1}) as leaving)
		+ (select count(*) from (select 1 from employees e where e.customer_id = ${customerId} and e.leaves_on is null and e.enrolled_on > ${today}::date limit ${STAFF_CHANGES_CAP + 1}) as joining))::int`,
})

/** The customer and the todos' facts in one statement; home adds its own figures as further columns. */
export async function readAccount<Extra extends Record<string, SQL.Aliased | SQL>>(
	deps: Deps,
	customerId: string,
	today: string,
	extra: Extra = {} as Extra,
) {
	const [row] = await deps.db
		.select({ customer: customers, ...todoFacts(customerId, today), ...extra })
		.from(customers)
		.where(eq(customers.id, customerId))
	return row!
}
export type Account = Awaited<ReturnType<typeof readAccount>>

/**
 * What the account still has to do (docs/decisions/009-todos.md). Every read is bounded: the oldest few
 * policies waiting for details, claims and invoices, never all of them. Home passes the account it has
 * already read with its own figures.
 */
export async function todosOf(deps: Deps, auth: AuthUser, known?: Account) {
	const today = lagosDate(deps.now())
	const [account, waiting, claims, asked] = await Promise.all([
		known ?? readAccount(deps, auth.customerId, today),
		auth.permissions.includes('plans.manage') ? waitingPolicies(deps, auth.customerId, today) : [],
		auth.permissions.includes('claims.manage') ? claimsAwaitingCustomer(deps.db, auth.customerId) : [],
		auth.permissions.includes('products.buy') ? renewalsAsked(deps, auth.customerId, today) : [],
	])
	const { customer } = account
	const unpaid = auth.permissions.includes('invoices.view') ? await unpaidInvoices(deps.db, auth.customerId, 3) : []
	return deriveTodos({
		kind: customer.kind,
		emailVerified: Boolean(auth.emailVerifiedAt),
		sector: customer.sector,
		businessType: customer.businessType,
		cacVerified: Boolean(customer.meta.cac_verified),
		canManageBusiness: auth.permissions.includes('business.manage'),
		walletFunded: Boolean(account.walletFunded),
		canFundWallet: auth.permissions.includes('wallet.fund'),
		hasCover: Boolean(account.hasCover),
		canBuy: auth.permissions.includes('products.buy'),
		pendingPolicies: waiting,
		canManagePlans: auth.permissions.includes('plans.manage'),
		hasStaff: Boolean(account.hasStaff),
		canManageStaff: auth.permissions.includes('employees.manage'),
		staffChangesPending: Number(account.staffChangesPending ?? 0),
		claims,
		invoices: unpaid.map((i) => ({
			id: i.id,
			number: i.number ?? '',
			balance: formatNairaFull(i.balance),
			overdue: i.status === 'overdue',
			pausesOn: i.pauses_on,
			paused: i.pauses_plan,
		})),
		renewalsAsked: asked,
	})
}

/** The oldest policies and plans waiting for their activation details whose cover has not ended (reads policies_pending_idx). */
async function waitingPolicies(deps: Deps, customerId: string, today: string) {
	const rows = await deps.db
		.select({ id: policies.id, kind: policies.kind, productId: policies.productId, policyNumber: policies.policyNumber })
		.from(policies)
		.where(and(eq(policies.customerId, customerId), eq(policies.status, 'pending'), gte(policies.coverEnd, today)))
		.orderBy(asc(policies.createdAt), asc(policies.id))
		.limit(TODOS_LISTED)
	return rows.map((p) => ({
		id: p.id,
		kind: p.kind,
		productName: productById(p.productId as ProductId).name,
		policyNumber: p.policyNumber,
	}))
}

/**
 * Policies whose auto-renewal asked the customer to pay, still unrenewed (the ask was about the cover
 * end the policy still has) and still renewable (docs/decisions/091-renewals.md).
 */
async function renewalsAsked(deps: Deps, customerId: string, today: string): Promise<RenewalTodo[]> {
	const rows = await deps.db
		.select({ id: policies.id, productId: policies.productId, policyNumber: policies.policyNumber, coverEnd: policies.coverEnd })
		.from(policies)
		.innerJoin(
			policyNotices,
			and(
				eq(policyNotices.policyId, policies.id),
				eq(policyNotices.kind, 'renewal_asked'),
				sql`${policyNotices.about} = ${policies.coverEnd}::text`,
			),
		)
		.where(and(eq(policies.customerId, customerId), gte(policies.coverEnd, addDays(today, -LATE_RENEWAL_DAYS))))
		.orderBy(asc(policies.coverEnd), asc(policies.id))
		.limit(TODOS_LISTED)
	return rows.map((r) => ({ ...r, productName: productById(r.productId as ProductId).name }))
}
