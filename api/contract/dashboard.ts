import { z } from 'zod'
import { CATEGORIES } from './catalogue.ts'
import { Activity, Todo } from './activities.ts'

// GET /dashboard: home in one call (docs/decisions/047-home-dashboard.md). Each part is null when the
// caller's role may not see it, or when it is not a part of this kind of account's home.

const Money = z.number().int()
const Month = z.string().regex(/^\d{4}-\d{2}$/)
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/)

/** A policy as home lists it: enough to name it and link to it. */
export const DashboardPolicy = z.object({
	id: z.string(),
	kind: z.enum(['policy', 'plan']),
	policy_number: z.string(),
	product_name: z.string(),
	category: z.enum(CATEGORIES),
	status: z.enum(['pending', 'active']),
	cover_end: z.string(),
	auto_renew: z.boolean(),
})
export type DashboardPolicy = z.infer<typeof DashboardPolicy>

/** How many of the newest activity log entries home shows. */
export const HOME_ACTIVITIES = 5

/** How far home counts open claims: a business with more sees "1,000+", and the count never reads them all. */
export const OPEN_CLAIMS_COUNT_CAP = 1_000

export const DashboardResponse = z.object({
	kind: z.enum(['business', 'individual']),
	/** Today in Lagos, the day every figure is counted on. */
	today: z.string(),
	/** wallet.view */
	wallet: z.object({ balance: Money }).nullable(),
	/** plans.view: live cover (active, its period not ended) by line, and what waits for activation. */
	cover: z
		.object({
			active: z.number().int(),
			pending: z.number().int(),
			by_line: z.array(z.object({ category: z.enum(CATEGORIES), active: z.number().int() })),
			/** The newest live or pending policies, for an individual's home. */
			policies: z.array(DashboardPolicy),
		})
		.nullable(),
	/** A business, employees.view: people enrolled on live staff plans, each counted once. */
	staff: z.object({ covered: z.number().int(), pending: z.number().int(), plans: z.number().int() }).nullable(),
	/** A business, transactions.view: cover paid for in each of the last 12 months (Lagos time), oldest first. */
	spend: z
		.object({
			this_month: Money,
			total: Money,
			months: z.array(z.object({ month: Month, amount: Money })).length(12),
		})
		.nullable(),
	/**
	 * A business, invoices.view: the next bill of its staff plans (decision 161), or null inside when no
	 * live plan will be billed: the month billed (its 1st), the day its invoices are issued and due, and how
	 * many plans it bills. The amount is the people on each plan that month, known when the run bills it.
	 */
	next_bill: z
		.object({
			bill: z.object({ month: Day, issued_on: Day, due_on: Day, plans: z.number().int().positive() }).nullable(),
		})
		.nullable(),
	/** plans.view: live cover whose period ends within the renewal window, soonest first. */
	renewals: z
		.object({
			window_days: z.number().int(),
			due: z.number().int(),
			items: z.array(DashboardPolicy),
		})
		.nullable(),
	/**
	 * claims.view: the claims not yet declined, paid or settled (decision 047), counted up to
	 * OPEN_CLAIMS_COUNT_CAP + 1 (decision 126): more than the cap shows as "1,000+".
	 */
	claims: z.object({ open: z.number().int() }).nullable(),
	/** Everyone: GET /todos's list. */
	todos: z.array(Todo),
	/** activities.view: the newest entries of the activity log, as GET /activities lists them (newest first). */
	activities: z.array(Activity).nullable(),
})
export type Dashboard = z.infer<typeof DashboardResponse>
