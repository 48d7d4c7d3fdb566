import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { purchases } from './schema-policies.ts'
import { customers, users } from './schema.ts'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

/**
 * A partner's keys for the embedded kit (docs/decisions/074-partner-keys.md): the public key names it,
 * the secret key (only its SHA-256 is kept) lets its server open kit sessions, and the webhook secret
 * signs what we tell its server. Revoked keys stay, for the sessions and deliveries that name them.
 */
export const partnerKeys = pgTable(
	'partner_keys',
	{
		id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
		customerId: uuid('customer_id')
			.notNull()
			.references(() => customers.id, { onDelete: 'cascade' }),
		/** Who made it: purchases through the kit are made in their name. */
		createdBy: uuid('created_by')
			.notNull()
			.references(() => users.id),
		name: text('name').notNull(),
		publicKey: text('public_key').notNull().unique(),
		secretHash: text('secret_hash').notNull().unique(),
		/** The secret's last four characters, to tell keys apart in the list. */
		secretHint: text('secret_hint').notNull(),
		webhookUrl: text('webhook_url'),
		webhookSecret: text('webhook_secret').notNull(),
		createdAt: createdAt(),
		revokedAt: timestamp('revoked_at', { withTimezone: true }),
	},
	(t) => [index('partner_keys_customer_idx').on(t.customerId, t.createdAt)],
)

export const KIT_ACTIONS = ['purchase', 'inspect', 'claim'] as const
export const KIT_SESSION_STATUSES = ['created', 'open', 'completed', 'closed'] as const

/**
 * One launch of the kit (docs/decisions/075-kit-sessions.md). `jti` is the payload's id: opening the
 * payload sets `opened_at` once, so a payload is good for one launch.
 */
export const kitSessions = pgTable(
	'kit_sessions',
	{
		id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
		jti: text('jti').notNull().unique(),
		partnerKeyId: uuid('partner_key_id')
			.notNull()
			.references(() => partnerKeys.id),
		customerId: uuid('customer_id')
			.notNull()
			.references(() => customers.id, { onDelete: 'cascade' }),
		action: text('action', { enum: KIT_ACTIONS }).notNull(),
		productId: integer('product_id'),
		policyId: uuid('policy_id'),
		claimId: text('claim_id'),
		paymentOption: text('payment_option', { enum: ['wallet', 'gateway'] }).notNull(),
		origin: text('origin').notNull(),
		reference: text('reference').notNull(),
		prefill: jsonb('prefill').$type<Record<string, string>>().notNull().default({}),
		/** What the customer typed so far: the quote's fields, then their details. */
		draft: jsonb('draft')
			.$type<{ quote?: Record<string, string>; details?: Record<string, string>; claim?: string }>()
			.notNull()
			.default({}),
		status: text('status', { enum: KIT_SESSION_STATUSES }).notNull().default('created'),
		purchaseId: uuid('purchase_id').references(() => purchases.id),
		expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
		openedAt: timestamp('opened_at', { withTimezone: true }),
		completedAt: timestamp('completed_at', { withTimezone: true }),
		createdAt: createdAt(),
	},
	(t) => [index('kit_sessions_partner_idx').on(t.partnerKeyId, t.createdAt)],
)

/**
 * A webhook to a partner (docs/decisions/077-partner-webhooks.md): sent until its server answers 2xx,
 * each retry later than the last. `event_id` is unique, so an event is queued once.
 */
export const webhookDeliveries = pgTable(
	'webhook_deliveries',
	{
		id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
		eventId: text('event_id').notNull(),
		partnerKeyId: uuid('partner_key_id')
			.notNull()
			.references(() => partnerKeys.id),
		url: text('url').notNull(),
		/** The exact bytes signed and sent. */
		body: text('body').notNull(),
		attempts: integer('attempts').notNull().default(0),
		nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
		deliveredAt: timestamp('delivered_at', { withTimezone: true }),
		lastStatus: integer('last_status'),
		lastError: text('last_error'),
		createdAt: createdAt(),
	},
	(t) => [
		uniqueIndex('webhook_deliveries_event_idx').on(t.eventId),
		index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`delivered_at is null`),
	],
)
