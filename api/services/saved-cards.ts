import { and, asc, eq, sql } from 'drizzle-orm'
import { formatNairaFull } from '../contract/money.ts'
import type { Db } from '../db/client.ts'
import { cards, payments, users } from '../db/schema.ts'
import type { Deps } from '../deps.ts'
import { capitalized } from '../domain/text.ts'
import { ApiError } from '../errors.ts'
import type { Charge } from '../payments/index.ts'
import { PAYMENT_UNAVAILABLE } from '../payments/gateway.ts'
import { logger } from '../telemetry/logger.ts'
import { mailPaymentOutcome } from './money-mail.tsx'
import { settleCharge } from './payments.ts'

export type SavedCardChargeInput = {
	/** The business (or person) whose default saved card is charged and whose wallet is credited. */
	customerId: string
	/**
	 * Who the charge is made for: recorded as the payment's payer and mailed its outcome. When left
	 * out, the team member the card was saved by, else the customer's first user.
	 */
	userId?: string | null
	/** Whole Naira, more than 0. */
	amount: number
	/**
	 * The caller's idempotency key and the gateway's reference: 1 to 100 of letters, digits, `-`, `_`,
	 * `.` or `=`, unique across all payments. The same reference is the same charge, however often and
	 * however concurrently it is asked for. Derive it from what is paid and the attempt, e.g.
	 * `inv_<invoiceId>_1` or `renew_<policyId>_<coverEnd>_1`; a later retry of a declined charge needs
	 * a new one.
	 */
	reference: string
	/** What the charge pays for, in the customer's words: the receipt, the mail and the activity log show it ("Invoice INV-2026-0004"). */
	purpose: string
	/** Where the mail about a declined charge sends the payer to pay another way (an absolute URL); the wallet when left out. */
	retryUrl?: string
	/** false when the caller mails the outcome itself; the charge still mails nothing twice. Default true. */
	notify?: boolean
}

export type SavedCardChargeResult = {
	status: 'success' | 'failed' | 'no_card'
	/** One sentence for the customer or a log: what happened and, for a failure, why. */
	message: string
	/**
	 * false only when the outcome is not known yet (the gateway did not answer, or holds the charge for
	 * the cardholder): the payment stays pending; call again with the SAME reference later (the
	 * recovery of pending payments settles it too). true for every other answer.
	 */
	final: boolean
	/** The payments row recording the attempt; null for no_card. */
	paymentId: string | null
	/** The card charged, as the customer names it: 'Visa card ending 4081'. */
	card: string | null
}

const REFERENCE = /^[A-Za-z0-9._=-]{1,100}$/
export const NO_SAVED_CARD = 'There is no saved card to charge. Pay from the wallet or by card at the checkout.'
/** A saved card charged once is not charged again for the same reference. */
export const REFERENCE_TAKEN = 'This payment reference was already used for another payment.'

const cardName = (card: { brand: string; last4: string }) => `${capitalized(card.brand)} card ending ${card.last4}`

type Payment = typeof payments.$inferSelect

async function paymentByReference(db: Db, reference: string) {
	const [row] = await db.select().from(payments).where(eq(payments.reference, reference))
	return row ?? null
}

async function cardById(db: Db, id: string | null) {
	if (!id) return null
	const [card] = await db.select().from(cards).where(eq(cards.id, id))
	return card ?? null
}

/** The payer: the one asked for, else the team member the card was saved under, else the customer's first user. */
async function payerOf(db: Db, customerId: string, userId: string | null | undefined, cardEmail: string | null) {
	const columns = { id: users.id, email: users.email }
	if (userId) {
		const [user] = await db
			.select(columns)
			.from(users)
			.where(and(eq(users.id, userId), eq(users.customerId, customerId)))
		if (!user) throw new ApiError(404, 'We could not find that user.')
		return user
	}
	if (cardEmail) {
		const [user] = await db
			.select(columns)
			.from(users)
			.where(and(eq(users.customerId, customerId), sql`lower(${users.email}) = ${cardEmail.toLowerCase()}`))
		if (user) return user
	}
	const [first] = await db
		.select(columns)
		.from(users)
		.where(eq(users.customerId, customerId))
		.orderBy(asc(users.createdAt), asc(users.id))
		.limit(1)
	return first ?? null
}

function outcome(payment: Payment, card: string | null, final = true): SavedCardChargeResult {
	const base = { paymentId: payment.id, card, final }
	if (payment.status === 'success') {
		return {
			...base,
			status: 'success',
			message: `${formatNairaFull(payment.amount)} was charged to the ${card ?? 'saved card'} and paid into the wallet.`,
		}
	}
	if (payment.status === 'failed') {
		return {
			...base,
			status: 'failed',
			message: `The ${card ?? 'saved card'} was not charged: ${payment.failureReason ?? 'the card was declined.'}`,
		}
	}
	return {
		...base,
		status: 'failed',
		final: false,
		message: `The charge of the ${card ?? 'saved card'} is not settled yet. Nothing is owed twice: it will be settled, or can be asked for again with the same reference.`,
	}
}

