import { eq, sql } from 'drizzle-orm'
import type { Db } from './client.ts'
import { preparedOnce } from './prepared-once.ts'
import { customers } from './schema.ts'

const kindLookup = (db: Db) =>
	preparedOnce(db, 'customer-kind', () =>
		db
			.select({ kind: customers.kind })
			.from(customers)
			.where(eq(customers.id, sql.placeholder('id'))),
	)

/** Whether a customer is a business or an individual; null for none. Read by id, the statement built once. */
export async function customerKindOf(db: Db, customerId: string): Promise<'business' | 'individual' | null> {
	const [row] = await kindLookup(db).execute({ id: customerId })
	return row?.kind ?? null
}
