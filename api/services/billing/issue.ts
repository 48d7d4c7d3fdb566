import { and, eq, sql } from 'drizzle-orm'
import type { Tx } from '../../db/client.ts'
import { invoiceCounters, invoiceLines, invoices, type policies } from '../../db/schema.ts'
import { type InvoiceLine, billingPeriod, dueOn, invoiceMove, invoiceNumber, totalOf } from '../../domain/billing.ts'

// Issuing an invoice or credit note: a draft with its lines, then its number without gaps.

type PolicyRow = typeof policies.$inferSelect

/** The next number of a business's invoices or credit notes, taken in the caller's transaction: no gaps. */
async function nextNumber(tx: Tx, customerId: string, kind: 'invoice' | 'credit_note') {
	await tx.insert(invoiceCounters).values({ customerId, kind, last: 0 }).onConflictDoNothing()
	const [row] = await tx
		.update(invoiceCounters)
		.set({ last: sql`${invoiceCounters.last} + 1` })
		.where(and(eq(invoiceCounters.customerId, customerId), eq(invoiceCounters.kind, kind)))
		.returning({ last: invoiceCounters.last })
	return invoiceNumber(kind, row!.last)
}

/** Write a draft with its lines, then issue it (a number, open, due in 7 days); the billing run, credit notes and the demo seed use it. */
export async function issue(
	tx: Tx,
	input: { plan: PolicyRow; kind: 'invoice' | 'credit_note'; monthStart: string; lines: InvoiceLine[]; today: string; adjustsId?: string },
) {
	const period = billingPeriod(input.monthStart)
	const [draft] = await tx
		.insert(invoices)
		.values({
			customerId: input.plan.customerId,
			policyId: input.plan.id,
			kind: input.kind,
			status: 'draft',
			periodStart: period.start,
			periodEnd: period.end,
			total: totalOf(input.lines),
			adjustsId: input.adjustsId ?? null,
		})
		.onConflictDoNothing()
		.returning()
	// Another run billed this plan and month first.
	if (!draft) return null
	await tx.insert(invoiceLines).values(
		input.lines.map((l, position) => ({
			invoiceId: draft.id,
			position,
			kind: l.kind,
			subjectId: l.subjectId,
			description: l.description,
			quantity: l.quantity,
			unitAmount: l.unitAmount,
			amount: l.amount,
		})),
	)
	const [issued] = await tx
		.update(invoices)
		.set({
			number: await nextNumber(tx, input.plan.customerId, input.kind),
			status: invoiceMove('draft', 'issue')!,
			issuedOn: input.today,
			dueOn: input.kind === 'invoice' ? dueOn(input.today) : input.today,
		})
		.where(eq(invoices.id, draft.id))
		.returning()
	return issued!
}
