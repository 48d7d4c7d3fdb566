import type { EmbeddedSql } from './pglite-remote.ts'

/**
 * What PostgreSQL's autovacuum does, for the embedded database (docs/decisions/133-embedded-upkeep.md).
 * PGlite runs PostgreSQL as a single process, without the autovacuum worker: left alone, its tables are
 * never analyzed (the planner guesses every size) and never vacuumed (updated and deleted rows stay, and
 * index-only scans go to the table for every row). This picks the tables autovacuum would pick, by its
 * own default thresholds, and vacuums or analyzes each in turn. A table that changed little costs nothing.
 */
export const UPKEEP_THRESHOLDS = {
	/** autovacuum_vacuum_threshold and autovacuum_vacuum_scale_factor: dead rows over 50 + 20%. */
	vacuum: { base: 50, share: 0.2 },
	/** autovacuum_vacuum_insert_threshold and its scale factor: rows added since the last vacuum. */
	insert: { base: 1000, share: 0.2 },
	/** autovacuum_analyze_threshold and autovacuum_analyze_scale_factor: rows changed since the last analyze. */
	analyze: { base: 50, share: 0.1 },
} as const

export type UpkeepCounts = { vacuumed: number; analyzed: number }

export async function embeddedUpkeep(pg: EmbeddedSql): Promise<UpkeepCounts> {
	// Counts are kept per statement and written out at most once a second: take this one's in now.
	await pg.query('select pg_stat_force_next_flush()')
	const { vacuum, insert, analyze } = UPKEEP_THRESHOLDS
	// A table never vacuumed nor analyzed (reltuples -1) is analyzed whatever its counts say: they start
	// again from nothing when the database is opened after a crash or from a copy of its folder.
	const { rows } = await pg.query<{ name: string; vacuum: boolean }>(
		`select name, vacuum from (
			select format('%I.%I', s.schemaname, s.relname) as name, c.reltuples < 0 as never,
				s.n_dead_tup > $1 + $2 * greatest(c.reltuples, 0) or s.n_ins_since_vacuum > $3 + $4 * greatest(c.reltuples, 0) as vacuum,
				s.n_mod_since_analyze > $5 + $6 * greatest(c.reltuples, 0) as stale
			from pg_stat_user_tables s join pg_class c on c.oid = s.relid
		) as tables
		where vacuum or stale or never
		order by name`,
		[vacuum.base, vacuum.share, insert.base, insert.share, analyze.base, analyze.share],
	)
	const counts: UpkeepCounts = { vacuumed: 0, analyzed: 0 }
	// One table at a time: each takes the database for its own length only, and pages wait on one table.
	for (const table of rows) {
		await pg.exec(table.vacuum ? `vacuum (analyze) ${table.name}` : `analyze ${table.name}`)
		counts[table.vacuum ? 'vacuumed' : 'analyzed']++
	}
	return counts
}
