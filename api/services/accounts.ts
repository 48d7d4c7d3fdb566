import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { activities, customers, roles, users } from '../db/schema.ts'
import type { User } from '../contract/users.ts'
import type { ActivityType } from '../contract/activities.ts'

const iso = (d: Date | null) => (d ? d.toISOString() : null)

export function serializeCustomer(c: typeof customers.$inferSelect) {
	return {
		id: c.id,
		kind: c.kind,
		name: c.name,
		sector: c.sector,
		business_type: c.businessType,
		registration_number: c.registrationNumber,
		state: c.state,
		lga: c.lga,
		address: c.address,
		phone: c.phone,
		meta: { cac_verified: c.meta.cac_verified ?? false, sector: c.meta.sector ?? c.sector ?? null },
		attribution: { channel_source: c.channelSource, campaign_code: c.campaignCode, heard_from: c.heardFrom },
		created_at: c.createdAt.toISOString(),
	}
}

/** One user as the API shows it, scoped to a customer when `customerId` is given. */
export async function findUser(db: Db, id: string, customerId?: string): Promise<User | null> {
	const [row] = await db
		.select({ user: users, customer: customers, role: { id: roles.id, name: roles.name } })
		.from(users)
		.innerJoin(customers, eq(customers.id, users.customerId))
		.innerJoin(roles, eq(roles.id, users.roleId))
		.where(and(eq(users.id, id), customerId ? eq(users.customerId, customerId) : undefined))
	if (!row) return null
	const { user, customer, role } = row
	return {
		id: user.id,
		first_name: user.firstName,
		last_name: user.lastName,
		email: user.email,
		phone: user.phone,
		email_verified_at: iso(user.emailVerifiedAt),
		toured_at: iso(user.touredAt),
		created_at: user.createdAt.toISOString(),
		status: user.status,
		role,
		customer: serializeCustomer(customer),
	}
}

export async function findUserByEmail(db: Db, email: string) {
	const [row] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
	return row ?? null
}

export async function recordActivity(
	db: Db,
	entry: { customerId: string; actorUserId: string | null; type: ActivityType; description: string; at?: Date },
) {
	const { at, ...row } = entry
	await db.insert(activities).values(at ? { ...row, createdAt: at } : row)
}
