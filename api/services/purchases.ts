import { and, eq, sql } from 'drizzle-orm'
import { formatDays } from '../contract/dates.ts'
import { formatNairaFull } from '../contract/money.ts'
import { type Period, periodMonths } from '../contract/periods.ts'
import type { PaymentOption } from '../contract/purchases.ts'
import type { Quote } from '../contract/quotes.ts'
import { scrubPersonalData } from '../contract/telemetry.ts'
import type { QuoteInput } from '../domain/catalogue/quotes.ts'
import type { Db, Tx } from '../db/client.ts'
import { customers, payments, policies, policyEvents, purchases } from '../db/schema.ts'
import { productById, type Product } from '../domain/catalogue/index.ts'
import { gatewayPremiumTransfer, premiumTransfer } from '../domain/ledger.ts'
import { addDays, coverPeriod, initialStatus, isStaffPlan, lagosDate, policyNumber } from '../domain/policies.ts'
import { computeQuote } from '../domain/pricing/index.ts'
import { renewalPeriod } from '../domain/renewals.ts'
import { HEALTH_MONTHLY_RATES } from '../domain/pricing/health.ts'
import type { Deps } from '../deps.ts'
import type { AuthUser } from '../http.ts'
import { fieldError } from '../errors.ts'
import { recordActivity } from './accounts.ts'
import { isOverdraft, postTransfer, walletBalance } from './ledger.ts'
import { mailPurchaseConfirmation } from './money-mail.tsx'
import { newReference } from './payments.ts'

type PurchaseRow = typeof purchases.$inferSelect
type PolicyRow = typeof policies.$inferSelect
type PaymentRow = typeof payments.$inferSelect

/** The payments row of a purchase paid through the gateway is keyed apart from wallet fundings. */
const paymentKey = (idempotencyKey: string) => `purchase/${idempotencyKey}`

const insufficient = (balance: number, amount: number) =>
	fieldError(
		400,
		'payment_option',
		`Your wallet has ${formatNairaFull(balance)}: not enough for ${formatNairaFull(amount)}. Fund it or pay by card.`,
	)

const productOf = (id: number) => productById(id as Product['id'])

/** The next policy's number: its line, the year its cover starts and the next of one sequence for all lines. */
export async function nextPolicyNumber(tx: Tx, category: Parameters<typeof policyNumber>[0], startDay: string) {
	const result = (await tx.execute(sql`select nextval('policy_number_seq')::int as n`)) as unknown as { rows: Array<{ n: number }> }
	return policyNumber(category, Number(startDay.slice(0, 4)), Number(result.rows[0]!.n))
}

/**
 * Write the policy (or staff plan) of a purchase inside the caller's transaction: a number from the
 * sequence, cover from today (Lagos), the buyer as custodian. Once per purchase: purchase_id is unique.
 */
export async function issuePolicy(tx: Tx, purchase: PurchaseRow, kind: 'policy' | 'plan', now: Date) {
	// A renewal's purchase renews its policy instead: the same number, a new cover period.
	if (purchase.renewsPolicyId) return renewPolicy(tx, purchase, now)
	const [issued] = await tx.select().from(policies).where(eq(policies.purchaseId, purchase.id))
	if (issued) return issued
	const product = productOf(purchase.productId)
	const input = purchase.input
	const quote = purchase.quote as unknown as Quote
	const today = lagosDate(now)
	const cover =
		quote.period === null ? coverPeriod(today, { days: Number(input.days) }) : coverPeriod(today, { months: periodMonths(quote.period) })
	const plan =
		kind === 'plan'
			? {
					slots: Number(input.members),
					monthlyRate: HEALTH_MONTHLY_RATES[product.id as keyof typeof HEALTH_MONTHLY_RATES],
					autoRenew: true,
					// No charge until the end of the cover period (spec section 1): the first bill is the day after it.
					nextBillingDate: addDays(cover.end, 1),
				}
			: {}
	const [made] = await tx
		.insert(policies)
		.values({
			customerId: purchase.customerId,
			purchaseId: purchase.id,
			kind,
			productId: product.id,
			policyNumber: await nextPolicyNumber(tx, product.category, today),
			status: initialStatus(product, kind),
			custodianUserId: purchase.userId,
			premium: purchase.amount,
			period: quote.period,
			coverStart: cover.start,
			coverEnd: cover.end,
			...plan,
		})
		.returning()
	await recordActivity(tx, {
		customerId: purchase.customerId,
		actorUserId: purchase.userId,
		...issuedActivity(product.name, made!, purchase.amount),
	})
	return made!
}

