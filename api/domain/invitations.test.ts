import { describe, expect, test } from 'vitest'
import { type InvitationState, invitationStatus } from './invitations.ts'

const now = new Date('2026-03-01T12:00:00Z')
const later = new Date(now.getTime() + 1000)
const earlier = new Date(now.getTime() - 1000)
const pending: InvitationState = { acceptedAt: null, revokedAt: null, expiresAt: later }

describe('invitationStatus', () => {
	test('pending until it expires', () => {
		expect(invitationStatus(pending, now)).toBe('pending')
		expect(invitationStatus(pending, earlier)).toBe('pending')
	})

	test('expired from the expiry instant on', () => {
		expect(invitationStatus({ ...pending, expiresAt: now }, now)).toBe('expired')
		expect(invitationStatus({ ...pending, expiresAt: earlier }, now)).toBe('expired')
	})

	test('revoked, even when it has also expired', () => {
		expect(invitationStatus({ ...pending, revokedAt: earlier }, now)).toBe('revoked')
		expect(invitationStatus({ ...pending, revokedAt: earlier, expiresAt: earlier }, now)).toBe('revoked')
	})

	test('accepted stays accepted, whatever came after', () => {
		expect(invitationStatus({ ...pending, acceptedAt: earlier }, now)).toBe('accepted')
		expect(invitationStatus({ acceptedAt: earlier, revokedAt: now, expiresAt: earlier }, later)).toBe('accepted')
	})
})
