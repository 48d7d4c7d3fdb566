import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import { formatNairaFull } from '../../contract/money.ts'
import type { Db, Tx } from '../../db/client.ts'
import { invoices, policyEvents } from '../../db/schema.ts'
import { pausesOn, retryDue } from '../../domain/billing.ts'
import { lagosDate } from '../../domain/policies.ts'
import type { Deps } from '../../deps.ts'
import { recordActivity } from '../accounts.ts'
import { walletBalance } from '../ledger.ts'
import { mailInvoice } from '../billing-mail.tsx'
import { chargeSavedCard } from '../saved-cards.ts'
import { paidOn, payFromWallet } from './payments.ts'

// The collection of unpaid invoices: overdue, retried from the wallet and the saved card, and the plan paused.

/**
 * The collection job: invoices past due become overdue (one mail), the wallet is tried again on days
 * 1, 3 and 7 past due, and a plan whose invoice is unpaid 14 days past due is paused (a policy event,
 * so `is_paused` reads it) until it is paid.
 */
export async function collectInvoices(deps: Deps) {
	const today = lagosDate(deps.now())
	const due = await deps.db
		.select()
		.from(invoices)
		.where(and(eq(invoices.kind, 'invoice'), inArray(invoices.status, ['open', 'overdue']), sql`${invoices.dueOn} < ${today}`))
		.orderBy(asc(invoices.dueOn), asc(invoices.id))
	const counts = { overdue: 0, retried: 0, paid: 0, paused: 0 }
	for (const invoice of due) {
		const dueDay = invoice.dueOn!
		if (retryDue(dueDay, today, invoice.retries)) {
			const [claimed] = await deps.db
				.update(invoices)
				.set({ retries: sql`${invoices.retries} + 1`, lastAttemptOn: today })
				.where(and(eq(invoices.id, invoice.id), eq(invoices.retries, invoice.retries)))
				.returning({ id: invoices.id })
			if (claimed) {
				counts.retried++
				let outcome = await payFromWallet(deps, invoice.id)
				// The wallet short: the default saved card is charged what it lacks, into the wallet, and the
				// wallet pays (docs/decisions/101-charging-saved-cards.md). One reference per attempt.
				let cardError: string | null = null
				if (outcome.short) {
					const due = invoice.total - (await paidOn(deps.db, invoice.id))
					const shortfall = due - (await walletBalance(deps.db, invoice.customerId))
					if (shortfall > 0) {
						const charge = await chargeSavedCard(deps, {
							customerId: invoice.customerId,
							amount: shortfall,
							reference: `inv_${invoice.id}_${invoice.retries + 1}`,
							purpose: `Invoice ${invoice.number}`,
							retryUrl: `${deps.env.publicUrl}/invoice/${invoice.id}`,
						})
						if (charge.status === 'success') outcome = await payFromWallet(deps, invoice.id)
						else if (charge.status === 'failed') cardError = charge.message
					}
				}
				if (outcome.paid) {
					counts.paid++
					continue
				}
				await deps.db
					.update(invoices)
					.set({
						lastAttemptError: cardError
							? `The wallet held less than the amount due, and the saved card was declined: ${cardError}`
							: 'The wallet held less than the amount due.',
					})
					.where(eq(invoices.id, invoice.id))
			}
		}
		const [marked] = await deps.db
			.update(invoices)
			.set({ status: 'overdue', remindedOn: today })
			.where(and(eq(invoices.id, invoice.id), eq(invoices.status, 'open')))
			.returning({ id: invoices.id })
		if (marked) {
			counts.overdue++
			await mailInvoice(deps, invoice.id, 'overdue')
		}
		if (pausesOn(dueDay) <= today && !invoice.pausedOn) {
			const paused = await deps.db.transaction(async (tx) => {
				const [row] = await tx
					.update(invoices)
					.set({ pausedOn: today })
					.where(and(eq(invoices.id, invoice.id), isNull(invoices.pausedOn), inArray(invoices.status, ['open', 'overdue'])))
					.returning()
				if (!row) return false
				await tx.insert(policyEvents).values({
					customerId: invoice.customerId,
					policyId: invoice.policyId,
					kind: 'pause',
					effectiveOn: today,
					detail: { invoice_id: invoice.id },
					description: `Paused: invoice ${invoice.number} is unpaid ${14} days after its due date`,
				})
				await recordActivity(tx, {
					customerId: invoice.customerId,
					actorUserId: null,
					type: 'plan.paused',
					description: `Plan paused: invoice ${invoice.number} (${formatNairaFull(invoice.total)}) is unpaid`,
				})
				return true
			})
			if (paused) counts.paused++
		}
	}
	return counts
}

/** The unpaid invoice that paused a plan, for the claim's refusal. */
export async function pausingInvoice(db: Db | Tx, policyId: string) {
	const [row] = await db
		.select()
		.from(invoices)
		.where(and(eq(invoices.policyId, policyId), sql`${invoices.pausedOn} is not null`, inArray(invoices.status, ['open', 'overdue'])))
		.orderBy(asc(invoices.periodStart))
		.limit(1)
	return row ? { number: row.number!, balance: row.total - (await paidOn(db, row.id)) } : null
}
