import { and, desc, eq, isNull } from 'drizzle-orm'
import { isPeriod, type Period } from '../contract/periods.ts'
import type { PaymentOption } from '../contract/purchases.ts'
import type { Db } from '../db/client.ts'
import { type policies, policyEvents, purchases } from '../db/schema.ts'
import type { Deps } from '../deps.ts'
import { type Product, productById } from '../domain/catalogue/index.ts'
import type { QuoteInput } from '../domain/catalogue/quotes.ts'
import { premiumTransfer } from '../domain/ledger.ts'
import { lagosDate } from '../domain/policies.ts'
import { policyState } from '../domain/policy-state.ts'
import { computeQuote } from '../domain/pricing/index.ts'
import { renewable, renewalPeriod } from '../domain/renewals.ts'
import { ApiError, fieldError } from '../errors.ts'
import type { AuthUser } from '../http.ts'
import { isOverdraft, postTransfer, walletBalance } from './ledger.ts'
import { mailPurchaseConfirmation } from './money-mail.tsx'
import { buy, issuePolicy } from './purchases.ts'
import { liveEvents } from './policies.ts'

type PolicyRow = typeof policies.$inferSelect
type PurchaseRow = typeof purchases.$inferSelect

/** The period a renewal runs for: a new period booked for the next renewal (decision 079), else the policy's own. */
async function periodAtRenewal(db: Db, policy: PolicyRow, starts: string): Promise<Period> {
	const [booked] = await db
		.select({ detail: policyEvents.detail, effectiveOn: policyEvents.effectiveOn })
		.from(policyEvents)
		.where(and(eq(policyEvents.policyId, policy.id), eq(policyEvents.kind, 'period_change'), isNull(policyEvents.cancelledAt)))
		.orderBy(desc(policyEvents.effectiveOn), desc(policyEvents.createdAt))
		.limit(1)
	const period = booked && booked.effectiveOn <= starts ? booked.detail?.period : policy.period
	return isPeriod(period) ? period : 'annual'
}

/** The original purchase of a policy: its quote's fields are what a renewal is priced from. */
async function originalPurchase(db: Db, policy: PolicyRow) {
	const [purchase] = await db.select().from(purchases).where(eq(purchases.id, policy.purchaseId))
	return purchase!
}

export type RenewalOffer = {
	policy: PolicyRow
	renewable: boolean
	period: Period
	periods: Period[]
	coverStart: string
	coverEnd: string
	amount: number
	input: QuoteInput
}

/**
 * What renewing a policy costs today, and the cover it buys: priced from the original purchase's
 * fields at today's rates, for `period` (one the product offers) or the period due at renewal.
 */
export async function renewalOffer(db: Db, policy: PolicyRow, now: Date, period?: Period): Promise<RenewalOffer> {
	const today = lagosDate(now)
	const product = productById(policy.productId as Product['id'])
	const events = await liveEvents(db, { customerId: policy.customerId, policyId: policy.id })
	const state = policyState(policy, events, today)
	const periods = [...product.periods]
	const dueStart = renewalPeriod(policy.coverEnd, today, 'monthly').start
	const chosen = period && periods.includes(period) ? period : await periodAtRenewal(db, policy, dueStart)
	const input = { ...(await originalPurchase(db, policy)).input, period: chosen } as QuoteInput
	const quote = computeQuote(input)
	const cover = renewalPeriod(policy.coverEnd, today, chosen)
	return {
		policy,
		renewable: renewable({ kind: policy.kind, period: policy.period, coverEnd: policy.coverEnd, state }, today),
		period: chosen,
		periods,
		coverStart: cover.start,
		coverEnd: cover.end,
		amount: quote.total,
		input,
	}
}

const NOT_DUE = 'This policy cannot be renewed now: renewal opens 14 days before cover ends and closes 30 days after.'

/**
 * The customer renews (POST /policies/:id/renew): paid like a purchase, from the wallet at once or
 * through the gateway (its callback renews), once per idempotency key.
 */
