import { type SQL, and, eq, sql } from 'drizzle-orm'
import {
	type Receipt,
	type Transaction,
	type TransactionType,
	type TransactionsQuery,
	TRANSACTIONS_COUNT_CAP,
} from '../contract/transactions.ts'
import type { Db } from '../db/client.ts'
import { payments, policies } from '../db/schema.ts'
import { productById, type Product } from '../domain/catalogue/index.ts'
import { OPEN_WITHDRAWAL_STATUSES } from '../domain/withdrawals.ts'
import { notFound } from '../errors.ts'
import { entriesFor } from './ledger.ts'
import { ownWithdrawal } from './withdrawals.ts'

type Filters = Omit<TransactionsQuery, 'page' | 'page_size'>

/**
 * The business's transactions: each funding intent (a saved card's charge among them: it has no
 * checkout, so no authorization URL), each withdrawal and each purchase that moves money, with the
 * status a list shows. Dates are days in Lagos time; `to` includes its whole day.
 * A purchase's description names its product, which the catalogue knows and the database does not:
 * the union carries product_id and payment_option (null for the others) and `serialize` writes it.
 *
 * With `newest`, each of the three kinds is filtered and cut to its newest `newest` rows before they
 * are merged, each read newest first along its (customer_id, created_at) index: a page then reads
 * what it shows and the pages before it, never the whole history (decision 118).
 */
function transactionsOf(customerId: string, filters: Filters, newest?: number): SQL {
	const conditions: SQL[] = [sql`true`]
	if (filters.type) conditions.push(sql`type = ${filters.type}`)
	if (filters.status) conditions.push(sql`status = ${filters.status}`)
	if (filters.from) conditions.push(sql`created_at >= ${`${filters.from}T00:00:00+01:00`}::timestamptz`)
	if (filters.to) conditions.push(sql`created_at < ${`${filters.to}T00:00:00+01:00`}::timestamptz + interval '1 day'`)
	const where = sql.join(conditions, sql` and `)
	const kind = (rows: SQL) =>
		newest === undefined
			? sql`select * from (${rows}) as kind where ${where}`
			: sql`(select * from (${rows}) as kind where ${where} order by created_at desc, id desc limit ${newest})`
	return sql`
		select * from (
			${kind(sql`select id, 'funding' as type,
				status, status as stage, reference, amount, 0 as fee,
				case when authorization_url is null then 'Saved card charged for ' || coalesce(note, 'a payment') else 'Wallet funding' end as description,
				created_at, null::integer as product_id, null::text as payment_option, null::uuid as subject_id
			from payments where customer_id = ${customerId} and purpose = 'funding'`)}
			union all
			${kind(sql`select id, 'withdrawal' as type,
				case when status in (${sql.join(
					OPEN_WITHDRAWAL_STATUSES.map((s) => sql`${s}`),
					sql`, `,
				)}) then 'pending'
					when status = 'succeeded' then 'success' else status end as status,
				status as stage, reference, amount, fee,
				'Withdrawal to ' || account_name || ', ' || bank_name || ' ' || account_number as description, created_at,
				null::integer as product_id, null::text as payment_option, null::uuid as subject_id
			from withdrawals where customer_id = ${customerId}`)}
			union all
			${kind(sql`select id, 'purchase' as type, status, status as stage, reference, amount, 0 as fee,
				null::text as description, created_at, product_id, payment_option, null::uuid as subject_id
			from (${purchasesOf(customerId)}) as bought`)}
			union all
			${kind(sql`select payments.id, 'invoice_payment' as type, payments.status, payments.status as stage, payments.reference,
				payments.amount, 0 as fee,
				'Invoice ' || coalesce(invoices.number, '') || ' paid by card' as description,
				payments.created_at, null::integer as product_id, null::text as payment_option, payments.invoice_id as subject_id
			from payments left join invoices on invoices.id = payments.invoice_id
			where payments.customer_id = ${customerId} and payments.purpose = 'invoice'`)}
			${sql.join(
				LEDGER_TYPES.map((type) => sql`union all ${kind(walletTransfersOf(customerId, type))}`),
				sql` `,
			)}
		) as transactions`
}

