import { asc, eq, sql } from 'drizzle-orm'
import { formatNairaFull } from '../contract/money.ts'
import { invoiceLines, invoicePayments, invoices, policies, purchases, users } from '../db/schema.ts'
import { formatMonth } from '../contract/dates.ts'
import { pausesOn } from '../domain/billing.ts'
import type { Deps } from '../deps.ts'
import { sendTemplate } from '../mail/render.ts'
import { CreditNoteMail } from '../mail/templates/credit-note.tsx'
import { InvoiceMail } from '../mail/templates/invoice.tsx'
import { logger } from '../telemetry/logger.ts'

async function paidOn(deps: Deps, invoiceId: string) {
	const [row] = await deps.db
		.select({ paid: sql<number>`coalesce(sum(${invoicePayments.amount}), 0)::int` })
		.from(invoicePayments)
		.where(eq(invoicePayments.invoiceId, invoiceId))
	return Number(row?.paid ?? 0)
}

/** Mail the plan's buyer when an invoice is issued, paid or overdue; logged, never failing the move. */
export async function mailInvoice(deps: Deps, invoiceId: string, event: 'issued' | 'paid' | 'overdue') {
	try {
		const [row] = await deps.db
			.select({ invoice: invoices, plan: policies, email: users.email, firstName: users.firstName })
			.from(invoices)
			.innerJoin(policies, eq(policies.id, invoices.policyId))
			.innerJoin(purchases, eq(purchases.id, policies.purchaseId))
			.innerJoin(users, eq(users.id, purchases.userId))
			.where(eq(invoices.id, invoiceId))
		if (!row) return
		const { invoice } = row
		const publicUrl = deps.env.publicUrl
		await sendTemplate(
			deps,
			row.email,
			`${event === 'issued' ? 'Invoice' : event === 'paid' ? 'Invoice paid' : 'Invoice overdue'} ${invoice.number}: ${formatNairaFull(invoice.total)}`,
			<InvoiceMail
				publicUrl={publicUrl}
				firstName={row.firstName}
				event={event}
				number={invoice.number!}
				planNumber={row.plan.policyNumber}
				month={formatMonth(invoice.periodStart)}
				total={invoice.total}
				balance={invoice.total - (await paidOn(deps, invoice.id))}
				dueOn={invoice.dueOn ?? ''}
				pausesOn={invoice.dueOn ? pausesOn(invoice.dueOn) : ''}
				invoiceUrl={`${publicUrl}/invoice/${invoice.id}`}
			/>,
		)
	} catch (error) {
		logger.error(`[mail] could not send the invoice mail: ${error instanceof Error ? error.message : String(error)}`)
	}
}

/** Mail the plan's buyer that a credit note put money back in the wallet; logged, never failing the move. */
export async function mailCreditNote(deps: Deps, creditNoteId: string) {
	try {
		const [row] = await deps.db
			.select({ note: invoices, plan: policies, email: users.email, firstName: users.firstName })
			.from(invoices)
			.innerJoin(policies, eq(policies.id, invoices.policyId))
			.innerJoin(purchases, eq(purchases.id, policies.purchaseId))
			.leftJoin(users, eq(users.id, purchases.userId))
			.where(eq(invoices.id, creditNoteId))
		if (!row?.note.adjustsId) return
		// A plan with no buyer on record (seeded, or bought for the business by the kit): its business's first user.
		const [owner] = row.email
			? [{ email: row.email, firstName: row.firstName! }]
			: await deps.db
					.select({ email: users.email, firstName: users.firstName })
					.from(users)
					.where(eq(users.customerId, row.note.customerId))
					.orderBy(asc(users.createdAt))
					.limit(1)
		if (!owner) return
		const [original] = await deps.db.select({ number: invoices.number }).from(invoices).where(eq(invoices.id, row.note.adjustsId))
		const [line] = await deps.db
			.select({ description: invoiceLines.description })
			.from(invoiceLines)
			.where(eq(invoiceLines.invoiceId, creditNoteId))
			.orderBy(asc(invoiceLines.position))
			.limit(1)
		const publicUrl = deps.env.publicUrl
		await sendTemplate(
			deps,
			owner.email,
			`Credit note ${row.note.number}: ${formatNairaFull(row.note.total)} back in your wallet`,
			<CreditNoteMail
				publicUrl={publicUrl}
				firstName={owner.firstName}
				number={row.note.number!}
				invoiceNumber={original?.number ?? ''}
				planNumber={row.plan.policyNumber}
				amount={row.note.total}
				reason={(line?.description ?? '').replace(/ \(credit on [^)]*\)$/, '')}
				creditNoteUrl={`${publicUrl}/invoice/${row.note.id}`}
			/>,
		)
	} catch (error) {
		logger.error(`[mail] could not send the credit note mail: ${error instanceof Error ? error.message : String(error)}`)
	}
}
