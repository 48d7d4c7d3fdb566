import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parse } from 'csv-parse/sync'
import { openDatabase } from '../db/client.ts'
import statesWithLgas from '../db/seed/states-lgas.json' with { type: 'json' }
import { readNetwork } from '../domain/hospitals/import.ts'
import { readApiEnv } from '../env.ts'
import { importNetwork } from '../services/hospitals.ts'

/**
 * `npm run import:hospitals -- network.csv`: replace the sample hospital network with a real one, a CSV
 * with the columns code, name, type, state, lga, address and phone (docs/decisions/080-hospital-network.md).
 * Bad rows are listed and nothing is written unless `--skip-bad-rows` is given. With the embedded
 * database, stop the server first: PGlite opens its folder in one process at a time.
 */
const args = process.argv.slice(2)
const file = args.find((a) => !a.startsWith('--'))
if (!file) {
	console.error('Usage: npm run import:hospitals -- network.csv [--skip-bad-rows]')
	process.exit(2)
}
const records = parse(readFileSync(file), { bom: true, relax_column_count: true, skip_empty_lines: true, trim: true }) as string[][]
const { rows, problems } = readNetwork(records, statesWithLgas)
for (const p of problems) console.error(`  row ${p.row}: ${p.message}`)
if (problems.length && !args.includes('--skip-bad-rows')) {
	console.error(`${problems.length} bad row${problems.length === 1 ? '' : 's'}: nothing imported. Correct them, or pass --skip-bad-rows.`)
	process.exit(1)
}
const env = readApiEnv()
const database = await openDatabase({ url: env.DATABASE_URL, dataDir: path.resolve(env.DATA_DIR, 'pglite') })
try {
	const { written, removed } = await importNetwork(database.db, rows, path.basename(file).slice(0, 100))
	console.log(`Imported ${written} providers from ${path.basename(file)}; removed ${removed} sample rows.`)
} finally {
	await database.close()
}