/** The transaction types that are wallet transfers the ledger alone records (decision 097). */
const LEDGER_TYPES = ['invoice_payment', 'credit_note', 'claim_payment', 'referral_reward'] as const satisfies readonly TransactionType[]

/**
 * Money the ledger moved into or out of the wallet with no payment or withdrawal of its own, each
 * type one transfer kind (decision 097): an invoice paid from the wallet (a premium transfer keyed
 * `invoice_<id>`; a wallet purchase's premium transfer is the purchase's line, and an invoice paid by
 * card is its payment, read from payments like a funding), a credit note's
 * premium refund, a claim paid into the wallet and a referral reward. The transfer is the line: it
 * exists only once the money moved, so it is successful; its amount is the wallet's entry, unsigned
 * like every other line. `subject_id` is what its own screen shows: the invoice or credit note
 * (through invoice_payments) or the claim (claims.payout_transfer_id); a reward has none.
 * Each is read newest first along (customer_id, kind, created_at).
 */
function walletTransfersOf(customerId: string, type: (typeof LEDGER_TYPES)[number]): SQL {
	const filter = {
		invoice_payment: sql`t.kind = 'premium' and t.reference like 'invoice\_%'`,
		credit_note: sql`t.kind = 'premium_refund'`,
		claim_payment: sql`t.kind = 'claim_payout'`,
		referral_reward: sql`t.kind = 'referral_reward'`,
	}[type]
	const subject = {
		invoice_payment: sql`(select ip.invoice_id from invoice_payments ip where ip.transfer_id = t.id limit 1)`,
		credit_note: sql`(select ip.invoice_id from invoice_payments ip where ip.transfer_id = t.id limit 1)`,
		claim_payment: sql`(select c.id from claims c where c.payout_transfer_id = t.id limit 1)`,
		referral_reward: sql`null::uuid`,
	}[type]
	return sql`select t.id, ${type}::text as type, 'success'::text as status, 'success'::text as stage, t.reference,
			(select abs(e.amount) from ledger_entries e join ledger_accounts a on a.id = e.account_id
				where e.transfer_id = t.id and a.kind = 'wallet' limit 1) as amount,
			0 as fee, t.description, t.created_at, null::integer as product_id, null::text as payment_option,
			${subject} as subject_id
		from ledger_transfers t where t.customer_id = ${customerId} and ${filter}`
}

/**
 * A business's purchases that move money; a staff plan's subscription charges nothing and is not one.
 * A card purchase takes its payment's reference and, until paid, its payment's state, so a declined
 * card reads failed as a declined funding does (a purchase itself never becomes failed today); one
 * whose checkout never got its payment row moved nothing and is left out. A wallet purchase's
 * reference is its premium transfer's (`purchase_<id>`, keyed `premium:purchase_<id>`), so its
 * receipt finds the entries by reference like every other transaction.
 */
function purchasesOf(customerId: string): SQL {
	return sql`
		select purchases.id,
			case when purchases.status = 'paid' then 'success'
				when purchases.status = 'failed' or payments.status = 'failed' then 'failed'
				else 'pending' end as status,
			coalesce(payments.reference, 'purchase_' || purchases.id) as reference,
			purchases.amount, purchases.created_at, purchases.product_id, purchases.payment_option
		from purchases
		left join payments on payments.purchase_id = purchases.id and payments.customer_id = purchases.customer_id and payments.purpose = 'purchase'
		where purchases.customer_id = ${customerId}
			and (purchases.payment_option = 'wallet' or (purchases.payment_option = 'gateway' and payments.id is not null))`
}

type Row = Omit<Transaction, 'created_at' | 'description' | 'subject_id'> & {
	subject_id: string | null
	description: string | null
	created_at: Date | string
	product_id: number | null
	payment_option: 'wallet' | 'gateway' | null
}

const purchaseDescription = (productId: number, paymentOption: Row['payment_option']) =>
	`${productById(productId as Product['id']).name}, ${paymentOption === 'wallet' ? 'paid from the wallet' : 'paid by card'}`

const serialize = (row: Row): Transaction => ({
	id: row.id,
	type: row.type,
	status: row.status,
	stage: row.stage,
	reference: row.reference,
	amount: Number(row.amount),
	fee: Number(row.fee),
	description: row.type === 'purchase' ? purchaseDescription(Number(row.product_id), row.payment_option) : row.description!,
	created_at: new Date(row.created_at).toISOString(),
	subject_id: row.subject_id ?? null,
})

