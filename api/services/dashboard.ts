import { and, asc, desc, eq, gte, isNotNull, lte, notInArray, sql } from 'drizzle-orm'
import { type Dashboard, type DashboardPolicy, OPEN_CLAIMS_COUNT_CAP } from '../contract/dashboard.ts'
import type { ProductId } from '../contract/product-ids.ts'
import { claims, ledgerAccounts, policies, purchaseSpendMonths } from '../db/schema.ts'
import { FINISHED_STATUSES } from '../domain/claims.ts'
import { productById } from '../domain/catalogue/index.ts'
import { RENEWAL_WINDOW_DAYS, coverByLine, nextBill, spendByMonth, spendStart, visibleParts } from '../domain/dashboard.ts'
import { addDays, lagosDate } from '../domain/policies.ts'
import type { Deps } from '../deps.ts'
import type { AuthUser } from '../http.ts'
import { readAccount, todosOf } from './todos.ts'

// Home (docs/decisions/047-home-dashboard.md), each part a bounded read (docs/decisions/121): the
// customer and every scalar figure in one statement, cover by line as one aggregate, the listed
// policies, renewals due and next bill each cut by LIMIT, never every policy of the business.

/** The most policies home lists in one part. */
const LISTED = 5

/**
 * Cover paid for in each month from `start` (the first of a month, in Lagos): paid purchases, from the
 * wallet or by card, in the month (Lagos time, UTC+1) they were made, as the transaction history dates
 * them. A staff plan's subscription moves no money and is not spend. Reads the running totals that the
 * trigger `purchases_spend` keeps (decision 126): at most 12 rows, however many purchases.
 */
function spendSince(deps: Deps, customerId: string, start: string) {
	return deps.db
		.select({ month: purchaseSpendMonths.month, amount: purchaseSpendMonths.amount })
		.from(purchaseSpendMonths)
		.where(and(eq(purchaseSpendMonths.customerId, customerId), gte(purchaseSpendMonths.month, start.slice(0, 7))))
}

type StaffFigures = { covered: number; pending: number; plans: number }

/**
 * People of the staff register on the business's staff plans whose cover has not ended: covered when
 * their place on the plan is active and they are covered today (enrolled, not past their last day),
 * pending while the plan waits for their details or they join later; each person once, however many
 * plans. A member removed from a plan before today, or who has left, is not counted.
 */
const staffCoveredSql = (customerId: string, today: string) =>
	sql<StaffFigures | string>`(select json_build_object(
			'covered', count(distinct s.employee_id) filter (where s.status = 'active' and e.enrolled_on <= ${today}::date),
			'pending', count(distinct s.employee_id) filter (where s.status = 'pending' or e.enrolled_on > ${today}::date),
			'plans', count(distinct s.policy_id))
		from staff s
		join policies p on p.id = s.policy_id
		join employees e on e.id = s.employee_id
		where s.customer_id = ${customerId} and p.kind = 'plan' and p.cover_end >= ${today}::date
			and (s.ends_on is null or s.ends_on >= ${today}::date) and (e.leaves_on is null or e.leaves_on >= ${today}::date))`

const listedColumns = {
	id: policies.id,
	kind: policies.kind,
	productId: policies.productId,
	policyNumber: policies.policyNumber,
	status: policies.status,
	coverEnd: policies.coverEnd,
	autoRenew: policies.autoRenew,
}

function listed(p: { [K in keyof typeof listedColumns]: (typeof listedColumns)[K]['_']['data'] }): DashboardPolicy {
	const product = productById(p.productId as ProductId)
	return {
		id: p.id,
		kind: p.kind,
		policy_number: p.policyNumber,
		product_name: product.name,
		category: product.category,
		status: p.status,
		cover_end: p.coverEnd,
		auto_renew: p.autoRenew,
	}
}

