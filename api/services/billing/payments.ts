import { and, eq, inArray, ne, sql } from 'drizzle-orm'
import { formatNairaFull } from '../../contract/money.ts'
import type { Db, Tx } from '../../db/client.ts'
import { invoicePayments, invoices, payments, policyEvents } from '../../db/schema.ts'
import { invoiceMove, payRefusal } from '../../domain/billing.ts'
import { gatewayPremiumTransfer, premiumTransfer } from '../../domain/ledger.ts'
import { lagosDate } from '../../domain/policies.ts'
import type { Deps } from '../../deps.ts'
import { ApiError, notFound } from '../../errors.ts'
import type { AuthUser } from '../../http.ts'
import { recordActivity } from '../accounts.ts'
import { isOverdraft, postTransfer, walletBalance } from '../ledger.ts'
import { mailInvoice } from '../billing-mail.tsx'
import { newReference } from '../payments.ts'

// Paying an invoice: from the wallet, by the gateway, and settling what was received.

type InvoiceRow = typeof invoices.$inferSelect

/** What was paid against an invoice so far. */
export async function paidOn(db: Db | Tx, invoiceId: string) {
	const [row] = await db
		.select({ paid: sql<number>`coalesce(sum(${invoicePayments.amount}), 0)::int` })
		.from(invoicePayments)
		.where(eq(invoicePayments.invoiceId, invoiceId))
	return Number(row?.paid ?? 0)
}

/**
 * Record money received for an invoice inside the caller's transaction: the payment row, paid when it
 * covers the balance, and the plan resumed when this invoice had paused it and no other still does.
 */
async function settle(
	tx: Tx,
	invoice: InvoiceRow,
	payment: { method: 'wallet' | 'gateway' | 'card'; reference: string; amount: number; transferId: string },
	now: Date,
) {
	await tx
		.insert(invoicePayments)
		.values({ invoiceId: invoice.id, ...payment, paidAt: now })
		.onConflictDoNothing()
	const paid = await paidOn(tx, invoice.id)
	if (paid < invoice.total) return false
	const to = invoiceMove(invoice.status, 'pay')
	if (!to) return false
	await tx.update(invoices).set({ status: to, paidAt: now }).where(eq(invoices.id, invoice.id))
	const today = lagosDate(now)
	if (invoice.pausedOn) {
		const [stillPausing] = await tx
			.select({ id: invoices.id })
			.from(invoices)
			.where(
				and(
					eq(invoices.policyId, invoice.policyId),
					ne(invoices.id, invoice.id),
					sql`${invoices.pausedOn} is not null`,
					inArray(invoices.status, ['open', 'overdue']),
				),
			)
		if (!stillPausing) {
			await tx.insert(policyEvents).values({
				customerId: invoice.customerId,
				policyId: invoice.policyId,
				kind: 'resume',
				effectiveOn: today,
				detail: { invoice_id: invoice.id },
				description: `Resumed: invoice ${invoice.number} was paid`,
			})
		}
	}
	await recordActivity(tx, {
		customerId: invoice.customerId,
		actorUserId: null,
		type: 'invoice.paid',
		description: `Invoice ${invoice.number} (${formatNairaFull(invoice.total)}) paid ${payment.method === 'wallet' ? 'from the wallet' : 'by card'}`,
		at: now,
	})
	return true
}

/**
 * Pay an invoice's balance from the wallet, in one transaction through the ledger; the transfer's key
 * (premium:invoice_<id>) makes it happen once. Answers whether it is paid; `short` when the wallet
 * holds less than the balance (nothing moved).
 */
