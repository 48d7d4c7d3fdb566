import { and, eq, isNull, or, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { roles } from '../db/schema.ts'
import { ALL_PERMISSIONS } from '../contract/permissions.ts'
import { SEED_ROLES } from '../domain/permissions.ts'
import { OWNER_ROLE } from '../domain/roles.ts'
import { notFound } from '../errors.ts'

/** The roles a business may use: the seeded ones and its own. */
export const visibleTo = (customerId: string) => or(isNull(roles.customerId), eq(roles.customerId, customerId))

const catalogueOrder = (names: readonly string[]) => ALL_PERMISSIONS.filter((p) => names.includes(p))

/** Roles visible to the business with their permissions and how many of its members hold each. */
export async function listRoles(db: Db, customerId: string, id?: string) {
	const rows = await db
		.select({
			id: roles.id,
			customerId: roles.customerId,
			name: roles.name,
			description: roles.description,
			createdAt: roles.createdAt,
			// Written out: drizzle leaves the columns of a one-table select unqualified, which a subquery misreads.
			permissions: sql<string[]>`coalesce((select array_agg(rp.permission) from role_permissions rp where rp.role_id = roles.id), '{}')`,
			memberCount: sql<number>`(select count(*)::int from users u where u.role_id = roles.id and u.customer_id = ${customerId})`,
		})
		.from(roles)
		.where(and(visibleTo(customerId), id ? eq(roles.id, id) : undefined))
	const seededOrder = (name: string) => SEED_ROLES.findIndex((r) => r.name === name)
	return rows
		.map((r) => ({ ...r, permissions: catalogueOrder(r.permissions), memberCount: Number(r.memberCount) }))
		.sort((a, b) => {
			if (!a.customerId && !b.customerId) return seededOrder(a.name) - seededOrder(b.name)
			if (!a.customerId || !b.customerId) return a.customerId ? 1 : -1
			return a.name.localeCompare(b.name, 'en', { sensitivity: 'base' })
		})
}
export type RoleRow = Awaited<ReturnType<typeof listRoles>>[number]

/** One role the business may use, or null. */
export async function findRole(db: Db, id: string, customerId: string) {
	return (await listRoles(db, customerId, id))[0] ?? null
}

/** One role the business may use, or a 404. */
export async function getRole(db: Db, id: string, customerId: string) {
	const role = await findRole(db, id, customerId)
	if (!role) throw notFound('role')
	return role
}

export function serializeRole(r: RoleRow) {
	return {
		id: r.id,
		name: r.name,
		description: r.description,
		permissions: r.permissions,
		seeded: r.customerId === null,
		member_count: r.memberCount,
		created_at: r.createdAt.toISOString(),
	}
}

/** The id of a seeded role, e.g. the Owner's. */
export async function seededRoleId(db: Db, name = OWNER_ROLE) {
	const [row] = await db
		.select({ id: roles.id })
		.from(roles)
		.where(and(isNull(roles.customerId), eq(roles.name, name)))
	if (!row) throw new Error(`The seeded role ${name} is missing: the seed has not run`)
	return row.id
}
