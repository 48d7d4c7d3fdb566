import { sql } from 'drizzle-orm'
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { ACCOUNT_KINDS, TRANSFER_KINDS } from '../contract/ledger.ts'
import { customers } from './schema.ts'

// The double-entry ledger. Triggers in the ledger_guards migration keep it honest beyond what these
// declarations say: entries and transfers are never updated or deleted, a balance changes only by an
// entry inserted beside it, and a transfer's entries (two or more) sum to zero when its transaction commits.

/** A customer's wallet, or one of the insurer's own accounts (seeded once by the ledger_guards migration). */
export const ledgerAccounts = pgTable(
	'ledger_accounts',
	{
		id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
		kind: text('kind', { enum: ACCOUNT_KINDS }).notNull(),
		customerId: uuid('customer_id').references(() => customers.id),
		/** The sum of the account's entries, kept by the entries' insert trigger. */
		balance: bigint('balance', { mode: 'number' }).notNull().default(0),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		uniqueIndex('ledger_accounts_wallet_idx').on(t.customerId).where(sql`kind = 'wallet'`),
		uniqueIndex('ledger_accounts_system_idx').on(t.kind).where(sql`kind <> 'wallet'`),
		check('ledger_accounts_owner', sql`(${t.kind} = 'wallet') = (${t.customerId} is not null)`),
		check(
			'ledger_accounts_not_negative',
			sql`${t.kind} in ('gateway_clearing', 'claims_expense', 'referral_rewards') or ${t.balance} >= 0`,
		),
	],
)

/** One movement of money: immutable, keyed by its idempotency key. */
export const ledgerTransfers = pgTable(
	'ledger_transfers',
	{
		id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
		idempotencyKey: text('idempotency_key').notNull().unique(),
		kind: text('kind', { enum: TRANSFER_KINDS }).notNull(),
		customerId: uuid('customer_id')
			.notNull()
			.references(() => customers.id),
		reference: text('reference').notNull(),
		description: text('description').notNull(),
		/** The time of the database transaction that wrote it (a trigger sets it). */
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		index('ledger_transfers_customer_idx').on(t.customerId, t.reference),
		// The history reads each kind of a customer's transfers newest first (decisions 097, 118).
		index('ledger_transfers_customer_kind_idx').on(t.customerId, t.kind, t.createdAt),
	],
)

export const ledgerEntries = pgTable(
	'ledger_entries',
	{
		id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
		transferId: uuid('transfer_id')
			.notNull()
			.references(() => ledgerTransfers.id),
		accountId: uuid('account_id')
			.notNull()
			.references(() => ledgerAccounts.id),
		amount: bigint('amount', { mode: 'number' }).notNull(),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		index('ledger_entries_transfer_idx').on(t.transferId),
		index('ledger_entries_account_idx').on(t.accountId),
		check('ledger_entries_not_zero', sql`${t.amount} <> 0`),
	],
)
