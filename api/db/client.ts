import { mkdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core'
import { type ExtractTablesWithRelations, sql } from 'drizzle-orm'
import { keptStatements } from './kept-statements.ts'
import type { PGliteRemote } from './pglite-remote.ts'
import * as schema from './schema.ts'
import { logger } from '../telemetry/logger.ts'

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
	/** The server's connection string (postgres): the job queue opens its own small pool on it. */
	url?: string
	/** The embedded database (pglite), in its worker: the job queue runs its SQL on it (api/jobs/boss-db.ts). */
	pglite?: PGliteRemote
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
		const connectTimeout = Number(process.env.DATABASE_CONNECT_TIMEOUT_MS ?? 2_000)
		// A server that does not answer fails the request in bounded time instead of holding it. Only the
		// connecting is bounded: set on the pool, the timeout would also fail requests queued for a free
		// connection under load, and that is no outage.
		// Drizzle's reads and writes are prepared once per connection and kept (decision 128), unless
		// DATABASE_PREPARED_STATEMENTS=false (a pooler in transaction mode that cannot keep them).
		const prepare = process.env.DATABASE_PREPARED_STATEMENTS !== 'false'
		class Client extends pg.Client {
			private readonly named = keptStatements()
			constructor(config?: import('pg').ClientConfig) {
				super({ ...config, connectionTimeoutMillis: connectTimeout })
			}
			// biome-ignore lint/suspicious/noExplicitAny: node-postgres's query has a dozen overloads; the config is only given a name.
			override query(config: any, ...rest: any[]): any {
				return (super.query as (...args: unknown[]) => unknown)(prepare ? this.named(config) : config, ...rest)
			}
		}
		// No JIT compilation: the portal's statements are short, and a few whose estimates run high (a sum with
		// a subquery per row, over 10,000 invoices) spent 20 ms compiling to save nothing (decision 126).
		const pool = new pg.Pool({
			connectionString: url,
			max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
			options: '-c jit=off',
			Client,
		})
		// A restart of the server, or a connection it drops, is reported as an 'error' event: unheard, it
		// would end the process. The pool discards the connection and opens new ones once the server is back.
		pool.on('error', (error) => logger.warn(`[db] a pooled connection failed: ${error.message}`))
		// A connection lost while checked out (in a transaction) fails its query; its event must not end the process.
		pool.on('connect', (client) => client.on('error', () => {}))
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
		return { db, kind: 'postgres', url, close: () => pool.end() }
	}
	const { PGliteRemote } = await import('./pglite-remote.ts')
	const { drizzle } = await import('drizzle-orm/pglite')
	if (options.dataDir) mkdirSync(options.dataDir, { recursive: true })
	// PGlite in a worker thread of its own, its statements kept there (decisions 128 and 136).
	const client = await PGliteRemote.open({
		dataDir: options.dataDir ?? undefined,
		loadDataDir: options.loadDataDir ? await options.loadDataDir.arrayBuffer() : undefined,
		migrationsFolder: migrate ? migrationsFolder : undefined,
	})
	const db: Db = drizzle(client as unknown as import('@electric-sql/pglite').PGlite, { schema })
	return { db, kind: 'pglite', pglite: client, close: () => client.close() }
}

const UNAVAILABLE_CODES = new Set([
	'ECONNREFUSED',
	'ECONNRESET',
	'ETIMEDOUT',
	'EPIPE',
	'EHOSTUNREACH',
	'ENETUNREACH',
	'ENOTFOUND',
	'EAI_AGAIN',
])
const UNAVAILABLE_MESSAGE = /^(Connection terminated|Client has encountered a connection error)/

/**
 * Whether an error (or what caused it: Drizzle wraps the driver's) says the database cannot be reached
 * now: refused or lost connections, a server shutting down or starting (SQLSTATE 57P01-57P03), and
 * connection exceptions (class 08).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
	for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
		const code = (e as { code?: unknown }).code
		if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || /^(57P0[123]|08)/.test(code))) return true
		if (UNAVAILABLE_MESSAGE.test(e.message)) return true
		if (e instanceof AggregateError && e.errors.some(isDatabaseUnavailable)) return true
	}
	return false
}

export async function ping(db: Db) {
	await db.execute(sql`select 1`)
}

/** How many of the migrations this build carries the database has not applied (for /readyz). */
export async function pendingMigrations(db: Db) {
	const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] }
	const { rows } = (await db.execute(sql`select count(*)::int as count from drizzle.__drizzle_migrations`)) as unknown as {
		rows: Array<{ count: number }>
	}
	return Math.max(0, journal.entries.length - Number(rows[0]?.count ?? 0))
}

/**
 * Hold a lock on one key (e.g. one email's sign-ins) until the transaction ends, so a check and the
 * write that follows it cannot interleave with a concurrent request's.
 */
export async function lockKey(tx: Tx, scope: string, key: string) {
	await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${scope}), hashtext(${key}))`)
}
