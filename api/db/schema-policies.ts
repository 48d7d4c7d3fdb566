import { sql } from 'drizzle-orm'
import {
	type AnyPgColumn,
	bigint,
	boolean,
	check,
	date,
	index,
	integer,
	jsonb,
	pgSequence,
	pgTable,
	primaryKey,
	text,
	timestamp,
	uniqueIndex,
	uuid,
} from 'drizzle-orm/pg-core'
import { ledgerTransfers } from './schema-ledger.ts'
import { customers, users } from './schema.ts'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

/** Numbers policies across every line: CP-AUTO-2026-000123 (docs/decisions/014-purchases.md). */
export const policyNumberSeq = pgSequence('policy_number_seq', { startWith: 1, increment: 1 })

/**
 * One order of cover: the quote as the server priced it and how it is paid. A paid purchase has its
 * policy; a gateway one waits for the payment; a business staff plan is a subscription and pays nothing now.
 */
export const purchases = pgTable(
	'purchases',
	{
		id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
		customerId: uuid('customer_id')
			.notNull()
			.references(() => customers.id),
		userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
		idempotencyKey: text('idempotency_key').notNull(),
		productId: integer('product_id').notNull(),
		/** The validated quote input (QuoteBody). */
		input: jsonb('input').$type<Record<string, unknown>>().notNull(),
		/** The quote the server computed: total and lines. */
		quote: jsonb('quote').$type<Record<string, unknown>>().notNull(),
		amount: integer('amount').notNull(),
		paymentOption: text('payment_option', { enum: ['wallet', 'gateway', 'subscription'] }).notNull(),
		status: text('status', { enum: ['awaiting_payment', 'paid', 'subscribed', 'failed'] }).notNull(),
		transferId: uuid('transfer_id').references(() => ledgerTransfers.id),
		/** A renewal (docs/decisions/091-renewals.md): the policy it renews, which keeps its number; no new policy is issued. */
		renewsPolicyId: uuid('renews_policy_id').references((): AnyPgColumn => policies.id),
		createdAt: createdAt(),
	},
	(t) => [
		uniqueIndex('purchases_idempotency_idx').on(t.customerId, t.idempotencyKey),
		index('purchases_customer_idx').on(t.customerId, t.createdAt),
		check('purchases_amount_not_negative', sql`${t.amount} >= 0`),
		index('purchases_renews_policy_idx').on(t.renewsPolicyId),
	],
)

/**
 * Paid purchases summed by business and month (YYYY-MM, Lagos time, as the transaction history dates
 * them): home's spend reads at most 12 rows, not every purchase (docs/decisions/126-running-totals.md).
 * Kept only by the trigger `purchases_spend` (migration 0025) on every insert, update and delete of a
 * purchase; nothing else writes it.
 */
export const purchaseSpendMonths = pgTable(
	'purchase_spend_months',
	{
		customerId: uuid('customer_id')
			.notNull()
			.references(() => customers.id),
		month: text('month').notNull(),
		amount: bigint('amount', { mode: 'number' }).notNull(),
	},
	(t) => [primaryKey({ columns: [t.customerId, t.month] })],
)

/**
 * Policies counted by business, last day of cover, product and status: home's cover by line and its
 * renewals due sum the days from today on, a few hundred rows at most, rather than count every live
 * policy (docs/decisions/141-cover-counts-and-the-request-path-ceiling.md). Kept by the trigger
 * `policies_cover_counts` (migration 0027), so it always equals counting `policies` grouped the same way.
 */
export const policyCoverCounts = pgTable(
	'policy_cover_counts',
	{
		customerId: uuid('customer_id')
			.notNull()
			.references(() => customers.id),
		coverEnd: date('cover_end').notNull(),
		productId: integer('product_id').notNull(),
		status: text('status', { enum: ['pending', 'active'] }).notNull(),
		policies: integer('policies').notNull(),
	},
	(t) => [primaryKey({ columns: [t.customerId, t.coverEnd, t.productId, t.status] })],
)

