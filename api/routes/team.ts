import { and, asc, count, desc, eq, isNull, ne, sql } from 'drizzle-orm'
import { z } from 'zod'
import { Id } from '../contract/common.ts'
import {
	ActivateInvitationBody,
	CreateInvitationBody,
	Invitation,
	InvitationPreview,
	TeamMember,
	TeamResponse,
	UpdateTeamMemberBody,
} from '../contract/team.ts'
import { SessionUser } from '../contract/users.ts'
import { type Db, lockKey } from '../db/client.ts'
import { customers, invitations, roles, users } from '../db/schema.ts'
import { INVITATION_TTL_MS } from '../domain/auth-rules.ts'
import { invitationStatus } from '../domain/invitations.ts'
import { leavesNoActiveOwner, permissionsBeyond } from '../domain/roles.ts'
import type { Deps } from '../deps.ts'
import { ApiError, type AuthUser, defineRoute, notFound } from '../http.ts'
import { findUser, findUserByEmail, recordActivity } from '../services/accounts.ts'
import { findRole, seededRoleId } from '../services/roles.ts'
import { hashPassword } from '../security/password.ts'
import { issueToken, randomToken, revokeAllTokens, sha256 } from '../security/tokens.ts'

const IdParams = z.object({ id: Id })

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

async function findPendingInvitation(db: Db, token: string, now: Date) {
	const [row] = await db
		.select({ invitation: invitations, business: customers.name, role: roles.name })
		.from(invitations)
		.innerJoin(customers, eq(customers.id, invitations.customerId))
		.innerJoin(roles, eq(roles.id, invitations.roleId))
		.where(eq(invitations.tokenHash, sha256(token)))
	if (!row || invitationStatus(row.invitation, now) !== 'pending') {
		throw new ApiError(410, 'This invitation has expired or was already used. Ask for a new one.')
	}
	return row
}

const ALREADY_ACCEPTED = 'This invitation was already accepted.'
const fieldError = (status: 400 | 409, path: string, message: string) => new ApiError(status, message, [{ path, message }])

function serializeInvitation(invitation: typeof invitations.$inferSelect, role: { id: string; name: string }, now: Date) {
	return {
		id: invitation.id,
		email: invitation.email,
		role,
		status: invitationStatus(invitation, now),
		expires_at: invitation.expiresAt.toISOString(),
		created_at: invitation.createdAt.toISOString(),
	}
}

/** A role of the business, or a seeded one, that the actor holds every permission of. */
async function assignableRole(db: Db, auth: AuthUser, roleId: string) {
	const role = await findRole(db, roleId, auth.customerId)
	if (!role) throw fieldError(400, 'role_id', 'Choose a role from the list.')
	if (permissionsBeyond(auth.permissions, role.permissions).length) {
		throw fieldError(400, 'role_id', 'You can only give a role whose permissions you have yourself.')
	}
	return role
}

async function mailInvitation(deps: Deps, auth: AuthUser, to: string, roleName: string, token: string) {
	const [business] = await deps.db.select({ name: customers.name }).from(customers).where(eq(customers.id, auth.customerId))
	await deps.mailer.send({
		to,
		subject: `You are invited to ${business!.name}`,
		text: [
			`${auth.firstName} invited you to join ${business!.name} as ${roleName}.`,
			'',
			`Accept within 7 days: ${deps.env.publicUrl}/invitation?token=${token}`,
		].join('\n'),
	})
}

