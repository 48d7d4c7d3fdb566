import { PGlite } from '@electric-sql/pglite'
import { eq, sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/pglite'
import { check, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { PGliteRemote } from './pglite-remote.ts'

const things = pgTable(
	'things',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		name: text('name').notNull().unique(),
		size: integer('size').notNull(),
		meta: jsonb('meta').$type<Record<string, unknown>>(),
		at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [check('things_size_positive', sql`${t.size} > 0`)],
)
const CREATE = `create table things (id uuid primary key default gen_random_uuid(), name text not null unique,
	size integer not null constraint things_size_positive check (size > 0), meta jsonb, at timestamptz not null default now())`

describe('PGlite in a worker thread', () => {
	let remote: PGliteRemote
	let db: ReturnType<typeof drizzle>
	// PGlite in this thread, to compare with: opened here, where a slow machine has the time it needs.
	let local: PGlite
	const count = async () => (await remote.query<{ n: number }>('select count(*)::int as n from things')).rows[0]!.n

	beforeAll(async () => {
		remote = await PGliteRemote.open({})
		await remote.exec(CREATE)
		db = drizzle(remote as unknown as PGlite)
		local = await PGlite.create()
		await local.exec(CREATE)
	}, 60_000)
	afterAll(() => Promise.all([remote.close(), local?.close()]))

	test('answers Drizzle as PGlite in this thread does: rows, JSON, times as text', async () => {
		const at = new Date('2026-11-28T10:00:00Z')
		const [row] = await db
			.insert(things)
			.values({ name: 'lamp', size: 3, meta: { colour: 'red', n: [1, 2] }, at })
			.returning()
		const [expected] = await drizzle(local)
			.insert(things)
			.values({ id: row!.id, name: 'lamp', size: 3, meta: { colour: 'red', n: [1, 2] }, at })
			.returning()
		expect(row).toEqual(expected)
		const read = await db.select().from(things).where(eq(things.name, 'lamp'))
		expect(read).toEqual(await drizzle(local).select().from(things).where(eq(things.name, 'lamp')))
		expect(new Date(row!.at).toISOString()).toBe(at.toISOString())
		// Raw SQL through Drizzle: rows as objects, PostgreSQL's types as PGlite reads them.
		const { rows } = await db.execute(sql`select 2::int as two, 'x'::text as x, true as yes, '{"a":1}'::jsonb as j`)
		expect(rows).toEqual([{ two: 2, x: 'x', yes: true, j: { a: 1 } }])
	})

	test('a transaction commits when its callback resolves, and rolls back when it throws', async () => {
		const before = await count()
		await db.transaction(async (tx) => {
			await tx.insert(things).values({ name: 'kept', size: 1 })
		})
		expect(await count()).toBe(before + 1)
		await expect(
			db.transaction(async (tx) => {
				await tx.insert(things).values({ name: 'dropped', size: 1 })
				throw new Error('changed my mind')
			}),
		).rejects.toThrow('changed my mind')
		expect(await count()).toBe(before + 1)
		// A nested transaction is a savepoint: its rollback keeps what the outer one did.
		await db.transaction(async (tx) => {
			await tx.insert(things).values({ name: 'outer', size: 1 })
			await tx
				.transaction(async (inner) => {
					await inner.insert(things).values({ name: 'inner', size: 1 })
					inner.rollback()
				})
				.catch(() => {})
		})
		const names = (await db.select({ name: things.name }).from(things)).map((r) => r.name)
		expect(names).toContain('outer')
		expect(names).not.toContain('inner')
		expect(names).not.toContain('dropped')
	})

	test("PostgreSQL's errors keep their code and constraint as they cross, in and out of a transaction", async () => {
		await db.insert(things).values({ name: 'unique', size: 1 })
		const duplicate = await db
			.insert(things)
			.values({ name: 'unique', size: 1 })
			.catch((e: unknown) => e as Error & { cause?: { code?: string; constraint?: string } })
		expect(duplicate).toBeInstanceOf(Error)
		expect((duplicate as { cause?: { code?: string } }).cause).toMatchObject({ code: '23505', constraint: 'things_name_key' })
		const failed = await db
			.transaction(async (tx) => {
				await tx.insert(things).values({ name: 'negative', size: -1 })
			})
			.catch((e: unknown) => e as { cause?: { code?: string; constraint?: string } })
		expect((failed as { cause?: unknown }).cause).toMatchObject({ code: '23514', constraint: 'things_size_positive' })
		// PGlite's own errors carry the query's options, parsers and all: the parts that can be copied cross.
		await expect(remote.query('create table things (id int)', [], { parsers: { 1184: (v: string) => v } })).rejects.toMatchObject({
			code: '42P07',
			message: 'relation "things" already exists',
		})
		// The failed transaction was rolled back: the one connection answers again.
		expect(await count()).toBeGreaterThan(0)
	})

	test('a statement outside a transaction waits for the transaction under way, as on one PGlite', async () => {
		let release!: () => void
		const held = new Promise<void>((r) => {
			release = r
		})
		const before = await count()
		const tx = db.transaction(async (t) => {
			await t.insert(things).values({ name: 'held', size: 1 })
			await held
		})
		await new Promise((r) => setTimeout(r, 50))
		let seen: number | undefined
		const outside = count().then((n) => {
			seen = n
		})
		await new Promise((r) => setTimeout(r, 100))
		expect(seen).toBeUndefined()
		release()
		await tx
		await outside
		expect(seen).toBe(before + 1)
	})

	test("a copy of the database's folder opens in another worker with what it held", async () => {
		const dump = await remote.dumpDataDir('none')
		const copy = await PGliteRemote.open({ loadDataDir: await dump.arrayBuffer() })
		try {
			expect((await copy.query<{ n: number }>("select count(*)::int as n from things where name = 'lamp'")).rows[0]!.n).toBe(1)
		} finally {
			await copy.close()
		}
	}, 60_000)

	test('refuses a parser that changes the text, which could not cross to the worker', async () => {
		await expect(remote.query('select 1', [], { parsers: { 25: (v: string) => v.toUpperCase() } })).rejects.toThrow(/hand the text back/)
	})

	test('a closed database refuses every statement after', async () => {
		const other = await PGliteRemote.open({})
		await other.close()
		await expect(other.query('select 1')).rejects.toThrow('closed')
	}, 60_000)
})