/** A policy (retail cover) or a staff plan (a business's health subscription with slots). */
export const policies = pgTable(
	'policies',
	{
		id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
		customerId: uuid('customer_id')
			.notNull()
			.references(() => customers.id),
		purchaseId: uuid('purchase_id')
			.notNull()
			.unique()
			.references(() => purchases.id),
		kind: text('kind', { enum: ['policy', 'plan'] }).notNull(),
		productId: integer('product_id').notNull(),
		policyNumber: text('policy_number').notNull().unique(),
		status: text('status', { enum: ['pending', 'active'] }).notNull(),
		/** Who the cover is for: the buyer until someone else is named (spec section 1). */
		custodianUserId: uuid('custodian_user_id').references(() => users.id, { onDelete: 'set null' }),
		/** A business's custodian from its staff register (docs/decisions/052); set, it names the custodian. */
		custodianEmployeeId: uuid('custodian_employee_id'),
		/** The custodian's activation details, once completed. */
		custodianActivatedAt: timestamp('custodian_activated_at', { withTimezone: true }),
		premium: integer('premium').notNull(),
		period: text('period'),
		coverStart: date('cover_start').notNull(),
		coverEnd: date('cover_end').notNull(),
		/** Staff plans: what billing needs. */
		slots: integer('slots'),
		monthlyRate: integer('monthly_rate'),
		/** Staff plans: dependants bought beyond the members (docs/decisions/051); billing prices them. */
		dependantSlots: integer('dependant_slots').notNull().default(0),
		autoRenew: boolean('auto_renew').notNull().default(false),
		nextBillingDate: date('next_billing_date'),
		/**
		 * Staff plans: the 1st of the last month the billing run has settled, invoiced or found with nobody
		 * covered; the run starts after it and skips the plan until a new month ends (decision 123).
		 */
		billedThrough: date('billed_through'),
		activation: jsonb('activation').$type<Record<string, string>>(),
		activatedAt: timestamp('activated_at', { withTimezone: true }),
		createdAt: createdAt(),
	},
	(t) => [
		index('policies_customer_idx').on(t.customerId, t.createdAt),
		// Home's live cover and renewals due, by cover end (docs/decisions/121-policies-in-sql.md).
		// Product and status ride along so home's cover by line reads the index alone (decision 126).
		index('policies_customer_cover_end_idx').on(t.customerId, t.coverEnd, t.productId, t.status),
		// The staff register's "cover held" per person on a page: the policies each one keeps (decision 126).
		index('policies_custodian_employee_idx').on(t.custodianEmployeeId).where(sql`${t.custodianEmployeeId} is not null`),
		// Home's next bill: the business's plans by next billing date.
		index('policies_plan_billing_idx').on(t.customerId, t.nextBillingDate).where(sql`${t.kind} = 'plan'`),
		// The few waiting for their details, oldest or newest first: the todos and the box on /mycover.
		index('policies_pending_idx').on(t.customerId, t.createdAt).where(sql`${t.status} = 'pending'`),
	],
)

/** An uploaded file; its bytes are in the storage module under storage_key, never in the web root. */
export const documents = pgTable(
	'documents',
	{
		id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
		customerId: uuid('customer_id')
			.notNull()
			.references(() => customers.id),
		policyId: uuid('policy_id').references(() => policies.id),
		field: text('field').notNull(),
		filename: text('filename').notNull(),
		mediaType: text('media_type').notNull(),
		size: integer('size').notNull(),
		storageKey: text('storage_key').notNull().unique(),
		createdAt: createdAt(),
	},
	(t) => [index('documents_policy_idx').on(t.policyId)],
)

/**
 * A notice the jobs sent about a policy (docs/decisions/091-renewals.md): a renewal reminder, a
 * renewal asked for, cover ended, a booked change in effect. Unique per policy, kind and period (or
 * event), so a job run twice, or on two processes, sends it once.
 */
export const policyNotices = pgTable(
	'policy_notices',
	{
		id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
		policyId: uuid('policy_id')
			.notNull()
			.references(() => policies.id),
		kind: text('kind', {
			enum: ['renewal_reminder_14', 'renewal_reminder_3', 'renewal_asked', 'renewed', 'expired', 'change_effective'],
		}).notNull(),
		/** The cover end the notice is about, or the event that took effect. */
		about: text('about').notNull(),
		createdAt: createdAt(),
	},
	(t) => [uniqueIndex('policy_notices_once_idx').on(t.policyId, t.kind, t.about)],
)
