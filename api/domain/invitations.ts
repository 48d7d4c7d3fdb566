export type InvitationState = { acceptedAt: Date | null; revokedAt: Date | null; expiresAt: Date }

export function invitationStatus(i: InvitationState, now: Date) {
	if (i.acceptedAt) return 'accepted' as const
	if (i.revokedAt) return 'revoked' as const
	if (i.expiresAt <= now) return 'expired' as const
	return 'pending' as const
}
