import { and, count, eq, gt, isNull } from 'drizzle-orm'
import { z } from 'zod'
import { Id, MessageResponse } from '../contract/common.ts'
import { CreateRoleBody, PermissionCatalogueResponse, Role, RolesResponse, UpdateRoleBody } from '../contract/roles.ts'
import type { Db, Tx } from '../db/client.ts'
import { invitations, rolePermissions, roles } from '../db/schema.ts'
import { ALL_PERMISSIONS, PERMISSIONS } from '../contract/permissions.ts'
import { describeRoleChange, permissionsBeyond, sameRoleName } from '../domain/roles.ts'
import { type AuthUser, defineRoute } from '../http.ts'
import { ApiError } from '../errors.ts'
import { recordActivity } from '../services/accounts.ts'
import { findRole, getRole, listRoles, serializeRole, visibleTo } from '../services/roles.ts'

const IdParams = z.object({ id: Id })

const NAME_TAKEN = 'A role with this name already exists. Choose another name.'
const MEMBERS_HOLD_IT = 'Members still hold this role. Give them another role first.'

const fieldError = (status: 400 | 409, path: string, message: string) => new ApiError(status, message, [{ path, message }])

function isViolation(error: unknown, code: '23505' | '23503') {
	const e = error as { code?: string; cause?: { code?: string } }
	return e?.code === code || e?.cause?.code === code
}

/** Nobody grants what they do not hold, so roles.manage alone cannot become everything. */
function checkGrantable(auth: AuthUser, permissions: readonly string[]) {
	const beyond = permissionsBeyond(auth.permissions, permissions)
	if (beyond.length) {
		throw fieldError(400, 'permissions', `You can only grant permissions you have yourself, not ${beyond.join(', ')}.`)
	}
}

async function checkNameFree(db: Db, customerId: string, name: string, exceptId?: string) {
	const taken = await db.select({ id: roles.id, name: roles.name }).from(roles).where(visibleTo(customerId))
	if (taken.some((r) => r.id !== exceptId && sameRoleName(r.name, name))) throw fieldError(409, 'name', NAME_TAKEN)
}

async function setPermissions(tx: Tx, roleId: string, permissions: readonly string[]) {
	await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId))
	await tx.insert(rolePermissions).values(permissions.map((permission) => ({ roleId, permission })))
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

