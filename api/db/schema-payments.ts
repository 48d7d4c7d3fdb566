import { sql } from 'drizzle-orm'
import { type AnyPgColumn, bigint, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { WITHDRAWAL_STATUSES } from '../contract/statuses.ts'
import { ledgerTransfers } from './schema-ledger.ts'
import { customers, users } from './schema.ts'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()

/** A funding intent: the wallet is credited once, when the gateway says the payment succeeded. */
export const payments = pgTable(
	'payments',
	{
		id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
		customerId: uuid('customer_id')
			.notNull()
			.references(() => customers.id),
		userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
		idempotencyKey: text('idempotency_key').notNull(),
		reference: text('reference').notNull().unique(),
		amount: integer('amount').notNull(),
		status: text('status', { enum: ['pending', 'success', 'failed'] })
			.notNull()
			.default('pending'),
		gateway: text('gateway', { enum: ['sandbox', 'paystack'] }).notNull(),
		/** The checkout the payer was sent to; null for a charge of a saved card, which has none. */
		authorizationUrl: text('authorization_url'),
		failureReason: text('failure_reason'),
		transferId: uuid('transfer_id').references(() => ledgerTransfers.id),
		paidAt: timestamp('paid_at', { withTimezone: true }),
		/** A wallet funding credits the wallet; a purchase pays its premium and issues its policy; an invoice is paid. */
		purpose: text('purpose', { enum: ['funding', 'purchase', 'invoice'] })
			.notNull()
			.default('funding'),
		purchaseId: uuid('purchase_id'),
		/** The saved card this payment charged without a checkout (services/saved-cards.ts), or null. */
		cardId: uuid('card_id').references((): AnyPgColumn => cards.id, { onDelete: 'set null' }),
		/** What a saved-card charge was for, in words (an invoice's number, a policy's renewal). */
		note: text('note'),
		invoiceId: uuid('invoice_id'),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [
		uniqueIndex('payments_idempotency_idx').on(t.customerId, t.idempotencyKey),
		index('payments_customer_idx').on(t.customerId, t.createdAt),
		// The transaction history joins each purchase to its payment (decision 118).
		index('payments_purchase_idx').on(t.purchaseId),
		// Each kind of the history reads its own purpose newest first: card payments of invoices are few
		// beside a business's fundings, and were found by reading every payment (decision 118).
		index('payments_customer_purpose_idx').on(t.customerId, t.purpose, t.createdAt),
		check('payments_amount_positive', sql`${t.amount} > 0`),
	],
)

/** A card the gateway can charge again, saved from a successful reusable charge. */
export const cards = pgTable(
	'cards',
	{
		id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
		customerId: uuid('customer_id')
			.notNull()
			.references(() => customers.id, { onDelete: 'cascade' }),
		/** The gateway's token for charging the card again; never shown. */
		authorizationCode: text('authorization_code').notNull(),
		/** The gateway's fingerprint of the card: the same card is saved once. */
		signature: text('signature').notNull(),
		brand: text('brand').notNull(),
		last4: text('last4').notNull(),
		expMonth: integer('exp_month').notNull(),
		expYear: integer('exp_year').notNull(),
		bank: text('bank'),
		/** The email the gateway knows the card's customer by: a charge of the card must send the same. */
		email: text('email'),
		isDefault: boolean('is_default').notNull().default(false),
		createdAt: createdAt(),
	},
	(t) => [
		uniqueIndex('cards_signature_idx').on(t.customerId, t.signature),
		uniqueIndex('cards_default_idx').on(t.customerId).where(sql`is_default`),
	],
)

/** Money leaving a wallet for a bank account: debited at once, paid out after the code (and approval). */
export const withdrawals = pgTable(
	'withdrawals',
	{
		id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
		customerId: uuid('customer_id')
			.notNull()
			.references(() => customers.id),
		requestedBy: uuid('requested_by')
			.notNull()
			.references(() => users.id),
		idempotencyKey: text('idempotency_key').notNull(),
		reference: text('reference').notNull().unique(),
		amount: integer('amount').notNull(),
		fee: integer('fee').notNull(),
		bankCode: text('bank_code').notNull(),
		bankName: text('bank_name').notNull(),
		accountNumber: text('account_number').notNull(),
		accountName: text('account_name').notNull(),
		status: text('status', { enum: WITHDRAWAL_STATUSES }).notNull(),
		needsApproval: boolean('needs_approval').notNull(),
		otpConfirmedAt: timestamp('otp_confirmed_at', { withTimezone: true }),
		approvedBy: uuid('approved_by').references(() => users.id),
		approvedAt: timestamp('approved_at', { withTimezone: true }),
		recipientCode: text('recipient_code'),
		transferCode: text('transfer_code'),
		failureReason: text('failure_reason'),
		finishedAt: timestamp('finished_at', { withTimezone: true }),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [
		uniqueIndex('withdrawals_idempotency_idx').on(t.customerId, t.idempotencyKey),
		index('withdrawals_customer_idx').on(t.customerId, t.createdAt),
		check('withdrawals_amount_positive', sql`${t.amount} > 0 and ${t.fee} >= 0`),
	],
)

/** The sandbox gateway's own record of the checkouts it served. */
export const sandboxCharges = pgTable('sandbox_charges', {
	reference: text('reference').primaryKey(),
	amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
	email: text('email').notNull(),
	/** Null for a charge of a saved card: there was no checkout to come back from. */
	callbackUrl: text('callback_url'),
	status: text('status', { enum: ['pending', 'success', 'failed'] })
		.notNull()
		.default('pending'),
	paidAt: timestamp('paid_at', { withTimezone: true }),
	createdAt: createdAt(),
})

/** The sandbox gateway's payouts: decided when made, reported by webhook a moment later. */
export const sandboxTransfers = pgTable('sandbox_transfers', {
	reference: text('reference').primaryKey(),
	transferCode: text('transfer_code').notNull().unique(),
	recipientCode: text('recipient_code').notNull(),
	amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
	status: text('status', { enum: ['success', 'failed'] }).notNull(),
	reason: text('reason').notNull(),
	createdAt: createdAt(),
})
