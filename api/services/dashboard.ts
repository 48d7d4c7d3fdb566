import { sql } from 'drizzle-orm'
import { type Dashboard, type DashboardPolicy, HOME_ACTIVITIES, OPEN_CLAIMS_COUNT_CAP } from '../contract/dashboard.ts'
import type { ProductId } from '../contract/product-ids.ts'
import { fromJson, jsonRows } from '../db/json-rows.ts'
import type { Bound, Value } from '../db/prepared-once.ts'
import { FINISHED_STATUSES } from '../domain/claims.ts'
import { productById } from '../domain/catalogue/index.ts'
import { type BillablePlans, nextBill, PLAN_ENDING_EVENTS } from '../domain/billing.ts'
import { RENEWAL_WINDOW_DAYS, coverByLine, spendByMonth, spendStart, visibleParts } from '../domain/dashboard.ts'
import { addDays, lagosDate } from '../domain/policies.ts'
import { firstOfMonth } from '../domain/staff-lifecycle.ts'
import type { Deps } from '../deps.ts'
import type { AuthUser } from '../http.ts'
import { type AccountValues, readAccount, todosOf } from './todos.ts'

// Home (docs/decisions/047-home-dashboard.md) in one statement (decision 128): the customer, every
// scalar figure, the todos' facts and lists, and each of home's own lists as a column of one row, each
// part a bounded read (decision 121): cover by line as one aggregate, the listed policies and renewals due
// each cut by LIMIT, the next bill from the business's live staff plans alone, never every policy of the
// business.

/** The kinds of PLAN_ENDING_EVENTS as SQL text: constants, so the prepared statement's text stays the same. */
const ENDING_KINDS = sql.raw(PLAN_ENDING_EVENTS.map((k) => `'${k}'`).join(', '))

/** The most policies home lists in one part. */
const LISTED = 5

/**
 * Cover paid for in each month from `start` (the first of a month, in Lagos): paid purchases, from the
 * wallet or by card, in the month (Lagos time, UTC+1) they were made, as the transaction history dates
 * them. A staff plan's subscription moves no money and is not spend. Reads the running totals that the
 * trigger `purchases_spend` keeps (decision 126): at most 12 rows, however many purchases. `startMonth` is
 * the month of `start`, as `2025-12`.
 */
const spendSince = (customerId: Value, startMonth: Value) =>
	jsonRows<{ month: string; amount: number | string }>(
		sql`select month, amount from purchase_spend_months where customer_id = ${customerId} and month >= ${startMonth}`,
		sql`r.month`,
	)

type StaffFigures = { covered: number; pending: number; plans: number }

/**
 * People of the staff register on the business's staff plans whose cover has not ended: covered when
 * their place on the plan is active and they are covered today (enrolled, not past their last day),
 * pending while the plan waits for their details or they join later; each person once, however many
 * plans. A member removed from a plan before today, or who has left, is not counted. Summed from
 * `staff_cover_counts` and `plan_cover_counts` (decision 146): a row per set of days, and per plan and last
 * day, rather than one per place on a plan.
 */
export const staffCoveredSql = (customerId: Value, today: Value) =>
	sql<StaffFigures | string>`(select json_build_object(
			'covered', coalesce(sum(n.employees) filter (where n.enrolled_on <= ${today}::date and n.covered_until >= ${today}::date), 0),
			'pending', coalesce(sum(n.employees) filter (where n.pending_until >= ${today}::date
				or (n.enrolled_on > ${today}::date and n.any_until >= ${today}::date)), 0),
			'plans', (select count(distinct m.policy_id) from plan_cover_counts m where m.customer_id = ${customerId} and m.until >= ${today}::date))
		from staff_cover_counts n where n.customer_id = ${customerId} and n.any_until >= ${today}::date)`

type ListedRow = {
	id: string
	kind: 'policy' | 'plan'
	productId: number
	policyNumber: string
	status: 'pending' | 'active'
	coverEnd: string
	autoRenew: boolean
}
const listedColumns = sql`p.id, p.kind, p.product_id as "productId", p.policy_number as "policyNumber", p.status,
	p.cover_end::text as "coverEnd", p.auto_renew as "autoRenew", p.created_at as at`

