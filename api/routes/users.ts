import { and, eq, inArray, sql } from 'drizzle-orm'
import { z } from 'zod'
import { Id, MessageResponse } from '../contract/common.ts'
import { PermissionsResponse } from '../contract/activities.ts'
import { ChangePasswordBody, FindExistingUsersBody, FindExistingUsersResponse, UpdateUserBody, User } from '../contract/users.ts'
import { rolePermissions, users } from '../db/schema.ts'
import { type AuthUser, defineRoute } from '../http.ts'
import { ApiError, forbidden, notFound } from '../errors.ts'
import { permissionsBeyond } from '../domain/roles.ts'
import { findUser, recordActivity } from '../services/accounts.ts'
import { findRole } from '../services/roles.ts'
import { hashPassword, refuseCommonPassword, verifyPassword } from '../security/password.ts'
import { revokeAllTokens } from '../security/tokens.ts'

const IdParams = z.object({ id: Id })

/** Yourself always; another member of your business only with `permission`. */
function mayActOn(auth: AuthUser, userId: string, permission: string) {
	if (auth.id !== userId && !auth.permissions.includes(permission)) throw forbidden()
}

export const userRoutes = [
	defineRoute({
		method: 'post',
		path: '/users/find-existing-users',
		summary: 'Which of these emails already belong to a member of your business',
		tag: 'users',
		auth: 'user',
		permission: 'team.view',
		body: FindExistingUsersBody,
		response: FindExistingUsersResponse,
		handler: async ({ body, auth, deps }) => {
			// Only the caller's own business: the answer must not tell who has an account elsewhere.
			const rows = await deps.db
				.select({ email: sql<string>`lower(${users.email})` })
				.from(users)
				.where(and(eq(users.customerId, auth.customerId), inArray(sql`lower(${users.email})`, body.emails)))
			return { data: { existing: rows.map((r) => r.email) } }
		},
	}),
	defineRoute({
		method: 'get',
		path: '/users/:id',
		summary: 'A user of your business, with the business',
		tag: 'users',
		auth: 'user',
		params: IdParams,
		response: User,
		handler: async ({ params, auth, deps }) => {
			const user = await findUser(deps.db, params.id, auth.customerId)
			if (!user) throw notFound('account')
			mayActOn(auth, params.id, 'team.view')
			return { data: user }
		},
	}),
	defineRoute({
		method: 'patch',
		path: '/users/:id',
		summary: "Change a user's name or phone",
		tag: 'users',
		auth: 'user',
		params: IdParams,
		body: UpdateUserBody,
		response: User,
		handler: async ({ params, body, auth, deps }) => {
			const user = await findUser(deps.db, params.id, auth.customerId)
			if (!user) throw notFound('account')
			mayActOn(auth, params.id, 'team.manage')
			if (params.id !== auth.id) {
				// As for a member's role and status: nobody changes a member who holds more than they do.
				const [target] = await deps.db.select({ roleId: users.roleId }).from(users).where(eq(users.id, params.id))
				const role = target ? await findRole(deps.db, target.roleId, auth.customerId) : null
				if (role && permissionsBeyond(auth.permissions, role.permissions).length) {
					throw new ApiError(403, `Only someone with every permission of the ${role.name} role can change this member.`)
				}
			}
			await deps.db
				.update(users)
				.set({
					firstName: body.first_name,
					lastName: body.last_name,
					phone: body.phone,
					updatedAt: deps.now(),
				})
				.where(eq(users.id, params.id))
			await recordActivity(deps.db, {
				customerId: auth.customerId,
				actorUserId: auth.id,
				type: 'user.updated',
				description: `Profile of ${body.first_name ?? user.first_name} ${body.last_name ?? user.last_name} updated`,
			})
			return { data: (await findUser(deps.db, params.id))!, message: 'Profile saved.' }
		},
	}),
	defineRoute({
		method: 'patch',
		path: '/users/:id/change-password',
		summary: 'Change your own password with the current one; signs out your other sessions',
		tag: 'users',
		auth: 'user',
		params: IdParams,
		body: ChangePasswordBody,
		response: MessageResponse,
		handler: async ({ params, body, auth, deps }) => {
			// Only your own password: anyone else's id is not found, as it is for other businesses.
			if (params.id !== auth.id) throw notFound('account')
			const [row] = await deps.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, auth.id))
			if (!(await verifyPassword(row!.hash, body.current_password))) {
				throw new ApiError(400, 'Your current password is not right.', [
					{ path: 'current_password', message: 'Your current password is not right.' },
				])
			}
			if (body.current_password === body.new_password) {
				throw new ApiError(400, 'Choose a new password that differs from the current one.', [
					{ path: 'new_password', message: 'Choose a new password that differs from the current one.' },
				])
			}
			refuseCommonPassword(body.new_password, 'new_password')
			const now = deps.now()
			await deps.db
				.update(users)
				.set({ passwordHash: await hashPassword(body.new_password), updatedAt: now })
				.where(eq(users.id, auth.id))
			await revokeAllTokens(deps.db, auth.id, now, auth.tokenId)
			await recordActivity(deps.db, {
				customerId: auth.customerId,
				actorUserId: auth.id,
				type: 'password.changed',
				description: `${auth.firstName} changed their password`,
			})
			const message = 'Password changed. Your other sessions were signed out.'
			return { data: { message }, message }
		},
	}),
	defineRoute({
		method: 'get',
		path: '/permissions/user/:id',
		summary: "A user's permissions, lowercased",
		tag: 'permissions',
		auth: 'user',
		params: IdParams,
		response: PermissionsResponse,
		handler: async ({ params, auth, deps }) => {
			const user = await findUser(deps.db, params.id, auth.customerId)
			if (!user) throw notFound('account')
			mayActOn(auth, params.id, 'team.view')
			const rows = await deps.db
				.select({ name: rolePermissions.permission })
				.from(rolePermissions)
				.where(eq(rolePermissions.roleId, user.role.id))
			return { data: rows.map((r) => r.name.toLowerCase()).sort() }
		},
	}),
]
