import { sql } from 'drizzle-orm'
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { ledgerTransfers } from './schema-ledger.ts'
import { policies } from './schema-policies.ts'
import { customers, users } from './schema.ts'

/**
 * One account opened through another's referral link (docs/decisions/112-referral-rewards.md):
 * pending until the referred customer keeps cover for the qualifying days, then earned, then paid into
 * the referrer's wallet through the ledger; void when it can never earn (self or same payer).
 */
export const referrals = pgTable(
	'referrals',
	{
		id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
		referrerCustomerId: uuid('referrer_customer_id')
			.notNull()
			.references(() => customers.id),
		/** An account is referred once. */
		referredCustomerId: uuid('referred_customer_id')
			.notNull()
			.unique()
			.references(() => customers.id),
		status: text('status', { enum: ['pending', 'earned', 'paid', 'void'] }).notNull(),
		voidReason: text('void_reason', { enum: ['self', 'same_payer'] }),
		amount: integer('amount').notNull(),
		/** The policy whose kept cover earned the reward. */
		policyId: uuid('policy_id').references(() => policies.id),
		earnedAt: timestamp('earned_at', { withTimezone: true }),
		paidAt: timestamp('paid_at', { withTimezone: true }),
		transferId: uuid('transfer_id').references(() => ledgerTransfers.id),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		index('referrals_referrer_idx').on(t.referrerCustomerId, t.createdAt),
		index('referrals_open_idx').on(t.status).where(sql`status in ('pending', 'earned')`),
	],
)

/**
 * What happened to the account, for the bell in the header (docs/decisions/114-notifications.md): one
 * row per member told, so each reads them on their own.
 */
export const notifications = pgTable(
	'notifications',
	{
		id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
		customerId: uuid('customer_id')
			.notNull()
			.references(() => customers.id),
		userId: uuid('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		kind: text('kind').notNull(),
		title: text('title').notNull(),
		/** The screen it is about: a path of the portal. */
		href: text('href').notNull(),
		readAt: timestamp('read_at', { withTimezone: true }),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		index('notifications_user_idx').on(t.userId, t.createdAt),
		uniqueIndex('notifications_unread_idx').on(t.userId, t.id).where(sql`read_at is null`),
	],
)
