import { eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
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
