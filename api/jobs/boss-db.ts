import type { EmbeddedSql } from '../db/pglite-remote.ts'
import type PgBoss from 'pg-boss'

/**
 * pg-boss over the embedded database (docs/decisions/090-job-runner.md): its `db` option takes any
 * `executeSql(text, values)`. pg-boss sends its schema, its migrations and its locked commands as
 * several statements in one text without values (PGlite's `exec`, the simple protocol, as node-postgres
 * does); everything with values is one statement (PGlite's `query`, the extended protocol). PGlite runs
 * one call at a time and never inside another's transaction, so pg-boss's `BEGIN; …; COMMIT;` texts
 * cannot interleave with the app's transactions.
 */
export function pgliteBossDb(pglite: EmbeddedSql): PgBoss.Db {
	return {
		async executeSql(text: string, values?: unknown[]) {
			if (values && values.length > 0) return pglite.query(text, values)
			try {
				const results = await pglite.exec(text)
				return results.at(-1) ?? { rows: [] }
			} catch (error) {
				// A failed statement inside one of its BEGIN…COMMIT texts leaves the one connection in an
				// aborted transaction: end it, so the app's next query does not fail for it.
				await pglite.exec('ROLLBACK').catch(() => {})
				throw error
			}
		},
	}
}
