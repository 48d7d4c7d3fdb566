import { eq } from 'drizzle-orm'
import type { Quote } from '../../contract/quotes.ts'
import type { ProductId } from '../../contract/product-ids.ts'
import { productById } from '../../domain/catalogue/index.ts'
import { QuoteBody } from '../../domain/catalogue/quotes.ts'
import { gatewayPremiumTransfer, premiumTransfer } from '../../domain/ledger.ts'
import { computeQuote } from '../../domain/pricing/index.ts'
import { recordActivity } from '../../services/accounts.ts'
import { issuedActivity, nextPolicyNumber } from '../../services/purchases.ts'
import type { Tx } from '../client.ts'
import * as t from '../schema.ts'
import { postTransferAt } from './ledger-time.ts'

/**
 * The demo's purchases, recorded as the purchase service records them, dated when they were made
 * (docs/decisions/159-demo-people-and-plans.md): priced by the quote, paid through the ledger, so their
 * receipts, the transactions and home's spend all carry them.
 */

/** What a demo purchase is of, and for whom; `key` is its idempotency key, which makes a seed run once. */
export type DemoPurchase = {
	customerId: string
	userId: string
	key: string
	productId: number
	input: Record<string, unknown>
	quote: Quote
}

/** The price a purchase's input gives, as POST /quotes answers it. */
export function demoQuote(input: Record<string, unknown>) {
	return computeQuote(QuoteBody.parse(input) as Parameters<typeof computeQuote>[0])
}

function insertPurchase(tx: Tx, purchase: DemoPurchase, at: Date, paid: { amount: number; option: 'gateway' | 'wallet' | 'subscription' }) {
	return tx
		.insert(t.purchases)
		.values({
			customerId: purchase.customerId,
			userId: purchase.userId,
			idempotencyKey: purchase.key,
			productId: purchase.productId,
			input: purchase.input,
			quote: purchase.quote as unknown as Record<string, unknown>,
			amount: paid.amount,
			paymentOption: paid.option,
			status: paid.option === 'subscription' ? 'subscribed' : 'paid',
			createdAt: at,
		})
		.returning()
		.then(([row]) => row!)
}

/**
 * A staff plan subscribed to (billed monthly, nothing paid now), or a policy paid from the wallet, as
 * `createPurchase` records them: the premium from the wallet to premium income through the ledger.
 */
export async function demoWalletPurchase(tx: Tx, purchase: DemoPurchase & { plan: boolean }, at: Date) {
	if (purchase.plan) return insertPurchase(tx, purchase, at, { amount: 0, option: 'subscription' })
	const amount = purchase.quote.total
	const row = await insertPurchase(tx, purchase, at, { amount, option: 'wallet' })
	const transfer = await postTransferAt(
		tx,
		premiumTransfer({ customerId: purchase.customerId, amount, reference: `purchase_${row.id}` }),
		at,
	)
	await tx.update(t.purchases).set({ transferId: transfer.id }).where(eq(t.purchases.id, row.id))
	return { ...row, transferId: transfer.id }
}

/**
 * A purchase paid by card at the checkout, as `payPurchase` records one: the sandbox's payment succeeded
 * at `at`, and gateway clearing paid premium income through the ledger, dated then.
 */
export async function demoCardPurchase(tx: Tx, purchase: DemoPurchase, at: Date) {
	const amount = purchase.quote.total
	const row = await insertPurchase(tx, purchase, at, { amount, option: 'gateway' })
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
		purchaseId: row.id,
		createdAt: at,
		updatedAt: at,
	})
	await tx.update(t.purchases).set({ transferId: transfer.id }).where(eq(t.purchases.id, row.id))
	return { ...row, transferId: transfer.id }
}

/**
 * A policy bought by card the morning its cover started (`bought`), with its details sent, in the activity
 * log as the service writes it: the claims' and the inspections' motor and gadget cover.
 */
export async function demoCardPolicy(
	tx: Tx,
	owner: { id: string; customerId: string },
	policy: {
		key: string
		input: Record<string, unknown>
		start: string
		coverEnd: string
		bought: Date
		status: 'pending' | 'active'
		activation: Record<string, string>
	},
) {
	const quote = demoQuote(policy.input)
	const product = productById(quote.product_id as ProductId)
	const purchase = await demoCardPurchase(
		tx,
		{ customerId: owner.customerId, userId: owner.id, key: policy.key, productId: product.id, input: policy.input, quote },
		policy.bought,
	)
	const [made] = await tx
		.insert(t.policies)
		.values({
			customerId: owner.customerId,
			purchaseId: purchase.id,
			kind: 'policy',
			productId: product.id,
			policyNumber: await nextPolicyNumber(tx, product.category, policy.start),
			status: policy.status,
			premium: quote.total,
			period: quote.period,
			coverStart: policy.start,
			coverEnd: policy.coverEnd,
			activation: policy.activation,
			activatedAt: policy.bought,
			createdAt: policy.bought,
		})
		.returning()
	await recordActivity(tx, {
		customerId: owner.customerId,
		actorUserId: owner.id,
		...issuedActivity(product.name, made!, quote.total),
		at: policy.bought,
	})
	return made!
}