/** The activity log's line for cover just issued: a staff plan started, or a policy bought. */
export function issuedActivity(
	productName: string,
	policy: { kind: 'plan' | 'policy'; policyNumber: string; slots: number | null },
	amount: number,
) {
	return policy.kind === 'plan'
		? {
				type: 'plans.subscribed' as const,
				description: `${productName} staff plan for ${policy.slots} staff started (${policy.policyNumber})`,
			}
		: {
				type: 'policies.issued' as const,
				description: `${productName} policy ${policy.policyNumber} bought for ${formatNairaFull(amount)}`,
			}
}

/**
 * Renew a policy with a paid renewal purchase, inside the caller's transaction (docs/decisions/091-renewals.md):
 * the policy keeps its number, its cover runs on to the end of the new period (from the day after
 * the current one ends, or from today for cover that ended), and a `renewed` event records the period.
 * Once per purchase: the event names it, and the policy row is locked while it is checked.
 */
export async function renewPolicy(tx: Tx, purchase: PurchaseRow, now: Date) {
	const [policy] = await tx.select().from(policies).where(eq(policies.id, purchase.renewsPolicyId!)).for('update')
	const [done] = await tx
		.select({ id: policyEvents.id })
		.from(policyEvents)
		.where(
			and(
				eq(policyEvents.policyId, policy!.id),
				eq(policyEvents.kind, 'renewed'),
				sql`${policyEvents.detail}->>'purchase_id' = ${purchase.id}`,
			),
		)
	if (done) return policy!
	const period = (purchase.quote as unknown as Quote).period as Period
	const today = lagosDate(now)
	const cover = renewalPeriod(policy!.coverEnd, today, period)
	const late = policy!.coverEnd < today
	const [renewed] = await tx
		.update(policies)
		.set({ coverEnd: cover.end, ...(late ? { coverStart: cover.start } : {}), period, premium: purchase.amount })
		.where(eq(policies.id, policy!.id))
		.returning()
	const product = productOf(policy!.productId)
	const description = `${product.name} policy ${policy!.policyNumber} renewed for ${formatNairaFull(purchase.amount)}: cover ${formatDays(cover.start, cover.end)}`
	await tx.insert(policyEvents).values({
		customerId: policy!.customerId,
		policyId: policy!.id,
		kind: 'renewed',
		effectiveOn: cover.start,
		detail: {
			purchase_id: purchase.id,
			cover_start: cover.start,
			cover_end: cover.end,
			previous_cover_end: policy!.coverEnd,
			period,
			premium: purchase.amount,
		},
		description,
		actorUserId: purchase.userId,
	})
	await recordActivity(tx, { customerId: policy!.customerId, actorUserId: purchase.userId, type: 'policies.renewed', description })
	return renewed!
}

async function existingPurchase(db: Db, customerId: string, idempotencyKey: string) {
	const [row] = await db
		.select()
		.from(purchases)
		.where(and(eq(purchases.customerId, customerId), eq(purchases.idempotencyKey, idempotencyKey)))
	return row
}

export type PurchaseOutcome = { purchase: PurchaseRow; policy: PolicyRow | null; payment: PaymentRow | null }