/** An invitation of the actor's business with its role, or a 404. */
async function ownInvitation(db: Db, auth: AuthUser, id: string) {
	const [row] = await db
		.select({ invitation: invitations, role: { id: roles.id, name: roles.name } })
		.from(invitations)
		.innerJoin(roles, eq(roles.id, invitations.roleId))
		.where(and(eq(invitations.id, id), eq(invitations.customerId, auth.customerId)))
	if (!row) throw notFound('invitation')
	return row
}

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
		method: 'post',
		path: '/invitations',
		summary: 'Invite someone by email to join the business with a role',
		tag: 'team',
		auth: 'user',
		permission: 'team.manage',
		body: CreateInvitationBody,
		response: Invitation,
		status: 201,
		handler: async ({ body, auth, deps }) => {
			const role = await assignableRole(deps.db, auth, body.role_id)
			if (await findUserByEmail(deps.db, body.email)) {
				throw new ApiError(409, 'Someone with this email already has an account.', [
					{ path: 'email', message: 'Someone with this email already has an account.' },
				])
			}
			const now = deps.now()
			const token = randomToken()
			// A new invitation to the same address replaces the pending one.
			await deps.db
				.update(invitations)
				.set({ revokedAt: now })
				.where(
					and(
						eq(invitations.customerId, auth.customerId),
						sql`lower(${invitations.email}) = ${body.email}`,
						isNull(invitations.acceptedAt),
						isNull(invitations.revokedAt),
					),
				)
			const [invitation] = await deps.db
				.insert(invitations)
				.values({
					customerId: auth.customerId,
					email: body.email,
					firstName: body.first_name,
					lastName: body.last_name,
					roleId: role.id,
					tokenHash: sha256(token),
					invitedBy: auth.id,
					createdAt: now,
					expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
				})
				.returning()
			await mailInvitation(deps, auth, body.email, role.name, token)
			await recordActivity(deps.db, {
				customerId: auth.customerId,
				actorUserId: auth.id,
				type: 'team.invited',
				description: `${auth.firstName} invited ${body.email} as ${role.name}`,
			})
			return {
				data: serializeInvitation(invitation!, { id: role.id, name: role.name }, now),
				message: `Invitation sent to ${body.email}.`,
			}
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
			const changed = await deps.db.transaction(async (t) => {
				const tx = t as unknown as Db
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
								and(
									eq(users.customerId, auth.customerId),
									eq(users.roleId, ownerId),
									eq(users.status, 'active'),
									ne(users.id, member.id),
								),
							)
					: [{ n: 0 }]
				if (leavesNoActiveOwner({ wasActiveOwner, staysActiveOwner, otherActiveOwners: others!.n })) {
					throw new ApiError(409, 'A business needs at least one active owner.')
				}
				if (role.id === current.id && status === member.status) return false
				await tx.update(users).set({ roleId: role.id, status, updatedAt: now }).where(eq(users.id, member.id))
				const name = `${member.first_name} ${member.last_name}`
				const log = (type: string, description: string) =>
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
	defineRoute({
		method: 'post',
		path: '/invitations/:id/resend',
		summary: 'Mail an invitation again with a new link, valid 7 more days; the old link stops working',
		tag: 'team',
		auth: 'user',
		permission: 'team.manage',
		params: IdParams,
		response: Invitation,
		handler: async ({ params, auth, deps }) => {
			const now = deps.now()
			const { invitation, role } = await ownInvitation(deps.db, auth, params.id)
			const status = invitationStatus(invitation, now)
			if (status === 'accepted') throw new ApiError(410, ALREADY_ACCEPTED)
			if (status === 'revoked') throw new ApiError(410, 'This invitation was revoked. Send a new one.')
			if (await findUserByEmail(deps.db, invitation.email)) {
				throw new ApiError(409, 'Someone with this email already has an account.')
			}
			const token = randomToken()
			const [renewed] = await deps.db
				.update(invitations)
				.set({ tokenHash: sha256(token), expiresAt: new Date(now.getTime() + INVITATION_TTL_MS) })
				.where(and(eq(invitations.id, invitation.id), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)))
				.returning()
			// Accepted or revoked since it was read.
			if (!renewed) throw new ApiError(410, 'This invitation was accepted or revoked meanwhile.')
			await mailInvitation(deps, auth, renewed.email, role.name, token)
			await recordActivity(deps.db, {
				customerId: auth.customerId,
				actorUserId: auth.id,
				type: 'team.invitation_resent',
				description: `${auth.firstName} resent the invitation to ${renewed.email} as ${role.name}`,
			})
			return { data: serializeInvitation(renewed, role, now), message: `Invitation sent again to ${renewed.email}.` }
		},
	}),
	defineRoute({
		method: 'delete',
		path: '/invitations/:id',
		summary: 'Revoke an invitation: its link stops working',
		tag: 'team',
		auth: 'user',
		permission: 'team.manage',
		params: IdParams,
		response: Invitation,
		handler: async ({ params, auth, deps }) => {
			const now = deps.now()
			const { invitation, role } = await ownInvitation(deps.db, auth, params.id)
			const status = invitationStatus(invitation, now)
			if (status === 'accepted') throw new ApiError(410, ALREADY_ACCEPTED)
			if (status === 'revoked') throw new ApiError(410, 'This invitation was already revoked.')
			const [revoked] = await deps.db
				.update(invitations)
				.set({ revokedAt: now })
				.where(and(eq(invitations.id, invitation.id), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)))
				.returning()
			if (!revoked) throw new ApiError(410, 'This invitation was accepted or revoked meanwhile.')
			await recordActivity(deps.db, {
				customerId: auth.customerId,
				actorUserId: auth.id,
				type: 'team.invitation_revoked',
				description: `${auth.firstName} revoked the invitation to ${revoked.email} as ${role.name}`,
			})
			return { data: serializeInvitation(revoked, role, now), message: `Invitation to ${revoked.email} revoked.` }
		},
	}),
	defineRoute({
		method: 'get',
		path: '/invitations/preview',
		summary: 'What an invitation link is for, before it is accepted',
		tag: 'team',
		auth: 'public',
		query: z.object({ token: z.string({ message: 'This invitation link is not valid.' }).min(20, 'This invitation link is not valid.') }),
		response: InvitationPreview,
		handler: async ({ query, deps }) => {
			const row = await findPendingInvitation(deps.db, query.token, deps.now())
			return {
				data: {
					email: row.invitation.email,
					business_name: row.business,
					role: row.role,
					expires_at: row.invitation.expiresAt.toISOString(),
				},
			}
		},
	}),
	defineRoute({
		method: 'post',
		path: '/invitations/activate',
		summary: 'Accept an invitation: set a name and password and join the business',
		tag: 'team',
		auth: 'public',
		body: ActivateInvitationBody,
		response: SessionUser,
		status: 201,
		handler: async ({ body, deps }) => {
			const now = deps.now()
			const { invitation } = await findPendingInvitation(deps.db, body.token, now)
			if (await findUserByEmail(deps.db, invitation.email)) {
				throw new ApiError(409, 'Someone with this email already has an account. Sign in instead.')
			}
			const passwordHash = await hashPassword(body.password)
			const userId = await deps.db.transaction(async (tx) => {
				const claimed = await tx
					.update(invitations)
					.set({ acceptedAt: now })
					.where(and(eq(invitations.id, invitation.id), isNull(invitations.acceptedAt)))
					.returning({ id: invitations.id })
				if (claimed.length === 0) throw new ApiError(410, 'This invitation has expired or was already used. Ask for a new one.')
				const [user] = await tx
					.insert(users)
					.values({
						customerId: invitation.customerId,
						roleId: invitation.roleId,
						firstName: body.first_name,
						lastName: body.last_name,
						email: invitation.email,
						passwordHash,
						// The link reached this mailbox, so the address is proven.
						emailVerifiedAt: now,
						createdAt: now,
					})
					.returning({ id: users.id })
				await recordActivity(tx as unknown as Db, {
					customerId: invitation.customerId,
					actorUserId: user!.id,
					type: 'team.joined',
					description: `${body.first_name} ${body.last_name} accepted the invitation`,
				})
				return user!.id
			})
			const token = await issueToken(deps.db, userId, now)
			return { data: { ...(await findUser(deps.db, userId))!, access_token: token }, message: 'Welcome to the team.' }
		},
	}),
]
