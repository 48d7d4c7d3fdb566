import { PGlite } from '@electric-sql/pglite'
import { eq, sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/pglite'
import { integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { PreparedStatements } from './pglite-statements.ts'

const things = pgTable('things', {
	id: uuid('id').primaryKey().defaultRandom(),
	name: text('name').notNull().unique(),
	size: integer('size').notNull(),
	meta: jsonb('meta').$type<Record<string, unknown>>(),
	at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
})

describe('PGlite with kept statements', () => {
	let pg: PGlite
	let kept: PreparedStatements
	let db: ReturnType<typeof drizzle>

	beforeAll(async () => {
		pg = await PGlite.create()
		await pg.exec(`create table things (id uuid primary key default gen_random_uuid(), name text not null unique,
			size integer not null, meta jsonb, at timestamptz not null default now())`)
		kept = new PreparedStatements(pg, 3)
		db = drizzle(kept.client())
	}, 60_000)
	afterAll(async () => {
		await pg.close()
	})

	test('answers as PGlite does, preparing each statement once', async () => {
		const parses = vi.spyOn(pg, 'execProtocol')
		const at = new Date('2026-11-27T10:00:00Z')
		const [row] = await db
			.insert(things)
			.values({ name: 'lamp', size: 3, meta: { colour: 'red' }, at })
			.returning()
		expect(row).toMatchObject({ name: 'lamp', size: 3, meta: { colour: 'red' } })
		const read = () => db.select().from(things).where(eq(things.name, 'lamp'))
		const first = await read()
		const plain = await drizzle(pg).select().from(things).where(eq(things.name, 'lamp'))
		expect(first).toEqual(plain)
		expect(new Date(first[0]!.at).toISOString()).toBe(at.toISOString())
		const calls = parses.mock.calls.length
		await read()
		await read()
		// Each run after the first is one trip: bind, describe, execute and sync in one message.
		expect(parses.mock.calls.length - calls).toBe(2)
		parses.mockRestore()
	})

	test('keeps at most its limit, the least recently used closed first', async () => {
		const names = ['a', 'b', 'c', 'd'].map((n) => `${n}-${Math.random()}`)
		for (const name of names) await db.insert(things).values({ name, size: 1 })
		for (const n of [1, 2, 3, 4]) await db.execute(sql`select ${n}::int + count(*) from things where size = ${n}`)
		expect(kept.size).toBe(3)
		const open = await pg.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements')
		expect(open.rows[0]!.n).toBe(3)
		// The first was closed; asked for again, it is prepared again and answers.
		expect((await db.execute(sql`select ${1}::int + count(*) from things where size = ${1}`)).rows).toHaveLength(1)
	})

	test('a failed statement fails as PGlite says it, with its SQL, and the next one runs', async () => {
		const error = await db
			.insert(things)
			.values({ name: 'lamp', size: 1 })
			.then(() => null)
			.catch((e: Error & { cause?: { code?: string; query?: string } }) => e)
		expect(error?.cause).toMatchObject({ code: '23505', query: expect.stringContaining('insert into "things"') })
		expect(await db.select({ n: sql<number>`count(*)::int` }).from(things)).toEqual([{ n: expect.any(Number) }])
	})

	test('a transaction sees its own writes, rolls back on an error, and holds off statements outside it', async () => {
		let release!: () => void
		const held = new Promise<void>((resolve) => {
			release = resolve
		})
		let inserted!: () => void
		const begun = new Promise<void>((resolve) => {
			inserted = resolve
		})
		const order: string[] = []
		const transaction = db
			.transaction(async (tx) => {
				await tx.insert(things).values({ name: 'inside', size: 9 })
				expect(await tx.select().from(things).where(eq(things.name, 'inside'))).toHaveLength(1)
				inserted()
				await held
				order.push('transaction')
				throw new Error('changed my mind')
			})
			.catch(() => order.push('rolled back'))
		await begun
		const outside = db
			.select()
			.from(things)
			.where(eq(things.name, 'inside'))
			.then((rows) => {
				order.push(`outside saw ${rows.length}`)
			})
		await new Promise((r) => setTimeout(r, 50))
		expect(order).toEqual([])
		release()
		await Promise.all([transaction, outside])
		expect(order).toEqual(['transaction', 'rolled back', 'outside saw 0'])
	})

	test('a statement kept across a change of its table is prepared again', async () => {
		const all = () => db.execute(sql`select * from things where size = ${3}`)
		expect(Object.keys((await all()).rows[0]!)).not.toContain('colour')
		await pg.exec('alter table things add column colour text')
		expect(Object.keys((await all()).rows[0]!)).toContain('colour')
	})
})
