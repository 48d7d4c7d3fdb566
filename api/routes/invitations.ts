import { and, eq, isNull, sql } from 'drizzle-orm'
import { createElement } from 'react'
import { z } from 'zod'
import { ActivateInvitationBody, CreateInvitationBody, Invitation, InvitationPreview } from '../contract/team.ts'
import { SessionUser } from '../contract/users.ts'
import type { Db } from '../db/client.ts'
import { customers, invitations, roles, users } from '../db/schema.ts'
import { INVITATION_TTL_MS } from '../domain/auth-rules.ts'
import { invitationStatus } from '../domain/invitations.ts'
import type { Deps } from '../deps.ts'
import { type AuthUser, defineRoute } from '../http.ts'
import { ApiError, notFound } from '../errors.ts'
import { sendTemplate } from '../mail/render.ts'
import { InvitationMail } from '../mail/templates/invitation.tsx'
import { notify } from '../services/notifications.ts'
import { findUser, findUserByEmail, recordActivity } from '../services/accounts.ts'
import { hashPassword, refuseCommonPassword } from '../security/password.ts'
import { issueToken, randomToken, sha256 } from '../security/tokens.ts'
import { IdParams, assignableRole, serializeInvitation } from '../services/team.ts'

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

async function mailInvitation(deps: Deps, auth: AuthUser, to: string, roleName: string, token: string) {
	const [business] = await deps.db.select({ name: customers.name }).from(customers).where(eq(customers.id, auth.customerId))
	await sendTemplate(
		deps,
		to,
		`You are invited to ${business!.name}`,
		createElement(InvitationMail, {
			publicUrl: deps.env.publicUrl,
			inviter: auth.firstName,
			business: business!.name,
			role: roleName,
			link: `${deps.env.publicUrl}/invitation?token=${token}`,
		}),
	)
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

export const invitationRoutes = [
	defineRoute({
		method: 'post',
		path: '/invitations',
		summary: 'Invite someone by email to join the business with a role',
		tag: 'team',
		auth: 'user',
		permission: 'team.manage',
		verified: true,
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
		method: 'post',
		path: '/invitations/:id/resend',
		summary: 'Mail an invitation again with a new link, valid 7 more days; the old link stops working',
		tag: 'team',
		auth: 'user',
		permission: 'team.manage',
		verified: true,
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
			refuseCommonPassword(body.password)
			const passwordHash = await hashPassword(body.password)
			const userId = await deps.db.transaction(async (tx) => {
				const claimed = await tx
					.update(invitations)
					.set({ acceptedAt: now })
					.where(and(eq(invitations.id, invitation.id), isNull(invitations.acceptedAt)))
					.returning({ id: invitations.id })
				if (claimed.length === 0) throw new ApiError(410, 'This invitation has expired or was already used. Ask for a new one.')
				// The team hears of its new member; the newcomer, not yet a member, does not.
				await notify(tx, {
					businessId: invitation.customerId,
					kind: 'member_joined',
					title: `${body.first_name} ${body.last_name} joined the team`,
					href: '/settings?tab=team',
				})
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
				await recordActivity(tx, {
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
