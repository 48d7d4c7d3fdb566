import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import { lockKey } from '../../db/client.ts'
import { invoices, policies } from '../../db/schema.ts'
import { billedFrom, billsAnyone, periodBilledOn } from '../../domain/billing.ts'
import { addMonths, lagosDate } from '../../domain/policies.ts'
import type { Deps } from '../../deps.ts'
import { mailInvoice } from '../billing-mail.tsx'
import { issue } from './issue.ts'
import { payFromWallet } from './payments.ts'
import { billedPeople, linesForMonth, max } from './people.ts'

// The monthly billing run (docs/decisions/095-billing-of-staff-plans.md).

/** How far back a run fills months it has not billed (a plan bought, or the job down, earlier). */
const CATCH_UP_MONTHS = 12
/** Businesses billed side by side by one run (decision 123). */
const BUSINESSES_AT_ONCE = 4

/**
 * The billing run: every staff plan is invoiced for each month it was covered in and not yet billed,
 * up to last month. Idempotent: the (plan, month) index lets one invoice in, however many processes run.
 * Each new invoice is paid from the wallet at once when the wallet covers it, and mailed.
 *
 * A month the run has looked at is settled, invoiced or not: the plan's `billed_through` moves past it,
 * so a month that covered nobody is not read again on every run, and a plan settled up to last month is
 * not read at all (decision 123). Who a plan covers is read once per plan; a month that bills someone is
 * read again under its lock before it is invoiced.
 */
export async function runBilling(deps: Deps) {
	const today = lagosDate(deps.now())
	const last = periodBilledOn(today)
	const plans = await deps.db
		.select()
		.from(policies)
		.where(
			and(
				eq(policies.kind, 'plan'),
				eq(policies.status, 'active'),
				sql`${policies.coverStart} <= ${last.end}`,
				sql`(${policies.billedThrough} is null or ${policies.billedThrough} < ${last.start})`,
			),
		)
		.orderBy(asc(policies.createdAt), asc(policies.id))
	let issued = 0
	let paid = 0
	async function bill(plan: (typeof plans)[number]) {
		const billed = new Set(
			(
				await deps.db
					.select({ start: invoices.periodStart })
					.from(invoices)
					.where(and(eq(invoices.policyId, plan.id), isNull(invoices.adjustsId)))
			).map((r) => r.start),
		)
		const people = await billedPeople(deps.db, plan)
		// From the plan's first whole month, or the month after the last one settled: the month it started
		// in mid-way bills nobody.
		let month = max(
			billedFrom(people.window.start),
			addMonths(last.start, -(CATCH_UP_MONTHS - 1)),
			plan.billedThrough ? addMonths(plan.billedThrough, 1) : null,
		)
		for (; month <= last.start && month <= people.window.end; month = addMonths(month, 1)) {
			if (billed.has(month) || !billsAnyone([...people.members, ...people.dependants], month)) continue
			const invoice = await deps.db.transaction(async (tx) => {
				// Two runs at once: the second waits here and then finds the month billed.
				await lockKey(tx, 'billing', `${plan.id}:${month}`)
				const lines = await linesForMonth(tx, plan, month, people)
				if (!lines.length) return null
				return issue(tx, { plan, kind: 'invoice', monthStart: month, lines, today })
			})
			if (!invoice) continue
			issued++
			const outcome = await payFromWallet(deps, invoice.id, { quiet: true })
			if (outcome.paid) paid++
			await mailInvoice(deps, invoice.id, outcome.paid ? 'paid' : 'issued')
		}
		await deps.db
			.update(policies)
			.set({ billedThrough: last.start })
			.where(and(eq(policies.id, plan.id), sql`(${policies.billedThrough} is null or ${policies.billedThrough} < ${last.start})`))
	}
	// A few businesses at once, each one's plans in order (its invoice numbers follow its plans): a plan's
	// turn waits on the database most of its time.
	const byBusiness = new Map<string, typeof plans>()
	for (const plan of plans) byBusiness.set(plan.customerId, [...(byBusiness.get(plan.customerId) ?? []), plan])
	const queue = [...byBusiness.values()]
	await Promise.all(
		Array.from({ length: BUSINESSES_AT_ONCE }, async () => {
			for (let next = queue.shift(); next; next = queue.shift()) for (const plan of next) await bill(plan)
		}),
	)
	return { issued, paid }
}
