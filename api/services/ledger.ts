import { and, eq, ne, sql } from 'drizzle-orm'
import type { Db, Tx } from '../db/client.ts'
import { ledgerAccounts, ledgerEntries, ledgerTransfers } from '../db/schema.ts'
import type { SystemAccount } from '../contract/ledger.ts'
import { type AccountRef, checkEntries, type TransferDraft } from '../domain/ledger.ts'

/** The customer's wallet account, opened with a balance of ₦0 the first time money moves. */
export async function openWallet(tx: Tx, customerId: string) {
	await tx.insert(ledgerAccounts).values({ kind: 'wallet', customerId }).onConflictDoNothing()
	const [row] = await tx
		.select({ id: ledgerAccounts.id })
		.from(ledgerAccounts)
		.where(and(eq(ledgerAccounts.kind, 'wallet'), eq(ledgerAccounts.customerId, customerId)))
	return row!.id
}

/** The wallet's balance in Naira; ₦0 before it ever moved money. */
export async function walletBalance(db: Db, customerId: string) {
	const [row] = await db
		.select({ balance: ledgerAccounts.balance })
		.from(ledgerAccounts)
		.where(and(eq(ledgerAccounts.kind, 'wallet'), eq(ledgerAccounts.customerId, customerId)))
	return row?.balance ?? 0
}

/** The ids of the accounts a transfer names, opening the customer's wallet when it is one of them. */
async function accountIds(tx: Tx, accounts: AccountRef[]) {
	const wallets = new Map<string, string>()
	for (const a of accounts)
		if (a.kind === 'wallet' && !wallets.has(a.customerId)) wallets.set(a.customerId, await openWallet(tx, a.customerId))
	const system = new Map(
		(
			await tx.select({ id: ledgerAccounts.id, kind: ledgerAccounts.kind }).from(ledgerAccounts).where(ne(ledgerAccounts.kind, 'wallet'))
		).map((r) => [r.kind as SystemAccount, r.id]),
	)
	return accounts.map((a) => {
		const id = a.kind === 'wallet' ? wallets.get(a.customerId) : system.get(a.kind)
		if (!id) throw new Error(`The ${a.kind} account is missing: run the migrations`)
		return id
	})
}

/**
 * Write a transfer and its entries; call it inside the caller's transaction. The idempotency key
 * makes it happen once: a second call with the same key writes nothing and answers the first
 * transfer. The database adds each entry to its account's balance and refuses a wallet below zero.
 */
export async function postTransfer(tx: Tx, draft: TransferDraft): Promise<{ id: string; created: boolean }> {
	const check = checkEntries(draft.entries)
	if (!check.ok) throw new Error(`Transfer ${draft.idempotencyKey} is not valid: ${check.reason}`)
	const [created] = await tx
		.insert(ledgerTransfers)
		.values({
			idempotencyKey: draft.idempotencyKey,
			kind: draft.kind,
			customerId: draft.customerId,
			reference: draft.reference,
			description: draft.description,
		})
		.onConflictDoNothing({ target: ledgerTransfers.idempotencyKey })
		.returning({ id: ledgerTransfers.id })
	if (!created) {
		const [existing] = await tx
			.select({ id: ledgerTransfers.id })
			.from(ledgerTransfers)
			.where(eq(ledgerTransfers.idempotencyKey, draft.idempotencyKey))
		return { id: existing!.id, created: false }
	}
	const ids = await accountIds(
		tx,
		draft.entries.map((e) => e.account),
	)
	const entries = draft.entries.map((e, i) => ({ transferId: created.id, accountId: ids[i]!, amount: e.amount }))
	// Accounts are locked in one order by every transfer, so two transfers never wait on each other.
	entries.sort((a, b) => (a.accountId < b.accountId ? -1 : 1))
	await tx.insert(ledgerEntries).values(entries)
	return { id: created.id, created: true }
}

/** The entries of a customer's transfers for one reference, oldest first, for a receipt. */
export async function entriesFor(db: Db, customerId: string, reference: string) {
	return db
		.select({
			transfer_id: ledgerTransfers.id,
			transfer_kind: ledgerTransfers.kind,
			description: ledgerTransfers.description,
			account: ledgerAccounts.kind,
			amount: ledgerEntries.amount,
			created_at: ledgerTransfers.createdAt,
		})
		.from(ledgerTransfers)
		.innerJoin(ledgerEntries, eq(ledgerEntries.transferId, ledgerTransfers.id))
		.innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
		.where(and(eq(ledgerTransfers.customerId, customerId), eq(ledgerTransfers.reference, reference)))
		.orderBy(ledgerTransfers.createdAt, ledgerTransfers.id, sql`${ledgerEntries.amount} desc`)
}

/** True when the database refused a write because a wallet would go below zero. */
export function isOverdraft(error: unknown) {
	for (let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
		if (e.code === '23514' && e.constraint === 'ledger_accounts_not_negative') return true
	}
	return false
}