async function outcomeOf(db: Db, purchase: PurchaseRow): Promise<PurchaseOutcome> {
	// A renewal answers the policy it renews, once paid.
	const policyOf = purchase.renewsPolicyId ? eq(policies.id, purchase.renewsPolicyId) : eq(policies.purchaseId, purchase.id)
	const [[found], [payment]] = await Promise.all([
		db.select().from(policies).where(policyOf),
		db.select().from(payments).where(eq(payments.purchaseId, purchase.id)),
	])
	const policy = purchase.renewsPolicyId && purchase.status !== 'paid' ? undefined : found
	return { purchase, policy: policy ?? null, payment: payment ?? null }
}

/**
 * Buy a product: the price is computed here from the quote's fields, never taken from the client.
 * A business's standard health plan is a subscription and charges nothing now; anything else is paid
 * from the wallet (one transaction: premium, purchase, policy) or through the gateway (a payment whose
 * confirmation pays the premium and issues the policy). The idempotency key makes it happen once.
 */
export async function buy(
	deps: Deps,
	auth: AuthUser,
	body: { quote: QuoteInput; payment_option: PaymentOption; idempotency_key: string },
	/** More to write in the transaction that issues a staff plan: a batch upload enrols its staff. */
	options: {
		onPlanIssued?: (tx: Tx, plan: PolicyRow) => Promise<void>
		/** Where the gateway sends the payer back: the purchase callback page unless the kit asks for its own. */
		callbackUrl?: string
		/** A renewal of this policy (docs/decisions/091-renewals.md): paid like a purchase, it renews instead of issuing. */
		renewsPolicyId?: string
	} = {},
) {
	const quote = computeQuote(body.quote)
	const product = productOf(body.quote.product_id)
	const [customer] = await deps.db.select({ kind: customers.kind }).from(customers).where(eq(customers.id, auth.customerId))
	const plan = isStaffPlan(customer!.kind, product, (body.quote as { plan_type?: unknown }).plan_type)
	const paymentOption = plan ? 'subscription' : body.payment_option
	const replay = async () => {
		const earlier = await existingPurchase(deps.db, auth.customerId, body.idempotency_key)
		if (!earlier) return null
		// A staff plan's purchase records no amount: it is charged nothing now.
		if (
			earlier.productId !== product.id ||
			earlier.amount !== (plan ? 0 : quote.total) ||
			earlier.paymentOption !== paymentOption ||
			earlier.renewsPolicyId !== (options.renewsPolicyId ?? null)
		) {
			throw fieldError(409, 'idempotency_key', 'This idempotency key was already used for another purchase.')
		}
		return earlier
	}
	const earlier = await replay()
	if (earlier && (earlier.status !== 'awaiting_payment' || (await outcomeOf(deps.db, earlier)).payment)) return outcomeOf(deps.db, earlier)

	const values = {
		customerId: auth.customerId,
		userId: auth.id,
		idempotencyKey: body.idempotency_key,
		productId: product.id,
		input: body.quote as Record<string, unknown>,
		quote: quote as unknown as Record<string, unknown>,
		amount: plan ? 0 : quote.total,
		paymentOption,
		renewsPolicyId: options.renewsPolicyId ?? null,
	} as const

	if (paymentOption === 'subscription' || paymentOption === 'wallet') {
		if (paymentOption === 'wallet') {
			const balance = await walletBalance(deps.db, auth.customerId)
			if (balance < quote.total) throw insufficient(balance, quote.total)
		}
		try {
			const purchase = await deps.db.transaction(async (tx) => {
				const [made] = await tx
					.insert(purchases)
					.values({ ...values, status: paymentOption === 'wallet' ? 'paid' : 'subscribed' })
					.onConflictDoNothing()
					.returning()
				// A concurrent request with the same key got there first: it bought; this one answers it.
				if (!made) return null
				if (paymentOption === 'wallet') {
					const transfer = await postTransfer(
						tx,
						premiumTransfer({ customerId: auth.customerId, amount: quote.total, reference: `purchase_${made.id}` }),
					)
					await tx.update(purchases).set({ transferId: transfer.id }).where(eq(purchases.id, made.id))
				}
				const issued = await issuePolicy(tx, made, plan ? 'plan' : 'policy', deps.now())
				if (plan) await options.onPlanIssued?.(tx, issued)
				return made
			})
			if (purchase) await mailPurchaseConfirmation(deps, purchase.id)
			return outcomeOf(deps.db, purchase ?? (await replay())!)
		} catch (error) {
			if (isOverdraft(error)) throw insufficient(await walletBalance(deps.db, auth.customerId), quote.total)
			throw error
		}
	}

	// The gateway: the purchase waits for its payment.
	const [made] = earlier
		? [earlier]
		: await deps.db
				.insert(purchases)
				.values({ ...values, status: 'awaiting_payment' })
				.onConflictDoNothing()
				.returning()
	const purchase = made ?? (await replay())!
	const found = await outcomeOf(deps.db, purchase)
	if (found.payment) return found
	const reference = newReference('buy')
	// The checkout is made before the payment row, as for a funding: a crash between leaves an unpaid
	// checkout nobody was shown, and a retry with the same key makes another.
	const { authorizationUrl } = await deps.payments.initialize({
		amount: quote.total,
		email: auth.email,
		reference,
		callbackUrl: options.callbackUrl ?? `${deps.env.publicUrl}/purchase/callback`,
	})
	await deps.db
		.insert(payments)
		.values({
			customerId: auth.customerId,
			userId: auth.id,
			idempotencyKey: paymentKey(body.idempotency_key),
			reference,
			amount: quote.total,
			gateway: deps.payments.name,
			authorizationUrl,
			purpose: 'purchase',
			purchaseId: purchase.id,
			createdAt: deps.now(),
			updatedAt: deps.now(),
		})
		.onConflictDoNothing()
	return outcomeOf(deps.db, purchase)
}

