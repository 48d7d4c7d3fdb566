import { z } from 'zod'
import { Id } from '../contract/common.ts'
import type { Db } from '../db/client.ts'
import type { invitations } from '../db/schema.ts'
import { invitationStatus } from '../domain/invitations.ts'
import { permissionsBeyond } from '../domain/roles.ts'
import type { AuthUser } from '../http.ts'
import { fieldError } from '../errors.ts'
import { findRole } from './roles.ts'

export const IdParams = z.object({ id: Id })

export function serializeInvitation(invitation: typeof invitations.$inferSelect, role: { id: string; name: string }, now: Date) {
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
export async function assignableRole(db: Db, auth: AuthUser, roleId: string) {
	const role = await findRole(db, roleId, auth.customerId)
	if (!role) throw fieldError(400, 'role_id', 'Choose a role from the list.')
	if (permissionsBeyond(auth.permissions, role.permissions).length) {
		throw fieldError(400, 'role_id', 'You can only give a role whose permissions you have yourself.')
	}
	return role
}
