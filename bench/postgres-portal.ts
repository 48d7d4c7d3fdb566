// The portal on PostgreSQL for the `pages` part (issue 19 point 1: the targets hold on the embedded default
// and on PostgreSQL): a new database with the same demo records the embedded default seeds, and one portal
// process on it, as `npm start` runs with DATABASE_URL set.
import { sql } from 'drizzle-orm'
import { openDatabase } from '../api/db/client.ts'
import { seedDemo } from '../api/db/seed/demo.ts'
import { seedReferenceData } from '../api/db/seed/index.ts'
import { createDiskStorage } from '../api/storage/index.ts'
import { adminQuery, benchDatabaseUrl } from './scale.ts'
import { makeTempDir, PORTAL_ARGS, PORTAL_DIR, type Server, startServer } from './serve.ts'

const DATABASE = 'bench_pages'

/** The portal on a fresh PostgreSQL database seeded with the demo records; stopping it drops the database. */
export async function startPortalOnPostgres(): Promise<Server> {
	await adminQuery(`drop database if exists ${DATABASE} with (force)`)
	await adminQuery(`create database ${DATABASE}`)
	const url = benchDatabaseUrl(DATABASE)
	const dataDir = makeTempDir('bench-pages-pg-')
	const database = await openDatabase({ url })
	try {
		await seedReferenceData(database.db)
		await seedDemo(database.db, createDiskStorage(`${dataDir}/uploads`))
		await database.db.execute(sql`vacuum analyze`)
	} finally {
		await database.close()
	}
	const server = await startServer({
		name: 'portal (PostgreSQL)',
		args: PORTAL_ARGS,
		cwd: PORTAL_DIR,
		env: { DATABASE_URL: url, DATA_DIR: dataDir, DEMO_MODE: 'true' },
		readyPath: '/login',
		timeoutMs: 90_000,
	})
	return {
		...server,
		stop: async () => {
			await server.stop()
			await adminQuery(`drop database if exists ${DATABASE} with (force)`).catch(() => {})
		},
	}
}
