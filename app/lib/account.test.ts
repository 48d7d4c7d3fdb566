import { describe, expect, test } from 'vitest'
import type { User } from '#api/contract/users.ts'
import { isKycComplete, needsCacVerification, pendingStep, showsTour } from './account.ts'

function user(overrides: { verified?: boolean; sector?: string | null; created_at?: string; toured_at?: string | null } = {}): User {
	return {
		id: '00000000-0000-4000-8000-000000000001',
		first_name: 'Ada',
		last_name: 'Obi',
		email: 'ada@example.com',
		phone: null,
		email_verified_at: overrides.verified === false ? null : '2026-11-01T10:00:00.000Z',
		toured_at: overrides.toured_at ?? null,
		created_at: overrides.created_at ?? '2026-11-01T10:00:00.000Z',
		status: 'active',
		role: { id: '00000000-0000-4000-8000-000000000002', name: 'Owner' },
		customer: {
			id: '00000000-0000-4000-8000-000000000003',
			kind: 'business',
			name: 'Obi Ltd',
			sector: overrides.sector === undefined ? 'Healthcare' : overrides.sector,
			business_type: null,
			registration_number: null,
			state: null,
			lga: null,
			address: null,
			phone: null,
			meta: { cac_verified: false, sector: overrides.sector === undefined ? 'Healthcare' : overrides.sector },
			attribution: { channel_source: null, campaign_code: null, heard_from: null },
			created_at: '2026-11-01T10:00:00.000Z',
		},
	}
}

describe('section 4 account states', () => {
	test('KYC is complete with a sector and a verified email', () => {
		expect(isKycComplete(user())).toBe(true)
		expect(isKycComplete(user({ sector: null }))).toBe(false)
		expect(isKycComplete(user({ verified: false }))).toBe(false)
	})

	test('an unverified email goes to /verify-account first, then a missing sector to /update/kyc', () => {
		expect(pendingStep(user({ verified: false, sector: null }))).toBe('/verify-account')
		expect(pendingStep(user({ sector: null }))).toBe('/update/kyc')
		expect(pendingStep(user())).toBeNull()
	})

	test('a business registered with the CAC needs verifying until it is verified; others never do', () => {
		const business = (business_type: 'RC' | 'BN' | 'IT' | 'none' | null, cac_verified = false) => ({
			kind: 'business' as const,
			business_type,
			meta: { cac_verified, sector: 'Healthcare' },
		})
		for (const type of ['RC', 'BN', 'IT'] as const) expect(needsCacVerification(business(type))).toBe(true)
		expect(needsCacVerification(business('RC', true))).toBe(false)
		expect(needsCacVerification(business('none'))).toBe(false)
		expect(needsCacVerification(business(null))).toBe(false)
		expect(needsCacVerification({ ...business(null), kind: 'individual' })).toBe(false)
	})
})

describe('the guided tour (spec section 4)', () => {
	const today = new Date('2026-11-01T20:00:00.000Z')
	test('shows on / for an account made today (Lagos time) that has a sector and was not toured', () => {
		expect(showsTour(user(), '/', today)).toBe(true)
	})
	test('not for an account made before today in Lagos, even when UTC still says the same day', () => {
		// 23:30 UTC on 31 October is 00:30 on 1 November in Lagos: today.
		expect(showsTour(user({ created_at: '2026-10-31T23:30:00.000Z' }), '/', today)).toBe(true)
		expect(showsTour(user({ created_at: '2026-10-31T22:30:00.000Z' }), '/', today)).toBe(false)
	})
	test('not once toured, not without a sector, not on another path', () => {
		expect(showsTour(user({ toured_at: '2026-11-01T12:00:00.000Z' }), '/', today)).toBe(false)
		expect(showsTour(user({ sector: null }), '/', today)).toBe(false)
		expect(showsTour(user(), '/wallet', today)).toBe(false)
	})
})
