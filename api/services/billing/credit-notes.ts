import { and, eq, sql } from 'drizzle-orm'
import { formatNairaFull } from '../../contract/money.ts'
import type { Db, Tx } from '../../db/client.ts'
import { invoiceLines, invoicePayments, invoices, policies } from '../../db/schema.ts'
import type { InvoiceLine } from '../../domain/billing.ts'
import { premiumRefundTransfer } from '../../domain/ledger.ts'
import { lagosDate } from '../../domain/policies.ts'
import type { Deps } from '../../deps.ts'
import { ApiError, notFound } from '../../errors.ts'
import { postTransfer } from '../ledger.ts'
import { issue } from './issue.ts'
import { paidOn } from './payments.ts'

// Credit notes: money billed that was not owed, returned to the wallet (docs/decisions/096-credit-notes-from-the-desk.md).

type InvoiceRow = typeof invoices.$inferSelect

/**
 * A credit note for money billed that was not owed: numbered in its own gapless sequence, and its
 * amount returned to the wallet through the ledger, once (the transfer's key is the credit note's).
 */
export async function issueCreditNote(
	deps: Deps,
	invoiceId: string,
	input: { amount: number; reason: string },
	audit?: (tx: Tx, note: InvoiceRow) => Promise<void>,
) {
	const note = await deps.db.transaction(async (tx) => {
		const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for('update')
		if (invoice?.kind !== 'invoice') throw notFound('invoice')
		const [plan] = await tx.select().from(policies).where(eq(policies.id, invoice.policyId))
		if (invoice.status === 'open' || invoice.status === 'overdue') {
			throw new ApiError(409, `Invoice ${invoice.number} is not paid yet: a credit note returns money paid, so credit it once it is paid.`)
		}
		const creditable = await creditableOn(tx, invoice)
		if (input.amount <= 0 || input.amount > creditable) {
			throw new ApiError(
				409,
				`A credit note can return at most ${formatNairaFull(creditable)} on ${invoice.number}: what was paid on it less what was already credited.`,
			)
		}
		const line: InvoiceLine = {
			kind: 'member',
			subjectId: invoice.id,
			description: `${input.reason} (credit on ${invoice.number})`,
			quantity: 1,
			unitAmount: input.amount,
			amount: input.amount,
		}
		const note = await issue(tx, {
			plan: plan!,
			kind: 'credit_note',
			monthStart: invoice.periodStart,
			lines: [line],
			today: lagosDate(deps.now()),
			adjustsId: invoice.id,
		})
		await tx.update(invoiceLines).set({ kind: 'adjustment', subjectId: null }).where(eq(invoiceLines.invoiceId, note!.id))
		const transfer = await postTransfer(
			tx,
			premiumRefundTransfer({ creditNoteId: note!.id, customerId: invoice.customerId, amount: input.amount, reference: note!.number! }),
		)
		await tx.update(invoices).set({ status: 'paid', paidAt: deps.now() }).where(eq(invoices.id, note!.id))
		await tx.insert(invoicePayments).values({
			invoiceId: note!.id,
			method: 'wallet',
			reference: note!.number!,
			amount: input.amount,
			transferId: transfer.id,
			paidAt: deps.now(),
		})
		await audit?.(tx, note!)
		return note!
	})
	return note
}

/**
 * What a new credit note may still return on an invoice: what was paid on it (never more than its
 * total) less the credit notes against it. A credit note returns premium the insurer earned to the
 * wallet, so an unpaid invoice has nothing to credit yet (decision 096).
 */
export async function creditableOn(db: Db | Tx, invoice: InvoiceRow) {
	if (invoice.kind !== 'invoice' || invoice.status === 'draft' || invoice.status === 'void') return 0
	const [credited] = await db
		.select({ sum: sql<number>`coalesce(sum(${invoices.total}), 0)::int` })
		.from(invoices)
		.where(and(eq(invoices.adjustsId, invoice.id), eq(invoices.kind, 'credit_note')))
	return Math.max(0, Math.min(invoice.total, await paidOn(db, invoice.id)) - Number(credited?.sum ?? 0))
}