export async function payFromWallet(deps: Deps, invoiceId: string, options: { quiet?: boolean } = {}) {
	let changed = false
	let result: { paid: boolean; short: boolean } = { paid: false, short: false }
	try {
		result = await deps.db.transaction(async (tx) => {
			const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for('update')
			if (invoice?.kind !== 'invoice') return { paid: false, short: false }
			if (invoice.status === 'paid') return { paid: true, short: false }
			if (!invoiceMove(invoice.status, 'pay')) return { paid: false, short: false }
			const balance = invoice.total - (await paidOn(tx, invoice.id))
			if (balance <= 0) return { paid: await settleZero(tx, invoice, deps.now()), short: false }
			if ((await walletBalance(tx, invoice.customerId)) < balance) return { paid: false, short: true }
			const reference = `invoice_${invoice.id}`
			const transfer = await postTransfer(tx, {
				...premiumTransfer({ customerId: invoice.customerId, amount: balance, reference }),
				description: `Invoice ${invoice.number}: ${formatNairaFull(balance)} paid from the wallet`,
			})
			changed = await settle(tx, invoice, { method: 'wallet', reference, amount: balance, transferId: transfer.id }, deps.now())
			return { paid: changed, short: false }
		})
	} catch (error) {
		// Another payment took the wallet below the balance between the check and the transfer.
		if (!isOverdraft(error)) throw error
		result = { paid: false, short: true }
	}
	if (changed && !options.quiet) await mailInvoice(deps, invoiceId, 'paid')
	return result
}

/** An invoice of ₦0 left to pay (fully paid by an earlier part): paid. */
async function settleZero(tx: Tx, invoice: InvoiceRow, now: Date) {
	const to = invoiceMove(invoice.status, 'pay')
	if (!to) return false
	await tx.update(invoices).set({ status: to, paidAt: now }).where(eq(invoices.id, invoice.id))
	return true
}

/** The gateway collected an invoice's payment: premium income from gateway clearing, and the invoice settled. */
export async function payInvoiceFromGateway(tx: Tx, payment: typeof payments.$inferSelect, now: Date) {
	const transfer = await postTransfer(
		tx,
		gatewayPremiumTransfer({ customerId: payment.customerId, amount: payment.amount, reference: payment.reference }),
	)
	const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, payment.invoiceId!)).for('update')
	if (invoice)
		await settle(tx, invoice, { method: 'gateway', reference: payment.reference, amount: payment.amount, transferId: transfer.id }, now)
	return transfer
}

/** A business's own invoice, or 404. */
export async function ownInvoice(db: Db | Tx, customerId: string, id: string) {
	const [row] = await db
		.select()
		.from(invoices)
		.where(and(eq(invoices.customerId, customerId), eq(invoices.id, id)))
	if (!row) throw notFound('invoice')
	return row
}

/**
 * Pay an invoice now: from the wallet (409 with the shortfall when it holds too little), or by the
 * gateway's checkout, whose callback and webhook settle it as they settle a purchase.
 */
export async function payInvoice(deps: Deps, auth: AuthUser, id: string, method: 'wallet' | 'gateway') {
	const invoice = await ownInvoice(deps.db, auth.customerId, id)
	const balance = invoice.total - (await paidOn(deps.db, invoice.id))
	const refusal = payRefusal({ kind: invoice.kind, status: invoice.status, balance })
	if (refusal) throw new ApiError(409, refusal)
	if (method === 'wallet') {
		const outcome = await payFromWallet(deps, invoice.id)
		if (outcome.short) {
			const wallet = await walletBalance(deps.db, auth.customerId)
			throw new ApiError(
				409,
				`Your wallet holds ${formatNairaFull(wallet)}, less than the ${formatNairaFull(balance)} to pay. Fund the wallet or pay by card.`,
			)
		}
		return { status: 'paid' as const, authorization_url: null, reference: `invoice_${invoice.id}` }
	}
	// Paying by card on the invoice's page goes to the gateway's checkout, where the payer may use any
	// card; the collection job is what charges the saved card without the payer (collectInvoices).
	const reference = newReference('inv')
	const { authorizationUrl } = await deps.payments.initialize({
		amount: balance,
		email: auth.email,
		reference,
		callbackUrl: `${deps.env.publicUrl}/invoice/callback`,
	})
	await deps.db.insert(payments).values({
		customerId: auth.customerId,
		userId: auth.id,
		idempotencyKey: reference,
		reference,
		amount: balance,
		gateway: deps.payments.name,
		authorizationUrl,
		purpose: 'invoice',
		invoiceId: invoice.id,
		createdAt: deps.now(),
		updatedAt: deps.now(),
	})
	return { status: 'checkout' as const, authorization_url: authorizationUrl, reference }
}