export async function startRenewal(
	deps: Deps,
	auth: AuthUser,
	policy: PolicyRow,
	body: { period: Period; payment_option: PaymentOption; idempotency_key: string },
) {
	const [earlier] = await deps.db
		.select()
		.from(purchases)
		.where(and(eq(purchases.customerId, auth.customerId), eq(purchases.idempotencyKey, body.idempotency_key)))
	// A retry of a renewal made (the policy no longer due) answers it, as POST /purchases does.
	if (earlier?.renewsPolicyId === policy.id) {
		const terms = { quote: earlier.input as QuoteInput, payment_option: body.payment_option, idempotency_key: body.idempotency_key }
		return buy(deps, auth, terms, { renewsPolicyId: policy.id })
	}
	const offer = await renewalOffer(deps.db, policy, deps.now(), body.period)
	if (!offer.renewable) throw new ApiError(409, NOT_DUE)
	if (!offer.periods.includes(body.period)) throw fieldError(400, 'period', 'Choose a period this product offers.')
	return buy(
		deps,
		auth,
		{ quote: offer.input, payment_option: body.payment_option, idempotency_key: body.idempotency_key },
		{ renewsPolicyId: policy.id },
	)
}

/** The key of the one automatic renewal of a policy's cover period: a second run finds it. */
export const autoRenewalKey = (policy: Pick<PolicyRow, 'id' | 'coverEnd'>) => `auto-renew/${policy.id}/${policy.coverEnd}`

/**
 * Renew from the wallet, as the auto-renewal job does: in one transaction the purchase (keyed per
 * policy and cover period, so a second run or a second process finds it), the premium through the
 * ledger and the renewal. Answers 'renewed', 'already' or 'insufficient' (nothing written).
 */
export async function renewFromWallet(deps: Deps, offer: RenewalOffer): Promise<'renewed' | 'already' | 'insufficient'> {
	const { policy } = offer
	const original = await originalPurchase(deps.db, policy)
	// Renewed already (by a run beside this one, which may have spent the wallet doing it).
	const [done] = await deps.db
		.select({ id: purchases.id })
		.from(purchases)
		.where(and(eq(purchases.customerId, policy.customerId), eq(purchases.idempotencyKey, autoRenewalKey(policy))))
	if (done) return 'already'
	if ((await walletBalance(deps.db, policy.customerId)) < offer.amount) return 'insufficient'
	let made: PurchaseRow | undefined
	try {
		made = await deps.db.transaction(async (tx) => {
			const quote = computeQuote(offer.input)
			const [row] = await tx
				.insert(purchases)
				.values({
					customerId: policy.customerId,
					userId: original.userId,
					idempotencyKey: autoRenewalKey(policy),
					productId: policy.productId,
					input: offer.input as Record<string, unknown>,
					quote: quote as unknown as Record<string, unknown>,
					amount: quote.total,
					paymentOption: 'wallet',
					status: 'paid',
					renewsPolicyId: policy.id,
				})
				.onConflictDoNothing()
				.returning()
			if (!row) return undefined
			const transfer = await postTransfer(
				tx,
				premiumTransfer({ customerId: policy.customerId, amount: quote.total, reference: `purchase_${row.id}` }),
			)
			await tx.update(purchases).set({ transferId: transfer.id }).where(eq(purchases.id, row.id))
			await issuePolicy(tx, row, 'policy', deps.now())
			return row
		})
	} catch (error) {
		if (isOverdraft(error)) return 'insufficient'
		throw error
	}
	if (!made) return 'already'
	await mailPurchaseConfirmation(deps, made.id)
	return 'renewed'
}

/** The renewal screen's figures (GET /policies/:id/renewal). */
export function serializeOffer(offer: RenewalOffer) {
	return {
		policy_id: offer.policy.id,
		renewable: offer.renewable,
		period: offer.period,
		periods: offer.periods,
		cover_start: offer.coverStart,
		cover_end: offer.coverEnd,
		amount: offer.amount,
		auto_renew: offer.policy.autoRenew,
	}
}
