import { z } from 'zod'
import { CATEGORIES } from './catalogue.ts'
import { Page, PageSize, Paginated } from './common.ts'
import { PERIOD_VALUES } from './periods.ts'
import { Quote } from './quotes.ts'
import { POLICY_STATES, POLICY_STATUS_FILTERS } from './statuses.ts'
import { IdempotencyKey } from './wallet.ts'

export const PAYMENT_OPTIONS = ['wallet', 'gateway'] as const
export type PaymentOption = (typeof PAYMENT_OPTIONS)[number]

/**
 * POST /purchases takes the quote's fields (product_id and the product's fields, period among them,
 * checked by the catalogue: PurchaseBody in api/domain/catalogue/quotes.ts) and these terms. The
 * price is computed on the server.
 */
export const PurchaseTerms = z.object({
	// The spec's kit payload: payment_option defaults to gateway.
	payment_option: z.enum(PAYMENT_OPTIONS, { error: 'Choose how to pay: wallet or gateway.' }).default('gateway'),
	idempotency_key: IdempotencyKey,
})

export const ProductsQuery = z.object({
	category: z.enum(CATEGORIES, { error: `Choose a category: ${CATEGORIES.join(', ')}.` }).optional(),
})

export const ProductParams = z.object({
	id: z
		.string()
		.regex(/^\d{1,6}$/, 'We could not find that product.')
		.transform(Number),
})

export const IdParams = z.object({ id: z.uuid({ error: 'We could not find that policy.' }) })

/**
 * How far the list of policies counts: `total` stops at one more than this (the page says "More than
 * 1,000") and its pages reach that far; the status filter reaches the rest. Counting every policy of a
 * large business on each page read all of them (docs/decisions/121-policies-in-sql.md).
 */
export const POLICIES_COUNT_CAP = 1_000

export const PoliciesQuery = z.object({
	status: z.enum(POLICY_STATUS_FILTERS, { error: `Choose a status: ${POLICY_STATUS_FILTERS.join(', ')}.` }).optional(),
	kind: z.enum(['policy', 'plan'], { error: 'Choose a kind: policy or plan.' }).optional(),
	page: Page,
	page_size: PageSize,
})
export type PoliciesQuery = z.infer<typeof PoliciesQuery>

export const DocumentParams = z.object({ id: z.uuid({ error: 'We could not find that document.' }) })

const StatusFlags = {
	is_pending: z.boolean(),
	is_expired: z.boolean(),
	is_terminated: z.boolean(),
	is_deactivated: z.boolean(),
	is_paused: z.boolean(),
	to_be_terminated: z.boolean(),
	to_be_deactivated: z.boolean(),
	to_be_removed: z.boolean(),
	active: z.boolean(),
	/** Own-damage auto cover whose activation details arrived, waiting for its pre-inspection's approval. */
	awaiting_inspection: z.boolean(),
}

export const Policy = z.object({
	id: z.string(),
	purchase_id: z.string(),
	kind: z.enum(['policy', 'plan']),
	policy_number: z.string(),
	product_id: z.number().int(),
	product_name: z.string(),
	category: z.enum(CATEGORIES),
	provider: z.string(),
	status: z.enum(['pending', 'active']),
	/** Where it stands today, computed from its stored facts (docs/decisions/078-policy-state.md). */
	state: z.enum(POLICY_STATES),
	...StatusFlags,
	premium: z.number().int(),
	period: z.string().nullable(),
	cover_start: z.string(),
	cover_end: z.string(),
	custodian: z.object({ id: z.string(), name: z.string() }).nullable(),
	slots: z.number().int().nullable(),
	monthly_rate: z.number().int().nullable(),
	auto_renew: z.boolean(),
	/**
	 * A staff plan's next invoice: the 1st the billing run issues it, for the month before (decisions 095 and
	 * 161). Null for a policy, paid when bought, and for a plan waiting for activation or billing no month more.
	 * GET /policies/{id} gives the day of its `next_bill`, which skips a month with nobody on the plan; a list
	 * reads the plan's days alone and does not.
	 */
	next_billing_date: z.string().nullable(),
	activated_at: z.string().nullable(),
	created_at: z.string(),
	/** Whether it may end today (a staff plan, monthly cover) rather than only at the end of its period. */
	ends_at_once: z.boolean(),
	/** The first day of its next period: when a change booked for the period's end holds. */
	next_period_start: z.string(),
	/** Whether it may be renewed today: retail cover in its renewal window or lately expired (docs/decisions/091-renewals.md). */
	renewal_due: z.boolean(),
})
export type Policy = z.infer<typeof Policy>

/** GET /policies: a page of them, newest first, and how many match (capped at POLICIES_COUNT_CAP + 1). */
export const PoliciesResponse = Paginated(Policy)

/** GET /claims/products: the products the business holds cover of, each once, to filter its claims by. */
export const HeldProducts = z.array(z.object({ product_id: z.number().int(), product_name: z.string() }))

export const PolicyDetail = Policy.extend({
	activation: z.record(z.string(), z.string()).nullable(),
	documents: z.array(z.object({ id: z.string(), field: z.string(), filename: z.string(), media_type: z.string(), size: z.number().int() })),
	quote: Quote.nullable(),
	/** A pending staff plan's staff on its sheet; a live plan's members today (as `on_plan` of its members); null for a policy. */
	staff_count: z.number().int().nullable(),
	/**
	 * A live staff plan's next bill (decision 161): the month billed (its 1st), the day its invoice is
	 * issued and due, and what it bills from the facts as they are now: the people on the plan that month
	 * and their total. Null for a policy, a plan waiting for activation or one that bills no month more.
	 */
	next_bill: z
		.object({
			month: z.string(),
			issued_on: z.string(),
			due_on: z.string(),
			amount: z.number().int(),
			people: z.number().int(),
		})
		.nullable(),
})
export type PolicyDetail = z.infer<typeof PolicyDetail>

export const PurchaseResult = z.object({
	purchase: z.object({
		id: z.string(),
		status: z.enum(['awaiting_payment', 'paid', 'subscribed', 'failed']),
		payment_option: z.enum(['wallet', 'gateway', 'subscription']),
		amount: z.number().int(),
		quote: Quote,
	}),
	policy: Policy.nullable(),
	payment: z.object({ reference: z.string(), authorization_url: z.string() }).nullable(),
})

/** POST /policies/:id/renew: the period to renew for and how to pay, once per idempotency key. */
export const RenewBody = PurchaseTerms.extend({
	period: z.enum(PERIOD_VALUES, { error: 'Choose a period of cover: annual, bi-annual, quarterly or monthly.' }),
})

export const RenewalQuery = z.object({ period: z.enum(PERIOD_VALUES).optional().catch(undefined) })

/** GET /policies/:id/renewal: what renewing costs today and the cover it buys. */
export const RenewalOffer = z.object({
	policy_id: z.string(),
	renewable: z.boolean(),
	period: z.enum(PERIOD_VALUES),
	periods: z.array(z.enum(PERIOD_VALUES)),
	cover_start: z.string(),
	cover_end: z.string(),
	amount: z.number().int(),
	auto_renew: z.boolean(),
})
export type RenewalOffer = z.infer<typeof RenewalOffer>