/** Ask the gateway, and apply its answer to the payment: the wallet is credited once, however often this runs. */
async function chargeAndSettle(deps: Deps, payment: Payment, input: SavedCardChargeInput, attempt: () => Promise<Charge | null>) {
	const card = await cardById(deps.db, payment.cardId)
	const name = card ? cardName(card) : null
	let charge: Charge | null
	try {
		charge = await attempt()
	} catch (error) {
		if (!(error instanceof ApiError) || error.status !== 502) throw error
		logger.warn(`[payments] saved card charge ${payment.reference}: ${PAYMENT_UNAVAILABLE}`)
		return { ...outcome(payment, name, false), message: PAYMENT_UNAVAILABLE }
	}
	if (!charge) return outcome(payment, name, false)
	const { payment: after, changed } = await settleCharge(deps, charge)
	if (changed && after && input.notify !== false) await mailPaymentOutcome(deps, after.id, { retryUrl: input.retryUrl })
	return outcome(after ?? payment, name, after?.status !== 'pending')
}

/**
 * Charge the customer's default saved card (the one /manage-card marks default) `amount` Naira
 * without the payer, and credit the customer's WALLET with it, like a wallet funding through the
 * gateway: one double-entry transfer gateway clearing → wallet keyed `funding:<reference>`. The caller
 * then pays what the charge was for (an invoice, a renewal) from the wallet, in its own transaction
 * with its own idempotency key; money charged but not yet spent stays in the wallet, never lost.
 *
 * Contract:
 * - `no_card`: the customer has no saved card; nothing is recorded, nothing mailed.
 * - `success`: the card was charged and the wallet credited (now or by an earlier call with this
 *   reference). The payer is mailed a receipt-like mail ("Saved card charged") unless `notify` is false.
 * - `failed` with `final: true`: the card was declined (the gateway's reason is in `message`); the
 *   payment is recorded failed, the payer mailed (with `retryUrl`) unless `notify` is false. Asking
 *   again with the same reference answers the same failure without charging: retry with a new one.
 * - `failed` with `final: false`: the outcome is not known yet; call again later with the SAME reference.
 * - Idempotent by `reference`: the attempt is recorded as a pending payment BEFORE the gateway is
 *   called, so a retry (or a call racing this one, or a call after a crash) finds it, asks the gateway
 *   what became of it and charges at most once; the gateway also refuses a second charge of one reference.
 * - A reference already used for another customer, amount or a checkout payment is a 409 ApiError.
 *   An amount that is not a positive whole number, or a malformed reference, throws RangeError.
 * The charge shows in the customer's transactions as "Saved card charged for <purpose>", with a receipt.
 */
export async function chargeSavedCard(deps: Deps, input: SavedCardChargeInput): Promise<SavedCardChargeResult> {
	if (!Number.isSafeInteger(input.amount) || input.amount <= 0) {
		throw new RangeError(`A saved card charge must be a positive whole number of Naira, not ${input.amount}`)
	}
	if (!REFERENCE.test(input.reference)) throw new RangeError(`Not a payment reference: ${input.reference}`)
	const earlier = await paymentByReference(deps.db, input.reference)
	if (earlier) return resume(deps, earlier, input)

	const [card] = await deps.db
		.select()
		.from(cards)
		.where(and(eq(cards.customerId, input.customerId), eq(cards.isDefault, true)))
	if (!card) return { status: 'no_card', message: NO_SAVED_CARD, final: true, paymentId: null, card: null }
	const payer = await payerOf(deps.db, input.customerId, input.userId, card.email)
	const email = card.email ?? payer?.email
	if (!email) return { status: 'no_card', message: NO_SAVED_CARD, final: true, paymentId: null, card: null }

	const now = deps.now()
	const [recorded] = await deps.db
		.insert(payments)
		.values({
			customerId: input.customerId,
			userId: payer?.id ?? null,
			idempotencyKey: `card:${input.reference}`,
			reference: input.reference,
			amount: input.amount,
			gateway: deps.payments.name,
			authorizationUrl: null,
			purpose: 'funding',
			cardId: card.id,
			note: input.purpose,
			createdAt: now,
			updatedAt: now,
		})
		.onConflictDoNothing()
		.returning()
	// A call racing this one recorded the reference first: it is that attempt, not a new one.
	if (!recorded) return resume(deps, (await paymentByReference(deps.db, input.reference))!, input)
	return chargeAndSettle(deps, recorded, input, () =>
		deps.payments.chargeAuthorization({
			authorizationCode: card.authorizationCode,
			email,
			amount: input.amount,
			reference: input.reference,
		}),
	)
}

/** A reference seen before: its answer if settled; if still pending, what the gateway knows, or the charge the crash cut short. */
async function resume(deps: Deps, payment: Payment, input: SavedCardChargeInput): Promise<SavedCardChargeResult> {
	if (payment.customerId !== input.customerId || payment.amount !== input.amount || payment.authorizationUrl !== null) {
		throw new ApiError(409, REFERENCE_TAKEN)
	}
	const card = await cardById(deps.db, payment.cardId)
	if (payment.status !== 'pending') return outcome(payment, card ? cardName(card) : null)
	return chargeAndSettle(deps, payment, input, async () => {
		const known = await deps.payments.verify(payment.reference)
		if (known && known.status !== 'abandoned') return known
		if (!card) return { ...declined(payment), message: 'The saved card was removed before it could be charged.' }
		const email = card.email ?? (await payerOf(deps.db, payment.customerId, payment.userId, null))?.email
		if (!email) return { ...declined(payment), message: NO_SAVED_CARD }
		return deps.payments.chargeAuthorization({
			authorizationCode: card.authorizationCode,
			email,
			amount: payment.amount,
			reference: payment.reference,
		})
	})
}

const declined = (payment: Payment): Charge => ({
	reference: payment.reference,
	status: 'failed',
	amount: payment.amount,
	currency: 'NGN',
	paidAt: null,
	authorization: null,
	message: null,
})
