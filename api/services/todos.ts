import { type SQL, eq, sql } from 'drizzle-orm'
import { formatNairaFull } from '../contract/money.ts'
import type { ProductId } from '../contract/product-ids.ts'
import { fromJson, jsonRows } from '../db/json-rows.ts'
import { type Bound, bound, preparedOnce } from '../db/prepared-once.ts'
import { customers } from '../db/schema.ts'
import { productById } from '../domain/catalogue/index.ts'
import { addDays, lagosDate } from '../domain/policies.ts'
import { LATE_RENEWAL_DAYS } from '../domain/renewals.ts'
import { type ClaimTodo, deriveTodos } from '../domain/todos.ts'
import type { Deps } from '../deps.ts'
import type { AuthUser } from '../http.ts'
import { type ListRow, serialize, unpaidInvoices } from './billing.ts'
import { claimsAwaitingCustomer } from './claims.ts'

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
export const todoFacts = ({ id: customerId, today }: Bound<AccountValues>) => ({
	walletFunded: sql<boolean>`exists (select 1 from payments p where p.customer_id = ${customerId} and p.purpose = 'funding' and p.status = 'success')`,
	hasCover: sql<boolean>`exists (select 1 from policies p where p.customer_id = ${customerId})`,
	hasStaff: sql<boolean>`exists (select 1 from employees e where e.customer_id = ${customerId})`,
	staffChangesPending: sql<number>`(
		(select count(*) from (select 1 from employees e where e.customer_id = ${customerId} and e.leaves_on >= ${today}::date limit ${STAFF_CHANGES_CAP + 1}) as leaving)
		+ (select count(*) from (select 1 from employees e where e.customer_id = ${customerId} and e.leaves_on is null and e.enrolled_on > ${today}::date limit ${STAFF_CHANGES_CAP + 1}) as joining))::int`,
})

type PendingRow = {
	id: string
	kind: 'policy' | 'plan'
	productId: number
	policyNumber: string
	detailsIn: boolean
	inspection: 'open' | 'rejected' | null
}
type RenewalRow = { id: string; productId: number; policyNumber: string; coverEnd: string }

/**
 * The todos' lists as columns of the account's statement, each the oldest few that the member's role
 * may act on (null otherwise): policies waiting for their activation details, claims awaiting the
 * customer, renewals asked for, invoices still to pay. Each list reads by index and stops at its limit.
 */
export const todoLists = (may: (permission: string) => boolean, { id, today, lateFrom }: Bound<AccountValues>) => {
	return {
		// The oldest policies and plans waiting for the customer whose cover has not ended (policies_pending_idx):
		// for their activation details, or with the details in, for the pre-inspection's photos. One whose
		// photos the desk is reviewing waits on the desk, not the customer (docs/decisions/152).
		waiting: may('plans.manage')
			? jsonRows<PendingRow>(
					sql`select p.id, p.kind, p.product_id as "productId", p.policy_number as "policyNumber", p.created_at as at,
							p.activated_at is not null as "detailsIn", i.status as inspection
						from policies p left join inspections i on i.policy_id = p.id
						where p.customer_id = ${id} and p.status = 'pending' and p.cover_end >= ${today}::date
							and (p.activated_at is null or i.status is distinct from 'submitted')
						order by p.created_at, p.id limit ${TODOS_LISTED}`,
					sql`r.at, r.id`,
				)
			: sql<null>`null`,
		claims: may('claims.manage') ? claimsAwaitingCustomer(id) : sql<null>`null`,
		// Policies whose auto-renewal asked the customer to pay, still unrenewed (the ask was about the cover
		// end the policy still has) and still renewable (docs/decisions/091-renewals.md).
		asked: may('products.buy')
			? jsonRows<RenewalRow>(
					sql`select p.id, p.product_id as "productId", p.policy_number as "policyNumber", p.cover_end::text as "coverEnd"
						from policies p join policy_notices n on n.policy_id = p.id and n.kind = 'renewal_asked' and n.about = p.cover_end::text
						where p.customer_id = ${id} and p.cover_end >= ${lateFrom}::date
						order by p.cover_end, p.id limit ${TODOS_LISTED}`,
					sql`r."coverEnd", r.id`,
				)
			: sql<null>`null`,
		unpaid: may('invoices.view') ? unpaidInvoices(id, 3) : sql<null>`null`,
	}
}