/** Home in one answer: each part the member's role allows, each read bounded whatever the business's size. */
export async function dashboardOf(deps: Deps, auth: AuthUser): Promise<Dashboard> {
	const today = lagosDate(deps.now())
	const id = auth.customerId
	const may = (permission: string) => auth.permissions.includes(permission)
	const mine = eq(policies.customerId, id)
	// Live or waiting: cover not ended (isLive and isWaiting in api/domain/dashboard.ts; status is active or pending).
	const current = and(mine, gte(policies.coverEnd, today))
	// A part is read when the role may see it; the kind of account (read in the same round) drops the rest.
	const [account, byProduct, newest, due, plan, spent] = await Promise.all([
		readAccount(deps, id, today, {
			balance: may('wallet.view')
				? sql<
						string | number | null
					>`(select ${ledgerAccounts.balance} from ${ledgerAccounts} where ${and(eq(ledgerAccounts.kind, 'wallet'), eq(ledgerAccounts.customerId, id))})`
				: sql<null>`null`,
			openClaims: may('claims.view')
				? sql<number>`(select count(*)::int from (select 1 from ${claims} where ${and(eq(claims.customerId, id), notInArray(claims.status, [...FINISHED_STATUSES]))} limit ${OPEN_CLAIMS_COUNT_CAP + 1}) as open)`
				: sql<null>`null`,
			staff: may('employees.view') ? staffCoveredSql(id, today) : sql<null>`null`,
		}),
		may('plans.view')
			? deps.db
					.select({
						productId: policies.productId,
						active: sql<number>`count(*) filter (where ${policies.status} = 'active')::int`,
						pending: sql<number>`count(*) filter (where ${policies.status} = 'pending')::int`,
					})
					.from(policies)
					.where(current)
					.groupBy(policies.productId)
			: null,
		may('plans.view')
			? deps.db.select(listedColumns).from(policies).where(current).orderBy(desc(policies.createdAt), desc(policies.id)).limit(LISTED)
			: null,
		// Live cover ending within the window, soonest first (isRenewalDue), and how many in all.
		may('plans.view')
			? deps.db
					.select({ ...listedColumns, due: sql<number>`(count(*) over ())::int` })
					.from(policies)
					.where(and(current, eq(policies.status, 'active'), lte(policies.coverEnd, addDays(today, RENEWAL_WINDOW_DAYS))))
					.orderBy(asc(policies.coverEnd), asc(policies.createdAt), asc(policies.id))
					.limit(LISTED)
			: null,
		// The plan billed soonest: nextBill's rule, over plans only.
		may('invoices.view')
			? deps.db
					.select({
						id: policies.id,
						productId: policies.productId,
						policyNumber: policies.policyNumber,
						nextBillingDate: policies.nextBillingDate,
						slots: policies.slots,
						monthlyRate: policies.monthlyRate,
						period: policies.period,
					})
					.from(policies)
					.where(
						and(
							mine,
							eq(policies.kind, 'plan'),
							gte(policies.nextBillingDate, today),
							isNotNull(policies.slots),
							isNotNull(policies.monthlyRate),
						),
					)
					.orderBy(asc(policies.nextBillingDate), asc(policies.policyNumber))
					.limit(1)
			: null,
		may('transactions.view') ? spendSince(deps, id, spendStart(today)) : null,
	])
	const { customer } = account
	const parts = visibleParts(customer.kind, auth.permissions)
	const todos = await todosOf(deps, auth, account)
	const staff = typeof account.staff === 'string' ? (JSON.parse(account.staff) as StaffFigures) : account.staff
	return {
		kind: customer.kind,
		today,
		wallet: parts.has('wallet') ? { balance: Number(account.balance ?? 0) } : null,
		cover:
			parts.has('cover') && byProduct && newest
				? {
						...coverByLine(
							byProduct.map((c) => ({ category: productById(c.productId as ProductId).category, active: c.active, pending: c.pending })),
						),
						policies: newest.map(listed),
					}
				: null,
		staff:
			parts.has('staff') && staff ? { covered: Number(staff.covered), pending: Number(staff.pending), plans: Number(staff.plans) } : null,
		spend:
			parts.has('spend') && spent
				? spendByMonth(
						spent.map((r) => ({ month: r.month, amount: Number(r.amount) })),
						today,
					)
				: null,
		next_bill:
			parts.has('next_bill') && plan
				? {
						bill: nextBill(
							plan.map((p) => ({ ...p, productName: productById(p.productId as ProductId).name })),
							today,
						),
					}
				: null,
		renewals:
			parts.has('renewals') && due ? { window_days: RENEWAL_WINDOW_DAYS, due: Number(due[0]?.due ?? 0), items: due.map(listed) } : null,
		claims: parts.has('claims') ? { open: Number(account.openClaims ?? 0) } : null,
		todos,
	}
}
