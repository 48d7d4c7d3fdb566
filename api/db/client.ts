import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core'
import { type ExtractTablesWithRelations, sql } from 'drizzle-orm'
import * as schema from './schema.ts'

export type Schema = typeof schema
export type Db = PgDatabase<PgQueryResultHKT, Schema>
/**
 * A transaction of Db, as `db.transaction` hands it with either driver. Code that only makes sense
 * inside one (ledger transfers, advisory locks) takes a Tx; a Tx is also a Db for everything else.
 */
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>

export type Database = {
	db: Db
	kind: 'pglite' | 'postgres'
	close: () => Promise<void>
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')

/**
 * DATABASE_URL set: node-postgres against a PostgreSQL server. Unset: PGlite in `dataDir`
 * (or in memory when dataDir is null). Migrations are applied on open.
 */
export async function openDatabase(options: {
	url?: string | undefined
	dataDir?: string | null
	loadDataDir?: Blob
	migrate?: boolean
}): Promise<Database> {
	const { url, migrate = true } = options
	if (url) {
		const { default: pg } = await import('pg')
		const { drizzle } = await import('drizzle-orm/node-postgres')
		const pool = new pg.Pool({ connectionString: url, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) })
		const db: Db = drizzle(pool, { schema })
		if (migrate) {
			const { migrate: run } = await import('drizzle-orm/node-postgres/migrator')
			// Several processes may start at once against one server: let one migrate at a time.
			const client = await pool.connect()
			try {
				await client.query('select pg_advisory_lock(727274)')
				await run(drizzle(client, { schema }), { migrationsFolder })
			} finally {
				await client.query('select pg_advisory_unlock(727274)').catch(() => {})
				client.release()
			}
		}
		return { db, kind: 'postgres', close: () => pool.end() }
	}
	const { PGlite } = await import('@electric-sql/pglite')
	const { drizzle } = await import('drizzle-orm/pglite')
	if (options.dataDir) mkdirSync(options.dataDir, { recursive: true })
	const client = await PGlite.create({
		dataDir: options.dataDir ?? undefined,
		loadDataDir: options.loadDataDir,
	})
	const db: Db = drizzle(client, { schema })
	if (migrate) {
		const { migrate: run } = await import('drizzle-orm/pglite/migrator')
		await run(drizzle(client, { schema }), { migrationsFolder })
	}
	return {
		db,
		kind: 'pglite',
		close: async () => {
			await client.close()
		},
	}
}

export async function ping(db: Db) {
	await db.execute(sql`select 1`)
}

/**
 * Hold a lock on one key (e.g. one email's sign-ins) until the transaction ends, so a check and the
 * write that follows it cannot interleave with a concurrent request's.
 */
export async function lockKey(tx: Tx, scope: string, key: string) {
	await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${scope}), hashtext(${key}))`)
}
