import { and, asc, eq, sql } from 'drizzle-orm'
import { formatDay } from '../../contract/dates.ts'
import { RETRY_DAYS, billingPeriod, periodBilledOn } from '../../domain/billing.ts'
import { addDays, addMonths, lagosDate } from '../../domain/policies.ts'
import { issue, linesForMonth, payInvoiceFromGateway } from '../../services/billing.ts'
import type { Db } from '../client.ts'
import * as t from '../schema.ts'
import { atLedgerTime } from './ledger-time.ts'
import { lagosMidnight, passedOr } from './seed-time.ts'

// The demo business's invoices (docs/decisions/095-billing-of-staff-plans.md): every month its staff
// plans covered, billed as the billing run bills them and paid by card a couple of days after issue,
// but for three: the oldest plan's latest bill overdue (reminded, within its grace), and the other
// plans' bills for last month still open. Seeded once, when the business has no invoice yet. A bill
// issued today is issued in the small hours, as the run issues it, and one whose couple of days have
// not passed is paid between its issue and the seed: nothing is dated after the seed (decision 158).

export async function seedDemoInvoices(db: Db, email: string, now = new Date()) {
	const [owner] = await db
		.select({ id: t.users.id, customerId: t.users.customerId })
		.from(t.users)
		.where(sql`lower(${t.users.email}) = ${email}`)
	if (!owner) return
	const [any] = await db.select({ id: t.invoices.id }).from(t.invoices).where(eq(t.invoices.customerId, owner.customerId)).limit(1)
	if (any) return
	const today = lagosDate(now)
	const last = periodBilledOn(today)
	// Overdue: issued 10 days ago for the month before that day, due 3 days ago, reminded the day after.
	const overdueIssued = addDays(today, -10)
	const overduePeriod = periodBilledOn(overdueIssued)
	const plans = await db
		.select()
		.from(t.policies)
		.where(and(eq(t.policies.customerId, owner.customerId), eq(t.policies.kind, 'plan'), eq(t.policies.status, 'active')))
		.orderBy(asc(t.policies.coverStart), asc(t.policies.id))
	await db.transaction(async (tx) => {
		for (const [index, plan] of plans.entries()) {
			for (let month = addMonths(last.start, -11); month <= last.start; month = addMonths(month, 1)) {
				const lines = await linesForMonth(tx, plan, month)
				if (!lines.length) continue
				const overdue = index === 0 && month === overduePeriod.start
				const open = index > 0 && index <= 2 && month === last.start
				const firstAfter = addDays(billingPeriod(month).end, 1)
				const issuedOn = overdue ? overdueIssued : open ? (today > firstAfter ? addDays(today, -1) : today) : firstAfter
				const invoice = await issue(tx, { plan, kind: 'invoice', monthStart: month, lines, today: issuedOn })
				if (!invoice) continue
				const issuedAt = passedOr(new Date(`${issuedOn}T07:00:00Z`), now, lagosMidnight(issuedOn), 0.1)
				await tx.update(t.invoices).set({ createdAt: issuedAt }).where(eq(t.invoices.id, invoice.id))
				if (open) continue
				if (overdue) {
					const due = invoice.dueOn!
					const tried = RETRY_DAYS.filter((d) => addDays(due, d) <= today).length
					await tx
						.update(t.invoices)
						.set({
							status: 'overdue',
							remindedOn: addDays(due, 1),
							retries: tried,
							lastAttemptOn: tried ? today : null,
							lastAttemptError: tried ? 'The wallet held less than the amount due.' : null,
						})
						.where(eq(t.invoices.id, invoice.id))
					await tx.insert(t.activities).values({
						customerId: owner.customerId,
						actorUserId: null,
						type: 'invoice.overdue',
						description: `Reminder sent: invoice ${invoice.number} was due on ${formatDay(due)} and is unpaid`,
						createdAt: new Date(`${addDays(due, 1)}T08:00:00Z`),
					})
					continue
				}
				// Each plan's bill paid on its own, a few minutes after the last.
				const planned = new Date(Date.parse(`${addDays(issuedOn, 2)}T10:15:00Z`) + index * 7 * 60_000)
				const paidAt = passedOr(planned, now, issuedAt, (index + 1) / (plans.length + 1))
				const reference = `demo_inv_${invoice.id.slice(0, 8)}`
				const [payment] = await tx
					.insert(t.payments)
					.values({
						customerId: owner.customerId,
						userId: owner.id,
						idempotencyKey: reference,
						reference,
						amount: invoice.total,
						status: 'success',
						gateway: 'sandbox',
						authorizationUrl: `demo:${reference}`,
						purpose: 'invoice',
						invoiceId: invoice.id,
						paidAt,
						createdAt: paidAt,
						updatedAt: paidAt,
					})
					.returning()
				const transfer = await atLedgerTime(tx, paidAt, () => payInvoiceFromGateway(tx, payment!, paidAt))
				await tx.update(t.payments).set({ transferId: transfer.id }).where(eq(t.payments.id, payment!.id))
			}
		}
	})
}
