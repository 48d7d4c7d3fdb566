import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm'
import { z } from 'zod'
import { Id } from '../contract/common.ts'
import {
	ActivateInvitationBody,
	CreateInvitationBody,
	Invitation,
	InvitationPreview,
	TeamMember,
	TeamResponse,
} from '../contract/team.ts'
import { SessionUser } from '../contract/users.ts'
import type { Db } from '../db/client.ts'
import { customers, invitations, roles, users } from '../db/schema.ts'
import { INVITATION_TTL_MS } from '../domain/auth-rules.ts'
import { invitationStatus } from '../domain/invitations.ts'
import { ApiError, defineRoute, notFound } from '../http.ts'
import { findUser, findUserByEmail, recordActivity } from '../services/accounts.ts'
import { hashPassword } from '../security/password.ts'
import { issueToken, randomToken, sha256 } from '../security/tokens.ts'

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
					.where(and(eq(invitations.customerId, params.id), isNull(invitations.acceptedAt)))
					.orderBy(desc(invitations.createdAt)),
			])
			const now = deps.now()
			return {
				data: {
					members: members.map(serializeMember),
					invitations: invites.map(({ invitation, role }) => ({
						id: invitation.id,
						email: invitation.email,
						role,
						status: invitationStatus(invitation, now),
						expires_at: invitation.expiresAt.toISOString(),
						created_at: invitation.createdAt.toISOString(),
					})),
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
			const [member] = await deps.db
				.select(memberColumns())
				.from(users)
				.innerJoin(roles, eq(roles.id, users.roleId))
				.where(and(eq(users.id, params.id), eq(users.customerId, auth.customerId)))
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
			const [role] = await deps.db
				.select({ id: roles.id, name: roles.name })
				.from(roles)
				.where(
					and(
						eq(roles.id, body.role_id),
						sql`(${roles.customerId} is null or ${roles.customerId} = ${auth.customerId})`,
					),
				)
			if (!role) throw new ApiError(400, 'Choose a role from the list.', [{ path: 'role_id', message: 'Choose a role from the list.' }])
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
			const [business] = await deps.db.select({ name: customers.name }).from(customers).where(eq(customers.id, auth.customerId))
			await deps.mailer.send({
				to: body.email,
				subject: `You are invited to ${business!.name}`,
				text: [
					`${auth.firstName} invited you to join ${business!.name} as ${role.name}.`,
					'',
					`Accept within 7 days: ${deps.env.publicUrl}/invitation?token=${token}`,
				].join('\n'),
			})
			await recordActivity(deps.db, {
				customerId: auth.customerId,
				actorUserId: auth.id,
				type: 'team.invited',
				description: `${auth.firstName} invited ${body.email} as ${role.name}`,
			})
			return {
				data: {
					id: invitation!.id,
					email: invitation!.email,
					role,
					status: 'pending' as const,
					expires_at: invitation!.expiresAt.toISOString(),
					created_at: invitation!.createdAt.toISOString(),
				},
				message: `Invitation sent to ${body.email}.`,
			}
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