export const roleRoutes = [
	defineRoute({
		method: 'get',
		path: '/permissions',
		summary: 'The permission catalogue: every permission a role can hold, described',
		tag: 'roles',
		auth: 'user',
		permission: 'team.view',
		response: PermissionCatalogueResponse,
		handler: async () => ({ data: ALL_PERMISSIONS.map((name) => ({ name, description: PERMISSIONS[name] })) }),
	}),
	defineRoute({
		method: 'get',
		path: '/roles',
		summary: "The seeded roles and the business's own, each with its permissions and member count",
		tag: 'roles',
		auth: 'user',
		permission: 'team.view',
		response: RolesResponse,
		handler: async ({ auth, deps }) => ({ data: (await listRoles(deps.db, auth.customerId)).map(serializeRole) }),
	}),
	defineRoute({
		method: 'get',
		path: '/roles/:id',
		summary: 'One role the business may use',
		tag: 'roles',
		auth: 'user',
		permission: 'team.view',
		params: IdParams,
		response: Role,
		handler: async ({ params, auth, deps }) => ({ data: serializeRole(await getRole(deps.db, params.id, auth.customerId)) }),
	}),
	defineRoute({
		method: 'post',
		path: '/roles',
		summary: 'Create a role of the business from the permission catalogue',
		tag: 'roles',
		auth: 'user',
		permission: 'roles.manage',
		body: CreateRoleBody,
		response: Role,
		status: 201,
		handler: async ({ body, auth, deps }) => {
			checkGrantable(auth, body.permissions)
			await checkNameFree(deps.db, auth.customerId, body.name)
			let roleId: string
			try {
				roleId = await deps.db.transaction(async (tx) => {
					const [role] = await tx
						.insert(roles)
						.values({ customerId: auth.customerId, name: body.name, description: body.description ?? '', createdAt: deps.now() })
						.returning({ id: roles.id })
					await setPermissions(tx, role!.id, body.permissions)
					await recordActivity(tx, {
						customerId: auth.customerId,
						actorUserId: auth.id,
						type: 'role.created',
						description: `${auth.firstName} created the role ${body.name} with ${plural(body.permissions.length, 'permission')}: ${body.permissions.join(', ')}`,
					})
					return role!.id
				})
			} catch (error) {
				// The same name created at the same moment by someone else.
				if (isViolation(error, '23505')) throw fieldError(409, 'name', NAME_TAKEN)
				throw error
			}
			return { data: serializeRole((await findRole(deps.db, roleId, auth.customerId))!), message: `Role ${body.name} created.` }
		},
	}),
	defineRoute({
		method: 'patch',
		path: '/roles/:id',
		summary: 'Change a role of the business: its name, description or permissions',
		tag: 'roles',
		auth: 'user',
		permission: 'roles.manage',
		params: IdParams,
		body: UpdateRoleBody,
		response: Role,
		handler: async ({ params, body, auth, deps }) => {
			const role = await getRole(deps.db, params.id, auth.customerId)
			if (!role.customerId) throw new ApiError(400, 'The seeded roles cannot be changed.')
			if (body.permissions) checkGrantable(auth, body.permissions)
			if (body.name) await checkNameFree(deps.db, auth.customerId, body.name, role.id)
			const after = {
				name: body.name ?? role.name,
				description: body.description ?? role.description,
				permissions: body.permissions ?? role.permissions,
			}
			const changes = describeRoleChange(role, after)
			if (changes.length) {
				try {
					await deps.db.transaction(async (tx) => {
						await tx.update(roles).set({ name: after.name, description: after.description }).where(eq(roles.id, role.id))
						if (body.permissions) await setPermissions(tx, role.id, body.permissions)
						await recordActivity(tx, {
							customerId: auth.customerId,
							actorUserId: auth.id,
							type: 'role.updated',
							description: `${auth.firstName} changed the role ${role.name}: ${changes.join('; ')}`,
						})
					})
				} catch (error) {
					if (isViolation(error, '23505')) throw fieldError(409, 'name', NAME_TAKEN)
					throw error
				}
			}
			return { data: serializeRole((await findRole(deps.db, role.id, auth.customerId))!), message: `Role ${after.name} saved.` }
		},
	}),
	defineRoute({
		method: 'delete',
		path: '/roles/:id',
		summary: 'Delete a role of the business that no member holds',
		tag: 'roles',
		auth: 'user',
		permission: 'roles.manage',
		params: IdParams,
		response: MessageResponse,
		handler: async ({ params, auth, deps }) => {
			const role = await getRole(deps.db, params.id, auth.customerId)
			if (!role.customerId) throw new ApiError(400, 'The seeded roles cannot be deleted.')
			if (role.memberCount > 0) throw new ApiError(409, MEMBERS_HOLD_IT)
			const now = deps.now()
			try {
				await deps.db.transaction(async (tx) => {
					// Locking the role makes a member or an invitation given it meanwhile wait for this delete.
					await tx.select({ id: roles.id }).from(roles).where(eq(roles.id, role.id)).for('update')
					const [offered] = await tx
						.select({ n: count() })
						.from(invitations)
						.where(
							and(
								eq(invitations.roleId, role.id),
								isNull(invitations.acceptedAt),
								isNull(invitations.revokedAt),
								gt(invitations.expiresAt, now),
							),
						)
					if (offered!.n > 0) throw new ApiError(409, 'A pending invitation offers this role. Revoke the invitation first.')
					// Accepted, revoked and expired invitations with the role are history nobody can act on.
					await tx.delete(invitations).where(eq(invitations.roleId, role.id))
					await tx.delete(roles).where(eq(roles.id, role.id))
					await recordActivity(tx, {
						customerId: auth.customerId,
						actorUserId: auth.id,
						type: 'role.deleted',
						description: `${auth.firstName} deleted the role ${role.name}`,
					})
				})
			} catch (error) {
				// A member given the role since the count holds it now: their foreign key refuses the delete.
				if (isViolation(error, '23503')) throw new ApiError(409, MEMBERS_HOLD_IT)
				throw error
			}
			const message = `Role ${role.name} deleted.`
			return { data: { message }, message }
		},
	}),
]
