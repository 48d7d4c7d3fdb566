import { and, asc, count, desc, eq, isNull, ne } from 'drizzle-orm'
import { TeamMember, TeamResponse, UpdateTeamMemberBody } from '../contract/team.ts'
import { type Db, lockKey } from '../db/client.ts'
import { invitations, roles, users } from '../db/schema.ts'
import { leavesNoActiveOwner, permissionsBeyond } from '../domain/roles.ts'
import { defineRoute } from '../http.ts'
import { ApiError, fieldError, notFound } from '../errors.ts'
import { recordActivity } from '../services/accounts.ts'
import { findRole, seededRoleId } from '../services/roles.ts'
import { revokeAllTokens } from '../security/tokens.ts'
import { IdParams, assignableRole, serializeInvitation } from '../services/team.ts'
import type { ActivityType } from '../contract/activities.ts'

function memberColumns() {
	return {
		id: users.id,
		first_name: users.firstName,
		last_name: users.lastName,
		email: users.email,
		status: users.status,
		created_at: users.createdAt,
		role: { id: roles.id, name: roles.name },
	}
}

const serializeMember = (m: { created_at: Date } & Omit<TeamMember, 'created_at'>) => ({
	...m,
	created_at: m.created_at.toISOString(),
})

async function memberOf(db: Db, customerId: string, id: string) {
	const [member] = await db
		.select(memberColumns())
		.from(users)
		.innerJoin(roles, eq(roles.id, users.roleId))
		.where(and(eq(users.id, id), eq(users.customerId, customerId)))
	return member ?? null
}

export const teamRoutes = [
	defineRoute({
		method: 'get',
		path: '/team/:id',
		summary: 'The members and invitations of a business',
		tag: 'team',
		auth: 'user',
		permission: 'team.view',
		params: IdParams,
		response: TeamResponse,
		handler: async ({ params, auth, deps }) => {
			if (params.id !== auth.customerId) throw notFound('business')
			const [members, invites] = await Promise.all([
				deps.db
					.select(memberColumns())
					.from(users)
					.innerJoin(roles, eq(roles.id, users.roleId))
					.where(eq(users.customerId, params.id))
					.orderBy(asc(users.createdAt)),
				deps.db
					.select({ invitation: invitations, role: { id: roles.id, name: roles.name } })
					.from(invitations)
					.innerJoin(roles, eq(roles.id, invitations.roleId))
					.where(and(eq(invitations.customerId, params.id), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)))
					.orderBy(desc(invitations.createdAt)),
			])
			const now = deps.now()
			return {
				data: {
					members: members.map(serializeMember),
					invitations: invites.map(({ invitation, role }) => serializeInvitation(invitation, role, now)),
				},
			}
		},
	}),
	defineRoute({
		method: 'get',
		path: '/team/member/:id',
		summary: 'One member of your business',
		tag: 'team',
		auth: 'user',
		permission: 'team.view',
		params: IdParams,
		response: TeamMember,
		handler: async ({ params, auth, deps }) => {
			const member = await memberOf(deps.db, auth.customerId, params.id)
			if (!member) throw notFound('team member')
			return { data: serializeMember(member) }
		},
	}),
	defineRoute({
		method: 'patch',
		path: '/team/member/:id',
		summary: "Change a member's role, or deactivate or reactivate them; deactivating signs them out",
		tag: 'team',
		auth: 'user',
		permission: 'team.manage',
		params: IdParams,
		body: UpdateTeamMemberBody,
		response: TeamMember,
		handler: async ({ params, body, auth, deps }) => {
			const now = deps.now()
			const changed = await deps.db.transaction(async (tx) => {
				// One change to a business's members at a time, so two demotions cannot both pass the owner check.
				await lockKey(tx, 'team', auth.customerId)
				const member = await memberOf(tx, auth.customerId, params.id)
				if (!member) throw notFound('team member')
				const current = (await findRole(tx, member.role.id, auth.customerId))!
				if (permissionsBeyond(auth.permissions, current.permissions).length) {
					throw new ApiError(403, `Only someone with every permission of the ${current.name} role can change this member.`)
				}
				const role = body.role_id && body.role_id !== current.id ? await assignableRole(tx, auth, body.role_id) : current
				const status = body.status ?? member.status
				if (status === 'deactivated' && member.id === auth.id) {
					throw fieldError(400, 'status', 'You cannot deactivate yourself. Ask another member with team access.')
				}
				const ownerId = await seededRoleId(tx)
				const wasActiveOwner = member.status === 'active' && current.id === ownerId
				const staysActiveOwner = status === 'active' && role.id === ownerId
				const [others] = wasActiveOwner
					? await tx
							.select({ n: count() })
							.from(users)
							.where(
								and(eq(users.customerId, auth.customerId), eq(users.roleId, ownerId), eq(users.status, 'active'), ne(users.id, member.id)),
							)
					: [{ n: 0 }]
				if (leavesNoActiveOwner({ wasActiveOwner, staysActiveOwner, otherActiveOwners: others!.n })) {
					throw new ApiError(409, 'A business needs at least one active owner.')
				}
				if (role.id === current.id && status === member.status) return false
				await tx.update(users).set({ roleId: role.id, status, updatedAt: now }).where(eq(users.id, member.id))
				const name = `${member.first_name} ${member.last_name}`
				const log = (type: ActivityType, description: string) =>
					recordActivity(tx, { customerId: auth.customerId, actorUserId: auth.id, type, description })
				if (role.id !== current.id) {
					await log('team.role_changed', `${auth.firstName} changed the role of ${name} from ${current.name} to ${role.name}`)
				}
				if (status === 'deactivated' && member.status === 'active') {
					// A deactivated member is signed out everywhere at once.
					await revokeAllTokens(tx, member.id, now)
					await log('team.deactivated', `${auth.firstName} deactivated ${name}`)
				}
				if (status === 'active' && member.status === 'deactivated') await log('team.reactivated', `${auth.firstName} reactivated ${name}`)
				return true
			})
			const member = await memberOf(deps.db, auth.customerId, params.id)
			return { data: serializeMember(member!), message: changed ? 'Team member saved.' : 'Nothing to change.' }
		},
	}),
]
