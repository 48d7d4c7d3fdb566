import { formatNairaFull } from '../contract/money.ts'
import { randomBytes } from 'node:crypto'
import { and, asc, desc, eq, sql } from 'drizzle-orm'
import { type Db, lockKey, type Tx } from '../db/client.ts'
import { cards, payments, users } from '../db/schema.ts'
import { fundingTransfer } from '../domain/ledger.ts'
import type { Deps } from '../deps.ts'
import type { AuthUser } from '../http.ts'
import { ApiError, fieldError } from '../errors.ts'
import type { CardAuthorization, Charge } from '../payments/index.ts'
import { capitalized } from '../domain/text.ts'
import { recordActivity } from './accounts.ts'
import { postTransfer } from './ledger.ts'
import { mailPaymentOutcome } from './money-mail.tsx'
import { notify } from './notifications.ts'
import { payPurchase } from './purchases.ts'
import { payInvoiceFromGateway } from './billing.ts'
import { logger } from '../telemetry/logger.ts'

/** A reference nobody can guess: the callback answers anyone who holds one. Lowercase, as Paystack wants. */
export const newReference = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`

/**
 * A funding intent for the signed-in user's wallet and its checkout. The same idempotency key answers
 * the same intent, however often it is sent.
 */
export async function startFunding(deps: Deps, auth: AuthUser, input: { amount: number; idempotencyKey: string }) {
	const { walletFundMax } = deps.env
	if (input.amount > walletFundMax) throw fieldError(400, 'amount', `You can fund at most ${formatNairaFull(walletFundMax)} at a time.`)
	const existing = async () => {
		const [row] = await deps.db
			.select()
			.from(payments)
			.where(and(eq(payments.customerId, auth.customerId), eq(payments.idempotencyKey, input.idempotencyKey)))
		if (row && row.amount !== input.amount) {
			throw fieldError(409, 'idempotency_key', 'This idempotency key was already used for a payment of another amount.')
		}
		return row
	}
	const earlier = await existing()
	if (earlier) return earlier
	const reference = newReference('fund')
	// The checkout is made before the intent is saved: a crash between the two leaves an unpaid checkout
	// nobody was shown, never an intent without one.
	const { authorizationUrl } = await deps.payments.initialize({
		amount: input.amount,
		email: auth.email,
		reference,
		callbackUrl: `${deps.env.publicUrl}/fund-wallet/callback`,
	})
	const [made] = await deps.db
		.insert(payments)
		.values({
			customerId: auth.customerId,
			userId: auth.id,
			idempotencyKey: input.idempotencyKey,
			reference,
			amount: input.amount,
			gateway: deps.payments.name,
			authorizationUrl,
			createdAt: deps.now(),
			updatedAt: deps.now(),
		})
		.onConflictDoNothing()
		.returning()
	return made ?? (await existing())!
}

/** Save a card the gateway may charge again; the same card once, the first one the default. */
async function saveCard(tx: Tx, customerId: string, card: CardAuthorization, email: string | null) {
	await lockKey(tx, 'cards', customerId)
	const [hasDefault] = await tx
		.select({ id: cards.id })
		.from(cards)
		.where(and(eq(cards.customerId, customerId), eq(cards.isDefault, true)))
	const [saved] = await tx
		.insert(cards)
		.values({
			customerId,
			authorizationCode: card.authorizationCode,
			signature: card.signature,
			brand: card.brand,
			last4: card.last4,
			expMonth: card.expMonth,
			expYear: card.expYear,
			bank: card.bank,
			email,
			isDefault: !hasDefault,
		})
		.onConflictDoUpdate({
			target: [cards.customerId, cards.signature],
			// The newest authorization and the email it was made under go together: a charge sends both.
			set: {
				authorizationCode: card.authorizationCode,
				expMonth: card.expMonth,
				expYear: card.expYear,
				bank: card.bank,
				...(email ? { email } : {}),
			},
		})
		// xmax is 0 on a row this statement inserted, not on one it updated.
		.returning({ id: cards.id, inserted: sql<boolean>`xmax = 0` })
	return saved!
}

export type PaymentStatus = 'pending' | 'success' | 'failed'

/** The bell of whoever paid (or the whole business when no one is named) hears of a declined payment, linked to its receipt. */
async function notifyFailedPayment(tx: Tx, payment: typeof payments.$inferSelect) {
	const audience = payment.userId ? { userId: payment.userId } : { businessId: payment.customerId }
	await notify(tx, {
		...audience,
		kind: 'payment_failed',
		title: `A payment of ${formatNairaFull(payment.amount)} failed (${payment.purpose === 'funding' ? 'wallet funding' : 'cover purchase'})`,
		href: `/transaction-history/${payment.purpose === 'purchase' && payment.purchaseId ? payment.purchaseId : payment.id}`,
	})
}

/**
 * Apply what the gateway says of a charge: credit the wallet once on success, whoever tells first
 * (the callback, the webhook, a retry of either), and save a reusable card. Answers the payment after.
 * The call that changed the payment's state mails its payer, once the change is committed.
 */
export async function applyCharge(deps: Deps, charge: Charge) {
	const { payment, changed } = await settleCharge(deps, charge)
	if (changed && payment) await mailPaymentOutcome(deps, payment.id)
	return payment
}

/** A payment made without a checkout: a charge of a saved card (services/saved-cards.ts). */
export const isSavedCardCharge = (payment: typeof payments.$inferSelect) => payment.authorizationUrl === null

/** The checkout of a payment made by one; a saved card's charge found under the same key has none. */
export function checkoutUrl(payment: { authorizationUrl: string | null }) {
	if (payment.authorizationUrl === null) throw new ApiError(409, 'This idempotency key was already used for another payment.')
	return payment.authorizationUrl
}

/** applyCharge without its mail: answers the payment after, and whether this call changed its state. */
export async function settleCharge(deps: Deps, charge: Charge) {
	let changed = false
	const after = await deps.db.transaction(async (tx) => {
		const [payment] = await tx.select().from(payments).where(eq(payments.reference, charge.reference)).for('update')
		if (!payment || payment.status === 'success') return payment ?? null
		const now = deps.now()
		if (charge.status === 'success') {
			if (charge.amount !== payment.amount || charge.currency !== 'NGN') {
				logger.warn(
					`[payments] ${payment.reference}: the gateway collected ${charge.currency} ${charge.amount}, not NGN ${payment.amount}; not credited`,
				)
				const [failed] = await tx
					.update(payments)
					.set({ status: 'failed', failureReason: 'The amount paid differs from the amount asked for.', updatedAt: now })
					.where(eq(payments.id, payment.id))
					.returning()
				changed = payment.status === 'pending'
				if (changed) await notifyFailedPayment(tx, payment)
				return failed!
			}
			// A purchase's payment pays its premium and issues its policy; a funding credits the wallet.
			const transfer =
				payment.purpose === 'purchase'
					? await payPurchase(tx, payment, now)
					: payment.purpose === 'invoice'
						? await payInvoiceFromGateway(tx, payment, now)
						: await postTransfer(
								tx,
								fundingTransfer({ customerId: payment.customerId, amount: payment.amount, reference: payment.reference }),
							)
			const [paid] = await tx
				.update(payments)
				.set({ status: 'success', transferId: transfer.id, paidAt: charge.paidAt ?? now, failureReason: null, updatedAt: now })
				.where(eq(payments.id, payment.id))
				.returning()
			changed = true
			const [payer] = payment.userId
				? await tx.select({ firstName: users.firstName, email: users.email }).from(users).where(eq(users.id, payment.userId))
				: []
			if (payment.purpose === 'funding') {
				await recordActivity(tx, {
					customerId: payment.customerId,
					actorUserId: payment.userId,
					type: 'wallet.funded',
					description: isSavedCardCharge(payment)
						? `The saved card was charged ${formatNairaFull(payment.amount)} into the wallet for ${payment.note ?? 'a payment'} (${payment.reference})`
						: `${payer?.firstName ?? 'Someone'} funded the wallet with ${formatNairaFull(payment.amount)} (${payment.reference})`,
				})
			}
			if (charge.authorization?.reusable) {
				const card = await saveCard(tx, payment.customerId, charge.authorization, payer?.email ?? null)
				if (card.inserted) {
					await recordActivity(tx, {
						customerId: payment.customerId,
						actorUserId: payment.userId,
						type: 'cards.saved',
						description: `${capitalized(charge.authorization.brand)} card ending ${charge.authorization.last4} saved from a payment`,
					})
				}
			}
			return paid!
		}
		// A declined card can still be followed by a successful one on the same checkout: failed is not final.
		if (charge.status === 'failed' && payment.status === 'pending') {
			const [failed] = await tx
				.update(payments)
				.set({ status: 'failed', failureReason: charge.message ?? 'The payment was declined.', updatedAt: now })
				.where(eq(payments.id, payment.id))
				.returning()
			changed = true
			await notifyFailedPayment(tx, payment)
			return failed!
		}
		return payment
	})
	return { payment: after, changed }
}

/** Ask the gateway about a payment that is not yet credited, and apply its answer. */
export async function verifyPayment(deps: Deps, reference: string) {
	const [payment] = await deps.db.select().from(payments).where(eq(payments.reference, reference))
	if (!payment) throw new ApiError(404, 'We could not find that payment.')
	if (payment.status === 'success') return payment
	const charge = await deps.payments.verify(reference)
	if (!charge) return payment
	return (await applyCharge(deps, charge)) ?? payment
}

export function serializeCard(card: typeof cards.$inferSelect) {
	return {
		id: card.id,
		brand: card.brand,
		last4: card.last4,
		exp_month: card.expMonth,
		exp_year: card.expYear,
		bank: card.bank,
		is_default: card.isDefault,
		created_at: card.createdAt.toISOString(),
	}
}

/** The customer's cards, the default first, then newest. */
export async function listCards(db: Db, customerId: string) {
	return db
		.select()
		.from(cards)
		.where(eq(cards.customerId, customerId))
		.orderBy(desc(cards.isDefault), desc(cards.createdAt), asc(cards.id))
}
