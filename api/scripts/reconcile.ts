import path from 'node:path'
import { openDatabase } from '../db/client.ts'
import { readApiEnv } from '../env.ts'
import { reconcile } from '../services/reconcile.ts'

/**
 * `npm run reconcile`: check every account of the ledger against its entries (and the other invariants
 * of services/reconcile.ts). Exits 1 and prints each difference when anything is off. With the
 * embedded database, stop the server first: PGlite opens its folder in one process at a time.
 */
const env = readApiEnv()
const database = await openDatabase({ url: env.DATABASE_URL, dataDir: path.resolve(env.DATA_DIR, 'pglite') })
try {
	const { accounts, transfers, entries, problems } = await reconcile(database.db)
	if (problems.length) {
		console.error(`Reconciliation found ${problems.length} difference${problems.length === 1 ? '' : 's'}:`)
		for (const problem of problems) console.error(`  - ${problem}`)
		process.exitCode = 1
	} else {
		console.log(
			`Reconciled ${accounts} accounts, ${transfers} transfers and ${entries} entries: every balance equals the sum of its entries.`,
		)
	}
} finally {
	await database.close()
}