function listed(p: ListedRow): DashboardPolicy {
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

/**
 * What home's own columns are run with, besides the account's values: the end of the renewal window, the
 * first month of spend and the first day of this month.
 */
type HomeValues = { renewalEnd: string; spendFrom: string; thisMonth: string }

/** Home's own columns of the account's statement, each null when the member's role may not see it. */
function homeColumns(may: (permission: string) => boolean, v: Bound<HomeValues & AccountValues>) {
	const { id, today } = v
	// Live or waiting: cover not ended (isLive and isWaiting in api/domain/dashboard.ts; status is active or pending).
	const current = sql`p.customer_id = ${id} and p.cover_end >= ${today}::date`
	const none = sql<null>`null`
	return {
		balance: may('wallet.view')
			? sql<string | number | null>`(select balance from ledger_accounts where kind = 'wallet' and customer_id = ${id})`
			: none,
		openClaims: may('claims.view')
			? sql<number>`(select count(*)::int from (select 1 from claims c where c.customer_id = ${id}
				and c.status not in (${sql.join(
					FINISHED_STATUSES.map((s) => sql`${s}`),
					sql`, `,
				)}) limit ${OPEN_CLAIMS_COUNT_CAP + 1}) as open)`
			: none,
		staff: may('employees.view') ? staffCoveredSql(id, today) : none,
		// Counted from the days of cover end on or after today (policy_cover_counts, decision 141), not policy by policy.
		byProduct: may('plans.view')
			? jsonRows<{ productId: number; active: number; pending: number }>(
					sql`select n.product_id as "productId", coalesce(sum(n.policies) filter (where n.status = 'active'), 0)::int as active,
						coalesce(sum(n.policies) filter (where n.status = 'pending'), 0)::int as pending
						from policy_cover_counts n where n.customer_id = ${id} and n.cover_end >= ${today}::date group by n.product_id`,
					sql`r."productId"`,
				)
			: none,
		newest: may('plans.view')
			? jsonRows<ListedRow>(
					sql`select ${listedColumns} from policies p where ${current} order by p.created_at desc, p.id desc limit ${LISTED}`,
					sql`r.at desc, r.id desc`,
				)
			: none,
		// Live cover ending within the window, soonest first (isRenewalDue), and how many in all (counted by day, decision 141).
		due: may('plans.view')
			? jsonRows<ListedRow & { due: number }>(
					sql`select ${listedColumns}, (select sum(n.policies)::int from policy_cover_counts n where n.customer_id = ${id}
							and n.status = 'active' and n.cover_end >= ${today}::date and n.cover_end <= ${v.renewalEnd}::date) as due
						from policies p
						where ${current} and p.status = 'active' and p.cover_end <= ${v.renewalEnd}::date
						order by p.cover_end, p.created_at, p.id limit ${LISTED}`,
					sql`r."coverEnd", r.at, r.id`,
				)
			: none,
		// The business's live staff plans, as the billing run reads their days (nextBill's rule), counted by
		// those days: a row per distinct start, cover end and end, however many plans share them.
		plans: may('invoices.view')
			? jsonRows<BillablePlans>(
					sql`select w.start, w."coverEnd", w."endedOn", count(*)::int as plans from (
						select greatest(p.cover_start, coalesce((p.activated_at at time zone 'Africa/Lagos')::date, p.cover_start))::text as start,
							p.cover_end::text as "coverEnd",
							(select min(e.effective_on)::text from policy_events e where e.policy_id = p.id
								and e.kind in (${ENDING_KINDS}) and e.cancelled_at is null) as "endedOn"
						from policies p where p.customer_id = ${id} and p.kind = 'plan' and p.status = 'active'
							and p.cover_end >= ${v.thisMonth}::date) w
						group by w.start, w."coverEnd", w."endedOn"`,
					sql`r.start, r."coverEnd"`,
				)
			: none,
		spent: may('transactions.view') ? spendSince(id, v.spendFrom) : none,
		// The activity log's newest entries, as GET /activities pages them (activities_customer_idx).
		activities: may('activities.view')
			? jsonRows<{ id: string; type: string; description: string; at: string; actorId: string | null; actorName: string | null }>(
					sql`select a.id, a.type, a.description, a.created_at as at, u.id as "actorId", u.first_name || ' ' || u.last_name as "actorName"
						from activities a left join users u on u.id = a.actor_user_id
						where a.customer_id = ${id} order by a.created_at desc, a.id desc limit ${HOME_ACTIVITIES}`,
					sql`r.at desc, r.id desc`,
				)
			: none,
	}
}

/** Home in one answer and one statement: each part the member's role allows, each read bounded whatever the business's size. */
export async function dashboardOf(deps: Deps, auth: AuthUser): Promise<Dashboard> {
	const today = lagosDate(deps.now())
	const values: HomeValues = {
		renewalEnd: addDays(today, RENEWAL_WINDOW_DAYS),
		spendFrom: spendStart(today).slice(0, 7),
		thisMonth: firstOfMonth(today),
	}
	const account = await readAccount(deps, auth, today, { name: 'home', values, columns: homeColumns })
	const { customer } = account
	const parts = visibleParts(customer.kind, auth.permissions)
	const todos = await todosOf(deps, auth, account)
	const staff = fromJson(account.staff)
	const byProduct = fromJson(account.byProduct)
	const newest = fromJson(account.newest)
	const due = fromJson(account.due)
	const plans = fromJson(account.plans)
	const spent = fromJson(account.spent)
	const activities = fromJson(account.activities)
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
		next_bill: parts.has('next_bill') && plans ? { bill: nextBill(plans, today) } : null,
		renewals:
			parts.has('renewals') && due ? { window_days: RENEWAL_WINDOW_DAYS, due: Number(due[0]?.due ?? 0), items: due.map(listed) } : null,
		claims: parts.has('claims') ? { open: Number(account.openClaims ?? 0) } : null,
		todos,
		activities:
			activities?.map((a) => ({
				id: a.id,
				type: a.type,
				description: a.description,
				actor: a.actorId ? { id: a.actorId, name: a.actorName ?? '' } : null,
				created_at: new Date(a.at).toISOString(),
			})) ?? null,
	}
}
