import { and, asc, count, eq, ilike, or, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { HospitalsQuery } from '../contract/plans.ts'
import type { Db } from '../db/client.ts'
import { containsPattern } from '../db/like.ts'
import { hospitals } from '../db/schema.ts'
import type { NetworkRow } from '../domain/hospitals/sample.ts'

/**
 * Put a real network in place (docs/decisions/080-hospital-network.md): each row upserted by its code,
 * the sample rows removed, in one transaction. Returns how many rows were written and removed.
 */
export async function importNetwork(db: Db, rows: NetworkRow[], source: string) {
	return db.transaction(async (tx) => {
		for (let i = 0; i < rows.length; i += 500) {
			await tx
				.insert(hospitals)
				.values(rows.slice(i, i + 500).map((r) => ({ ...r, source })))
				.onConflictDoUpdate({
					target: hospitals.code,
					set: {
						name: sql`excluded.name`,
						type: sql`excluded.type`,
						state: sql`excluded.state`,
						lga: sql`excluded.lga`,
						address: sql`excluded.address`,
						phone: sql`excluded.phone`,
						source: sql`excluded.source`,
					},
				})
		}
		const removed = await tx.delete(hospitals).where(eq(hospitals.source, 'sample')).returning({ id: hospitals.id })
		return { written: rows.length, removed: removed.length }
	})
}

/** The hospital network, filtered and paged by an indexed order. */
export async function listHospitals(db: Db, query: z.output<typeof HospitalsQuery>) {
	const where = and(
		query.type === 'all' ? undefined : eq(hospitals.type, query.type),
		query.state ? eq(hospitals.state, query.state) : undefined,
		query.lga ? eq(hospitals.lga, query.lga) : undefined,
		query.q ? or(ilike(hospitals.name, containsPattern(query.q)), ilike(hospitals.address, containsPattern(query.q))) : undefined,
	)
	const [rows, [total], [real]] = await Promise.all([
		db
			.select()
			.from(hospitals)
			.where(where)
			.orderBy(asc(hospitals.state), asc(hospitals.lga), asc(hospitals.name), asc(hospitals.id))
			.limit(query.page_size)
			.offset((query.page - 1) * query.page_size),
		db.select({ n: count() }).from(hospitals).where(where),
		db.select({ n: count() }).from(hospitals).where(sql`${hospitals.source} <> 'sample'`),
	])
	return {
		hospitals: rows.map((h) => ({
			id: h.id,
			name: h.name,
			type: h.type,
			state: h.state,
			lga: h.lga,
			address: h.address,
			phone: h.phone,
			sample: h.source === 'sample',
		})),
		total: Number(total?.n ?? 0),
		page: query.page,
		page_size: query.page_size,
		sample: Number(real?.n ?? 0) === 0,
	}
}
