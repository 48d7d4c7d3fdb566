import { eq, sql } from 'drizzle-orm'
import { afterEach, describe, expect, inject, test } from 'vitest'
import { createTestDatabase } from '#tests/support/postgres.ts'
import { type Database, openDatabase } from './client.ts'
import { statementName } from './kept-statements.ts'
import { customers } from './schema.ts'

// node-postgres keeps Drizzle's statements prepared per connection (docs/decisions/128-request-path-second-pass.md).
const skipped =
	process.env.TEST_DB !== 'postgres' ? 'it runs on the postgres project' : !inject('postgresTemplate') ? 'no PostgreSQL server' : null

describe.skipIf(Boolean(skipped))('statements kept on PostgreSQL', () => {
	const opened: Database[] = []
	const saved = { pool: process.env.DATABASE_POOL_SIZE, prepared: process.env.DATABASE_PREPARED_STATEMENTS }
	afterEach(async () => {
		for (const database of opened.splice(0)) await database.close()
		process.env.DATABASE_POOL_SIZE = saved.pool
		process.env.DATABASE_PREPARED_STATEMENTS = saved.prepared
		if (saved.pool === undefined) delete process.env.DATABASE_POOL_SIZE
		if (saved.prepared === undefined) delete process.env.DATABASE_PREPARED_STATEMENTS
	})

	/** A database of its own, on one connection, so the connection's prepared statements can be read. */
	async function oneConnection(prepared?: 'false') {
		process.env.DATABASE_POOL_SIZE = '1'
		if (prepared) process.env.DATABASE_PREPARED_STATEMENTS = prepared
		const database = await openDatabase({ url: await createTestDatabase(inject('postgresTemplate')!, 'kept'), migrate: false })
		opened.push(database)
		return database
	}
	const keptNames = async (database: Database) =>
		(
			(await database.db.execute(sql`select name from pg_prepared_statements where name like 'kept\\_%' order by name`)) as unknown as {
				rows: { name: string }[]
			}
		).rows.map((r) => r.name)

	test("a read is prepared once under its text's name and runs by it after; DDL and session commands are not kept", async () => {
		const { db } = await oneConnection()
		const read = db.select({ id: customers.id }).from(customers).where(eq(customers.name, 'nobody'))
		const text = read.toSQL().sql
		expect(await read).toEqual([])
		expect(await read).toEqual([])
		await db.execute(sql`set statement_timeout = '30s'`)
		await db.execute(sql`create temporary table scratch (n int)`)
		const names = await keptNames({ db } as Database)
		expect(names).toContain(statementName(text))
		// The statement that reads the names is kept too: nothing else.
		expect(names).toHaveLength(2)
	})

	test('the same answers with the statements kept, on a second connection and after an error', async () => {
		const { db } = await oneConnection()
		const [one] = await db.execute(sql`select ${1}::int as n`).then((r) => (r as unknown as { rows: { n: number }[] }).rows)
		expect(one).toEqual({ n: 1 })
		await expect(db.execute(sql`select 1 / ${0}::int`)).rejects.toMatchObject({ cause: { code: '22012' } })
		const [two] = await db.execute(sql`select ${2}::int as n`).then((r) => (r as unknown as { rows: { n: number }[] }).rows)
		expect(two).toEqual({ n: 2 })
	})

	test('DATABASE_PREPARED_STATEMENTS=false keeps none', async () => {
		const database = await oneConnection('false')
		await database.db.select({ id: customers.id }).from(customers).limit(1)
		expect(await keptNames(database)).toEqual([])
	})
})
