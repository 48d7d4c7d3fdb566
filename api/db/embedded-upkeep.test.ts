import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { embeddedUpkeep } from './embedded-upkeep.ts'

type Stats = { n_dead_tup: number; vacuumed: boolean; analyzed: boolean; reltuples: number }

describe('embeddedUpkeep', () => {
	let pg: PGlite
	const stats = async (table: string) => {
		await pg.query('select pg_stat_force_next_flush()')
		const { rows } = await pg.query<Stats>(
			`select s.n_dead_tup::int, s.last_vacuum is not null as vacuumed, s.last_analyze is not null as analyzed, c.reltuples
			from pg_stat_user_tables s join pg_class c on c.oid = s.relid where s.relname = $1`,
			[table],
		)
		return rows[0]!
	}

	beforeAll(async () => {
		pg = await PGlite.create()
		await pg.exec(`create table busy (id int primary key, v int);
			insert into busy select g, 0 from generate_series(1, 5000) g;
			create table quiet (id int primary key, v int);
			insert into quiet select g, 0 from generate_series(1, 40) g;`)
	})
	afterAll(() => pg.close())

	test('vacuums and analyzes a table with many changed rows; one with few is only analyzed, as it never was', async () => {
		await pg.exec('update busy set v = 1 where id <= 3000; update quiet set v = 1 where id <= 10')
		expect(await stats('busy')).toMatchObject({ n_dead_tup: 3000, vacuumed: false, analyzed: false })

		expect(await embeddedUpkeep(pg)).toEqual({ vacuumed: 1, analyzed: 1 })
		expect(await stats('busy')).toEqual({ n_dead_tup: 0, vacuumed: true, analyzed: true, reltuples: 5000 })
		expect(await stats('quiet')).toEqual({ n_dead_tup: 10, vacuumed: false, analyzed: true, reltuples: 40 })
	})

	test('does nothing when little changed since; analyzes alone when changes are too few to vacuum', async () => {
		expect(await embeddedUpkeep(pg)).toEqual({ vacuumed: 0, analyzed: 0 })
		await pg.exec('update quiet set v = 2 where id <= 10')
		expect(await embeddedUpkeep(pg)).toEqual({ vacuumed: 0, analyzed: 0 })
		// 600 of 5,000: over analyze's 50 + 10%, under vacuum's 50 + 20%.
		await pg.exec('update busy set v = 2 where id <= 600')
		expect(await embeddedUpkeep(pg)).toEqual({ vacuumed: 0, analyzed: 1 })
		expect((await stats('busy')).n_dead_tup).toBe(600)
	})
})