/** What the account's statement is run with: the customer, today in Lagos, and the oldest cover end a renewal asked for may have. */
export type AccountValues = { id: string; today: string; lateFrom: string }

/**
 * The customer, the todos' facts and lists in one statement; home adds its own figures as further columns
 * (`extra`, with values of its own). The statement is built once for each set of permissions, which choose
 * its columns, and for each caller's `extra` (its `name`), then run with the values of this request.
 */
export async function readAccount<
	Extra extends Record<string, SQL.Aliased | SQL>,
	Values extends Record<string, string> = Record<never, string>,
>(
	deps: Deps,
	auth: AuthUser,
	today: string,
	extra?: { name: string; values: Values; columns: (may: (permission: string) => boolean, values: Bound<Values & AccountValues>) => Extra },
) {
	const values = { ...extra?.values, id: auth.customerId, today, lateFrom: addDays(today, -LATE_RENEWAL_DAYS) } as Values & AccountValues
	const permissions = [...auth.permissions].sort()
	const may = (permission: string) => permissions.includes(permission)
	const statement = preparedOnce(deps.db, `account ${extra?.name ?? ''} ${permissions.join(' ')}`, () => {
		const v = bound(values)
		return deps.db
			.select({ customer: customers, ...todoFacts(v), ...todoLists(may, v), ...(extra?.columns(may, v) ?? ({} as Extra)) })
			.from(customers)
			.where(eq(customers.id, v.id))
	})
	const [row] = await statement.execute(values)
	return row!
}
export type Account = Awaited<ReturnType<typeof readAccount>>

/**
 * What the account still has to do (docs/decisions/009-todos.md), from one read of the account. Every
 * list is bounded: the oldest few policies waiting for details, claims and invoices, never all of them.
 * Home passes the account it has already read with its own figures.
 */
export async function todosOf(deps: Deps, auth: AuthUser, known?: Account) {
	const account = known ?? (await readAccount(deps, auth, lagosDate(deps.now())))
	const { customer } = account
	const lists = {
		waiting: fromJson<PendingRow[] | null>(account.waiting) ?? [],
		claims: fromJson<ClaimTodo[] | null>(account.claims) ?? [],
		asked: fromJson<RenewalRow[] | null>(account.asked) ?? [],
		unpaid: (fromJson<ListRow[] | null>(account.unpaid) ?? []).map(serialize),
	}
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
		pendingPolicies: lists.waiting.map((p) => ({
			id: p.id,
			kind: p.kind,
			productName: productById(p.productId as ProductId).name,
			policyNumber: p.policyNumber,
			waitsFor: !p.detailsIn ? 'details' : p.inspection === 'rejected' ? 'photos-again' : 'photos',
		})),
		canManagePlans: auth.permissions.includes('plans.manage'),
		hasStaff: Boolean(account.hasStaff),
		canManageStaff: auth.permissions.includes('employees.manage'),
		staffChangesPending: Number(account.staffChangesPending ?? 0),
		claims: lists.claims.map((c) => ({ id: c.id, claimNumber: c.claimNumber, status: c.status, deskNote: c.deskNote })),
		invoices: lists.unpaid.map((i) => ({
			id: i.id,
			number: i.number ?? '',
			balance: formatNairaFull(i.balance),
			overdue: i.status === 'overdue',
			pausesOn: i.pauses_on,
			paused: i.pauses_plan,
		})),
		renewalsAsked: lists.asked.map((r) => ({
			id: r.id,
			policyNumber: r.policyNumber,
			coverEnd: r.coverEnd,
			productName: productById(r.productId as ProductId).name,
		})),
	})
}
