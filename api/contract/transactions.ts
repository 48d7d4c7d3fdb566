import { z } from 'zod'
import { Id, Page, PageSize, Paginated } from './common.ts'
import { ACCOUNT_KINDS, TRANSFER_KINDS } from './ledger.ts'
import { TRANSACTION_STATUSES, WITHDRAWAL_STATUSES } from './statuses.ts'

/**
 * What moved the wallet: a funding, a withdrawal, a purchase, and the transfers the ledger alone
 * records (docs/decisions/097-every-wallet-movement-in-the-history.md): an invoice paid from the
 * wallet, a credit note's refund, a claim paid into the wallet, a referral reward.
 */
export const TRANSACTION_TYPES = [
	'funding',
	'withdrawal',
	'purchase',
	'invoice_payment',
	'credit_note',
	'claim_payment',
	'referral_reward',
] as const
export type TransactionType = (typeof TRANSACTION_TYPES)[number]

/**
 * How far the history counts: a list's `total` stops at one more than this (the page says "More than
 * 1,000") and its pages reach that far; older transactions are found by date. Counting everything read
 * every row of a large business's history on every page (docs/decisions/118-lists-at-scale.md).
 */
export const TRANSACTIONS_COUNT_CAP = 1_000

const isoDate = z.iso.date({ message: 'Use a date like 2026-01-31.' })

export const TransactionsQuery = z.object({
	type: z.enum(TRANSACTION_TYPES, { message: `The type must be one of ${TRANSACTION_TYPES.join(', ')}.` }).optional(),
	status: z.enum(TRANSACTION_STATUSES, { message: 'The status must be pending, success, failed or cancelled.' }).optional(),
	from: isoDate.optional(),
	to: isoDate.optional(),
	page: Page,
	page_size: PageSize,
})
export type TransactionsQuery = z.infer<typeof TransactionsQuery>
export const TransactionsCsvQuery = TransactionsQuery.omit({ page: true, page_size: true })

export const Transaction = z.object({
	id: Id,
	type: z.enum(TRANSACTION_TYPES),
	status: z.enum(TRANSACTION_STATUSES),
	/** The finer state: a payment's or a purchase's pending/success/failed, or a withdrawal's stage. */
	stage: z.union([z.enum(['pending', 'success', 'failed']), z.enum(WITHDRAWAL_STATUSES)]),
	reference: z.string(),
	amount: z.number().int(),
	fee: z.number().int(),
	description: z.string(),
	created_at: z.string(),
	/** What its own screen shows: the invoice an invoice payment paid, the credit note, the claim paid; null for the others. */
	subject_id: Id.nullable(),
})
export type Transaction = z.infer<typeof Transaction>

export const TransactionsResponse = Paginated(Transaction)

export const LedgerEntry = z.object({
	transfer_id: Id,
	transfer_kind: z.enum(TRANSFER_KINDS),
	description: z.string(),
	account: z.enum(ACCOUNT_KINDS),
	/** Credit-positive: + into the account, - out of it. */
	amount: z.number().int(),
	created_at: z.string(),
})

export const Receipt = Transaction.extend({
	bank: z.object({ bank_name: z.string(), account_number: z.string(), account_name: z.string() }).nullable(),
	/** The policy a purchase bought, once issued; null for the other types. */
	policy: z.object({ id: Id, policy_number: z.string() }).nullable(),
	failure_reason: z.string().nullable(),
	entries: z.array(LedgerEntry),
})
export type Receipt = z.infer<typeof Receipt>