async function rows<T>(db: Db, query: SQL) {
	const result = (await db.execute(query)) as unknown as { rows: T[] }
	return result.rows
}

export async function listTransactions(db: Db, customerId: string, query: TransactionsQuery) {
	const offset = (query.page - 1) * query.page_size
	const [items, [count]] = await Promise.all([
		rows<Row>(
			db,
			sql`${transactionsOf(customerId, query, offset + query.page_size)} order by created_at desc, id desc limit ${query.page_size} offset ${offset}`,
		),
		rows<{ n: number }>(
			db,
			sql`select count(*)::int as n from (${transactionsOf(customerId, query, TRANSACTIONS_COUNT_CAP + 1)} limit ${TRANSACTIONS_COUNT_CAP + 1}) as counted`,
		),
	])
	return { items: items.map(serialize), page: query.page, page_size: query.page_size, total: Number(count!.n) }
}

/** One transaction of the business, or null. */
export async function findTransaction(db: Db, customerId: string, id: string) {
	const [row] = await rows<Row>(db, sql`select * from (${transactionsOf(customerId, {})}) as one where id = ${id}`)
	return row ? serialize(row) : null
}

/**
 * A receipt: the transaction, where a withdrawal went, the policy a purchase bought, why it failed if
 * it did, and its ledger entries. Another business's transaction is not found.
 */
export async function findReceipt(db: Db, customerId: string, id: string): Promise<Receipt> {
	const transaction = await findTransaction(db, customerId, id)
	if (!transaction) throw notFound('transaction')
	let bank = null
	let policy = null
	let failureReason: string | null = null
	if (transaction.type === 'withdrawal') {
		const { w } = await ownWithdrawal(db, customerId, id)
		bank = { bank_name: w.bankName, account_number: w.accountNumber, account_name: w.accountName }
		failureReason = w.failureReason
	} else if (transaction.type === 'funding' || transaction.type === 'purchase' || transaction.type === 'invoice_payment') {
		// A funding and an invoice paid by card are their payment (one paid from the wallet has none); a card purchase has one, a wallet purchase none.
		const paymentOf = transaction.type === 'purchase' ? eq(payments.purchaseId, id) : eq(payments.id, id)
		const [payment] = await db
			.select({ reason: payments.failureReason })
			.from(payments)
			.where(and(paymentOf, eq(payments.customerId, customerId)))
		failureReason = payment?.reason ?? null
	}
	if (transaction.type === 'purchase') {
		const [issued] = await db
			.select({ id: policies.id, policy_number: policies.policyNumber })
			.from(policies)
			.where(and(eq(policies.purchaseId, id), eq(policies.customerId, customerId)))
		policy = issued ?? null
	}
	// Every transfer of a transaction carries its reference: a wallet purchase's premium transfer
	// `purchase_<id>`, a card purchase's the payment's (see transactionsOf).
	const entries = await entriesFor(db, customerId, transaction.reference)
	return {
		...transaction,
		bank,
		policy,
		failure_reason: failureReason,
		entries: entries.map((e) => ({ ...e, created_at: e.created_at.toISOString() })),
	}
}

export const CSV_ROW_LIMIT = 10_000
const CSV_HEADER = ['date', 'reference', 'type', 'status', 'stage', 'amount', 'fee', 'description']

/** A spreadsheet cell: quoted when it must be, and never read as a formula. */
function cell(value: string | number) {
	let text = String(value)
	if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`
	return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** The same transactions as CSV, newest first, amounts in whole Naira. */
export async function transactionsCsv(db: Db, customerId: string, filters: Filters) {
	const items = (
		await rows<Row>(db, sql`${transactionsOf(customerId, filters, CSV_ROW_LIMIT)} order by created_at desc, id desc limit ${CSV_ROW_LIMIT}`)
	).map(serialize)
	const lines = [CSV_HEADER.join(',')]
	for (const t of items)
		lines.push([t.created_at, t.reference, t.type, t.status, t.stage, t.amount, t.fee, t.description].map(cell).join(','))
	return `${lines.join('\r\n')}\r\n`
}
