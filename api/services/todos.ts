import { and, asc, eq, gte, sql } from 'drizzle-orm'
import { formatNairaFull } from '../contract/money.ts'
import type { ProductId } from '../contract/product-ids.ts'
import { customers, employees, payments, policies, policyNotices } from '../db/schema.ts'
import { productById } from '../domain/catalogue/index.ts'
import { addDays, lagosDate } from '../domain/policies.ts'
import { LATE_RENEWAL_DAYS } from '../domain/renewals.ts'
import { deriveTodos, type RenewalTodo } from '../domain/todos.ts'
import type { Deps } from '../deps.ts'
import { unpaidInvoices } from './billing.ts'
import { claimsAwaitingCustomer } from './claims.ts'
import type { AuthUser } from '../http.ts'

type Customer = typeof customers.$inferSelect
/** What the todos need of each policy; home reads the same rows for its figures. */
export type TodoPolicy = Pick<typeof policies.$inferSelect, 'id' | 'kind' | 'productId' | 'policyNumber' | 'status' | 'coverEnd'>

export const readCustomer = async (deps: Deps, customerId: string) =>
	(await deps.db.select().from(customers).where(eq(customers.id, customerId)))[0]!

/** The business's policies and plans, oldest first, as the todos read them. */
export const readTodoPolicies = (deps: Deps, customerId: string): Promise<TodoPolicy[]> =>
	deps.db
		.select({
			id: policies.id,
			kind: policies.kind,
			productId: policies.productId,
			policyNumber: policies.policyNumber,
			status: policies.status,
			coverEnd: policies.coverEnd,
		})
		.from(policies)
		.where(eq(policies.customerId, customerId))
		.orderBy(asc(policies.createdAt), asc(policies.id))

/**
 * What the account still has to do (docs/decisions/009-todos.md). A caller that has already read the
 * customer and its policies passes them, so home asks the database for them once.
 */
export async function todosOf(deps: Deps, auth: AuthUser, known?: { customer: Customer; cover: TodoPolicy[] }) {
	const today = lagosDate(deps.now())
	const [customer, [funded], cover, [enrolled], pending, claims, asked] = await Promise.all([
		known?.customer ?? readCustomer(deps, auth.customerId),
		deps.db
			.select({ id: payments.id })
			.from(payments)
			.where(and(eq(payments.customerId, auth.customerId), eq(payments.purpose, 'funding'), eq(payments.status, 'success')))
			.limit(1),
		known?.cover ?? readTodoPolicies(deps, auth.customerId),
		deps.db.select({ id: employees.id }).from(employees).where(eq(employees.customerId, auth.customerId)).limit(1),
		// Staff whose leaving or joining is still to take effect (docs/decisions/050-staff-lifecycle.md).
		deps.db
			.select({ n: sql<number>`count(*)::int` })
			.from(employees)
			.where(
				and(
					eq(employees.customerId, auth.customerId),
					sql`(${employees.leavesOn} >= ${today} or (${employees.leavesOn} is null and ${employees.enrolledOn} > ${today}))`,
				),
			),
		auth.permissions.includes('claims.manage') ? claimsAwaitingCustomer(deps.db, auth.customerId) : [],
		renewalsAsked(deps, auth.customerId, today),
	])
	const unpaid = auth.permissions.includes('invoices.view') ? await unpaidInvoices(deps.db, auth.customerId, 3) : []
	return deriveTodos({
		kind: customer.kind,
		emailVerified: Boolean(auth.emailVerifiedAt),
		sector: customer.sector,
		businessType: customer.businessType,
		cacVerified: Boolean(customer.meta.cac_verified),
		canManageBusiness: auth.permissions.includes('business.manage'),
		walletFunded: Boolean(funded),
		canFundWallet: auth.permissions.includes('wallet.fund'),
		hasCover: cover.length > 0,
		canBuy: auth.permissions.includes('products.buy'),
		pendingPolicies: cover
			.filter((p) => p.status === 'pending' && p.coverEnd >= today)
			.map((p) => ({ id: p.id, kind: p.kind, productName: productById(p.productId as ProductId).name, policyNumber: p.policyNumber })),
		canManagePlans: auth.permissions.includes('plans.manage'),
		hasStaff: Boolean(enrolled),
		canManageStaff: auth.permissions.includes('employees.manage'),
		staffChangesPending: Number(pending[0]?.n ?? 0),
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
	return rows.map((r) => ({ ...r, productName: productById(r.productId as ProductId).name }))
}
