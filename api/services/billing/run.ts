import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import { lockKey } from '../../db/client.ts'
import { invoices, policies } from '../../db/schema.ts'
import { billedFrom, periodBilledOn } from '../../domain/billing.ts'
import { addMonths, lagosDate } from '../../domain/policies.ts'
import type { Deps } from '../../deps.ts'
import { mailInvoice } from '../billing-mail.tsx'
import { issue } from './issue.ts'
import { payFromWallet } from './payments.ts'
import { linesForMonth, max, planWindow } from './people.ts'

// The monthly billing run (docs/decisions/095-billing-of-staff-plans.md).

/** How far back a run fills months it has not billed (a plan bought, or the job down, earlier). */
const CATCH_UP_MONTHS = 12

/**
 * The billing run: every staff plan is invoiced for each month it was covered in and not yet billed,
 * up to last month. Idempotent: the (plan, month) index lets one invoice in, however many processes run.
 * Each new invoice is paid from the wallet at once when the wallet covers it, and mailed.
 */
export async function runBilling(deps: Deps) {
	const today = lagosDate(deps.now())
	const last = periodBilledOn(today)
	const plans = await deps.db
		.select()
		.from(policies)
		.where(and(eq(policies.kind, 'plan'), eq(policies.status, 'active'), sql`${policies.coverStart} <= ${last.end}`))
		.orderBy(asc(policies.createdAt), asc(policies.id))
	let issued = 0
	let paid = 0
	for (const plan of plans) {
		const billed = new Set(
			(
				await deps.db
					.select({ start: invoices.periodStart })
					.from(invoices)
					.where(and(eq(invoices.policyId, plan.id), isNull(invoices.adjustsId)))
			).map((r) => r.start),
		)
		const window = await planWindow(deps.db, plan)
		// From the plan's first whole month: the month it started in mid-way bills nobody.
		let month = max(billedFrom(window.start), addMonths(last.start, -(CATCH_UP_MONTHS - 1)))
		for (; month <= last.start && month <= window.end; month = addMonths(month, 1)) {
			if (billed.has(month)) continue
			const invoice = await deps.db.transaction(async (tx) => {
				// Two runs at once: the second waits here and then finds the month billed.
				await lockKey(tx, 'billing', `${plan.id}:${month}`)
				const lines = await linesForMonth(tx, plan, month)
				if (!lines.length) return null
				return issue(tx, { plan, kind: 'invoice', monthStart: month, lines, today })
			})
			if (!invoice) continue
			issued++
			const outcome = await payFromWallet(deps, invoice.id, { quiet: true })
			if (outcome.paid) paid++
			await mailInvoice(deps, invoice.id, outcome.paid ? 'paid' : 'issued')
		}
	}
	return { issued, paid }
}
