import { eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { customers, users } from '../db/schema.ts'

// The claims desk's operators (docs/decisions/071-claims-desk-operators.md); its claim actions are in ./claims/.

/** Whether a user is an operator of the claims desk: a member of the insurer's own record. */
export async function isOperator(db: Db, customerId: string) {
	const [row] = await db
		.select({ insurer: sql<boolean>`coalesce((${customers.meta}->>'insurer')::boolean, false)` })
		.from(customers)
		.where(eq(customers.id, customerId))
	return row?.insurer ?? false
}

export async function operatorName(db: Db, userId: string) {
	const [u] = await db.select({ first: users.firstName, last: users.lastName, email: users.email }).from(users).where(eq(users.id, userId))
	return u ? { name: `${u.first} ${u.last}`, email: u.email } : null
}
