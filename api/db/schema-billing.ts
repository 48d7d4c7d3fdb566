import { sql } from 'drizzle-orm'
import { bigint, check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { ledgerTransfers } from './schema-ledger.ts'
import { policies } from './schema-policies.ts'
import { customers } from './schema.ts'

// Invoices of staff plans, billed in arrears a month at a time (docs/decisions/095-billing-of-staff-plans.md).

/** The last number given per business and kind: taken in the issuing transaction, so numbers have no gaps. */
export const invoiceCounters = pgTable(
	'invoice_counters',
	{
		customerId: uuid('customer_id')
			.notNull()
			.references(() => customers.id),
		kind: text('kind', { enum: ['invoice', 'credit_note'] }).notNull(),
		last: integer('last').notNull().default(0),
	},
	(t) => [primaryKey({ columns: [t.customerId, t.kind] })],
)

/**
 * An invoice or a credit note of a staff plan for one month. The billing run writes one per plan and
 * month (the unique index makes a second run write nothing); a correction is a further row of kind
 * credit_note or invoice for the same month with `adjusts_id` set, never an edit.
 */
export const invoices = pgTable(
	'invoices',
	{
		id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
		customerId: uuid('customer_id')
			.notNull()
			.references(() => customers.id),
		policyId: uuid('policy_id')
			.notNull()
			.references(() => policies.id),
		kind: text('kind', { enum: ['invoice', 'credit_note'] }).notNull(),
		/** INV-000012, CN-000003; null while a draft. */
		number: text('number'),
		status: text('status', { enum: ['draft', 'open', 'paid', 'overdue', 'void'] }).notNull(),
		periodStart: date('period_start').notNull(),
		periodEnd: date('period_end').notNull(),
		issuedOn: date('issued_on'),
		dueOn: date('due_on'),
		total: integer('total').notNull(),
		/** The invoice a correction adjusts; null for a billing run's own invoice. */
		adjustsId: uuid('adjusts_id'),
		/** Tries to collect after the due day (wallet, then a saved card), and the last one's outcome. */
		retries: integer('retries').notNull().default(0),
		lastAttemptOn: date('last_attempt_on'),
		lastAttemptError: text('last_attempt_error'),
		/** The day the overdue mail went (once). */
		remindedOn: date('reminded_on'),
		/** The pause this invoice caused, and the resume its payment wrote (policy_events). */
		pausedOn: date('paused_on'),
		paidAt: timestamp('paid_at', { withTimezone: true }),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		uniqueIndex('invoices_number_idx').on(t.customerId, t.number),
		// The billing run's key: one invoice per plan and month, however often it runs.
		uniqueIndex('invoices_billing_run_idx').on(t.policyId, t.periodStart).where(sql`${t.adjustsId} is null`),
		// The list's order (newest month, then number): a page reads its offset and itself (decision 123).
		index('invoices_list_idx').on(t.customerId, t.periodStart, t.number, t.id),
		index('invoices_status_idx').on(t.status, t.dueOn),
		// The list's totals read the index alone: what they sum, in the order of the filters (decision 126).
		index('invoices_totals_idx').on(t.customerId, t.periodStart, t.status, t.kind, t.total, t.id),
		// The unpaid invoices of a business: the list's totals read what was paid on these alone (decision 134).
		index('invoices_unpaid_idx').on(t.customerId, t.periodStart).where(sql`${t.kind} = 'invoice' and ${t.status} in ('open', 'overdue')`),
		check('invoices_total_not_negative', sql`${t.total} >= 0`),
	],
)

/**
 * The invoice list's running totals (decision 134): each business's invoices and credit notes summed by
 * the month their period starts in, their status and their kind. Kept only by the trigger
 * `invoices_totals` (migration 0026) on every insert, update and delete of an invoice; nothing else
 * writes it. It always equals `select customer_id, date_trunc('month', period_start), status, kind,
 * sum(total), count(*) from invoices group by 1, 2, 3, 4`.
 */
export const invoiceTotalsMonths = pgTable(
	'invoice_totals_months',
	{
		customerId: uuid('customer_id')
			.notNull()
			.references(() => customers.id),
		/** The first day of the month. */
		month: date('month').notNull(),
		status: text('status', { enum: invoices.status.enumValues }).notNull(),
		kind: text('kind', { enum: invoices.kind.enumValues }).notNull(),
		total: bigint('total', { mode: 'number' }).notNull(),
		count: integer('count').notNull(),
	},
	(t) => [primaryKey({ columns: [t.customerId, t.month, t.status, t.kind] })],
)

/** One line of an invoice: a member or a dependant for the month. */
export const invoiceLines = pgTable(
	'invoice_lines',
	{
		id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
		invoiceId: uuid('invoice_id')
			.notNull()
			.references(() => invoices.id),
		position: integer('position').notNull(),
		kind: text('kind', { enum: ['member', 'dependant', 'adjustment'] }).notNull(),
		/** The staff row or dependant billed. */
		subjectId: uuid('subject_id'),
		description: text('description').notNull(),
		quantity: integer('quantity').notNull(),
		unitAmount: integer('unit_amount').notNull(),
		amount: integer('amount').notNull(),
	},
	(t) => [uniqueIndex('invoice_lines_position_idx').on(t.invoiceId, t.position)],
)

/** Money received against an invoice: from the wallet, or by the gateway; each its ledger transfer. */
export const invoicePayments = pgTable(
	'invoice_payments',
	{
		id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
		invoiceId: uuid('invoice_id')
			.notNull()
			.references(() => invoices.id),
		method: text('method', { enum: ['wallet', 'gateway', 'card'] }).notNull(),
		/** The transfer's reference: invoice_<id> from the wallet, the payment's reference by the gateway. */
		reference: text('reference').notNull(),
		amount: integer('amount').notNull(),
		transferId: uuid('transfer_id')
			.notNull()
			.references(() => ledgerTransfers.id),
		paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
	},
	(t) => [
		// One transfer pays one invoice once.
		uniqueIndex('invoice_payments_transfer_idx').on(t.transferId),
		index('invoice_payments_invoice_idx').on(t.invoiceId),
		check('invoice_payments_amount_positive', sql`${t.amount} > 0`),
	],
)
