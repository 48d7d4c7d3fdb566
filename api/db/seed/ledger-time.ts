import { sql } from 'drizzle-orm'
import type { TransferDraft } from '../../domain/ledger.ts'
import { postTransfer } from '../../services/ledger.ts'
import type { Tx } from '../client.ts'

// The demo's money dated when its records say it moved (docs/decisions/158-demo-history-in-time.md).
// The ledger stamps a transfer with its transaction's start unless the transaction set
// `ledger.seed_time` (migration 0029); only the seed sets it, and never later than now.

/** Until `clear`, the transfers this transaction writes are stamped `at`. */
export async function stampLedgerAt(tx: Tx, at: Date) {
	await tx.execute(sql`select set_config('ledger.seed_time', ${at.toISOString()}, true)`)
}

/** The transaction's own start stamps its transfers again. */
async function clearLedgerStamp(tx: Tx) {
	await tx.execute(sql`select set_config('ledger.seed_time', '', true)`)
}

/** `work` (which posts transfers) with the ledger's stamp at `at`, the stamp cleared after it. */
export async function atLedgerTime<T>(tx: Tx, at: Date, work: () => Promise<T>): Promise<T> {
	await stampLedgerAt(tx, at)
	try {
		return await work()
	} finally {
		await clearLedgerStamp(tx)
	}
}

/** One transfer dated `at`, as `postTransfer` posts it. */
export function postTransferAt(tx: Tx, draft: TransferDraft, at: Date) {
	return atLedgerTime(tx, at, () => postTransfer(tx, draft))
}