/**
 * The gateway collected a purchase's premium: inside applyCharge's transaction, gateway clearing pays
 * premium income directly and the policy is issued. The transfer's key is the payment's reference.
 */
export async function payPurchase(tx: Tx, payment: PaymentRow, now: Date) {
	const [purchase] = await tx.select().from(purchases).where(eq(purchases.id, payment.purchaseId!)).for('update')
	const transfer = await postTransfer(
		tx,
		gatewayPremiumTransfer({ customerId: payment.customerId, amount: payment.amount, reference: payment.reference }),
	)
	await tx.update(purchases).set({ status: 'paid', transferId: transfer.id }).where(eq(purchases.id, purchase!.id))
	await issuePolicy(tx, { ...purchase!, status: 'paid' }, 'policy', now)
	return transfer
}

/** A purchase as POST /purchases and POST /purchases/batch answer it. */
export function serializePurchase(purchase: typeof purchases.$inferSelect) {
	return {
		id: purchase.id,
		status: purchase.status,
		payment_option: purchase.paymentOption,
		amount: purchase.amount,
		quote: purchase.quote as unknown as Quote,
	}
}

/**
 * What analytics learns of a purchase: the product, the money and the options chosen, the quote's
 * fields scrubbed of personal data (names, plates, members' details never leave).
 */
export function purchaseProperties(purchase: typeof purchases.$inferSelect, input: QuoteInput) {
	const product = productOf(purchase.productId)
	return {
		product_id: product.id,
		product: product.name,
		category: product.category,
		amount: purchase.amount,
		payment_option: purchase.paymentOption,
		status: purchase.status,
		options: scrubPersonalData(input),
		benefits: product.benefits.join('; '),
		lines: (purchase.quote as unknown as Quote).lines.map((l) => `${l.label}: ${l.amount}`).join('; '),
	}
}
