import { sql } from 'drizzle-orm'
import { check, date, index, integer, jsonb, pgSequence, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import type { EstimateLine, OfferTerms, PayoutBank } from '../contract/claims.ts'
import { CLAIM_PAYOUT_STATUSES, CLAIM_STATUSES } from '../contract/statuses.ts'
import { ledgerTransfers } from './schema-ledger.ts'
import { policies } from './schema-policies.ts'
import { staff } from './schema-staff.ts'
import { customers, users } from './schema.ts'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

/** Numbers claims across every line: CL-2026-000123. */
export const claimNumberSeq = pgSequence('claim_number_seq', { startWith: 1, increment: 1 })

/** A claim on a policy (docs/decisions/068-claim-lifecycle.md). Money in whole Naira. */
export const claims = pgTable(
	'claims',
	{
		id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
		customerId: uuid('customer_id')
			.notNull()
			.references(() => customers.id),
		policyId: uuid('policy_id')
			.notNull()
			.references(() => policies.id),
		claimNumber: text('claim_number').notNull().unique(),
		status: text('status', { enum: CLAIM_STATUSES }).notNull(),
		incidentType: text('incident_type').notNull(),
		incidentDate: date('incident_date').notNull(),
		place: text('place').notNull(),
		description: text('description').notNull(),
		amount: integer('amount').notNull(),
		/** Who the claim is for: a member of a staff plan, or the policy's custodian or holder. */
		claimantStaffId: uuid('claimant_staff_id').references(() => staff.id),
		claimantName: text('claimant_name').notNull(),
		estimate: jsonb('estimate').$type<EstimateLine[]>().notNull().default([]),
		offer: jsonb('offer').$type<OfferTerms>(),
		declineReason: text('decline_reason'),
		/** The desk's last note to the customer: why it declined, what documents it asks for. */
		deskNote: text('desk_note'),
		rejectionComment: text('rejection_comment'),
		payoutMethod: text('payout_method', { enum: ['wallet', 'bank'] }),
		payoutBank: jsonb('payout_bank').$type<PayoutBank>(),
		payoutApprovedBy: uuid('payout_approved_by').references(() => users.id),
		payoutTransferId: uuid('payout_transfer_id').references(() => ledgerTransfers.id),
		createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
		submittedAt: timestamp('submitted_at', { withTimezone: true }),
		createdAt: createdAt(),
		updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		index('claims_customer_idx').on(t.customerId, t.createdAt),
		index('claims_policy_idx').on(t.policyId),
		index('claims_status_idx').on(t.status, t.updatedAt),
		// The few waiting on their customer, oldest first: home's todos read five (docs/decisions/121-policies-in-sql.md).
		index('claims_awaiting_idx').on(t.customerId, t.updatedAt).where(sql`${t.status} in ('pending', 'offer_sent')`),
		check('claims_amount_positive', sql`${t.amount} > 0`),
	],
)

/** Every change of a claim, by whom: its timeline for the customer and the audit trail of the desk. */
export const claimEvents = pgTable(
	'claim_events',
	{
		id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
		claimId: uuid('claim_id')
			.notNull()
			.references(() => claims.id),
		actor: text('actor', { enum: ['customer', 'operator'] }).notNull(),
		userId: uuid('user_id').references(() => users.id),
		action: text('action').notNull(),
		fromStatus: text('from_status'),
		toStatus: text('to_status').notNull(),
		note: text('note'),
		createdAt: createdAt(),
	},
	(t) => [index('claim_events_claim_idx').on(t.claimId, t.createdAt)],
)

/** A file of a claim: a document of its checklist, or a photo of the damage. */
export const claimFiles = pgTable(
	'claim_files',
	{
		id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
		customerId: uuid('customer_id')
			.notNull()
			.references(() => customers.id),
		claimId: uuid('claim_id')
			.notNull()
			.references(() => claims.id),
		/** The checklist's document name, or `photo:<angle>`. */
		field: text('field').notNull(),
		filename: text('filename').notNull(),
		mediaType: text('media_type').notNull(),
		size: integer('size').notNull(),
		storageKey: text('storage_key').notNull().unique(),
		createdAt: createdAt(),
	},
	(t) => [index('claim_files_claim_idx').on(t.claimId)],
)

/**
 * One attempt to pay a claim by bank transfer (docs/decisions/108-claim-bank-payouts.md). Its reference
 * is the gateway's, so a retry is the same transfer; at most one attempt of a claim is under way or paid.
 */
export const claimPayouts = pgTable(
	'claim_payouts',
	{
		id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
		claimId: uuid('claim_id')
			.notNull()
			.references(() => claims.id),
		customerId: uuid('customer_id')
			.notNull()
			.references(() => customers.id),
		reference: text('reference').notNull().unique(),
		amount: integer('amount').notNull(),
		bankCode: text('bank_code').notNull(),
		bankName: text('bank_name').notNull(),
		accountNumber: text('account_number').notNull(),
		accountName: text('account_name').notNull(),
		status: text('status', { enum: CLAIM_PAYOUT_STATUSES }).notNull(),
		/** The operator who paid it: the claim's `pay` event is theirs when the bank confirms. */
		paidBy: uuid('paid_by').references(() => users.id),
		recipientCode: text('recipient_code'),
		transferCode: text('transfer_code'),
		failureReason: text('failure_reason'),
		finishedAt: timestamp('finished_at', { withTimezone: true }),
		createdAt: createdAt(),
		updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		uniqueIndex('claim_payouts_live_idx').on(t.claimId).where(sql`status in ('processing', 'succeeded')`),
		index('claim_payouts_claim_idx').on(t.claimId, t.createdAt),
		index('claim_payouts_processing_idx').on(t.updatedAt).where(sql`status = 'processing'`),
		check('claim_payouts_amount_positive', sql`${t.amount} > 0`),
	],
)
