import { eq } from 'drizzle-orm'
import type { Quote } from '../../contract/quotes.ts'
import { gatewayPremiumTransfer } from '../../domain/ledger.ts'
import type { Tx } from '../client.ts'
import * as t from '../schema.ts'
import { postTransferAt } from './ledger-time.ts'

/**
 * A demo purchase paid by card at the checkout, as `payPurchase` (services/purchases.ts) records one: the
 * purchase paid at the quote's total, the sandbox's payment succeeded at `at`, and gateway clearing paid
 * premium income through the ledger, dated then. So its receipt, the transactions and home's spend all
 * carry it (docs/decisions/159-demo-people-and-plans.md).
 */
export async function demoCardPurchase(
	tx: Tx,
	purchase: { customerId: string; userId: string; key: string; productId: number; input: Record<string, unknown>; quote: Quote },
	at: Date,
) {
	const amount = purchase.quote.total
	const [row] = await tx
		.insert(t.purchases)
		.values({
			customerId: purchase.customerId,
			userId: purchase.userId,
			idempotencyKey: purchase.key,
			productId: purchase.productId,
			input: purchase.input,
			quote: purchase.quote as unknown as Record<string, unknown>,
			amount,
			paymentOption: 'gateway',
			status: 'paid',
			createdAt: at,
		})
		.returning()
	const reference = `demo_card_${purchase.key}`
	const transfer = await postTransferAt(tx, gatewayPremiumTransfer({ customerId: purchase.customerId, amount, reference }), at)
	await tx.insert(t.payments).values({
		customerId: purchase.customerId,
		userId: purchase.userId,
		idempotencyKey: reference,
		reference,
		amount,
		status: 'success',
		gateway: 'sandbox',
		authorizationUrl: `demo:${reference}`,
		transferId: transfer.id,
		paidAt: at,
		purpose: 'purchase',
		purchaseId: row!.id,
		createdAt: at,
		updatedAt: at,
	})
	await tx.update(t.purchases).set({ transferId: transfer.id }).where(eq(t.purchases.id, row!.id))
	return row!
}
