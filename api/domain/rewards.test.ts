import { describe, expect, test } from 'vitest'
import { QUALIFYING_DAYS, isSelfReferral, mayBePaid, newReferralCode, qualifyingCover, referralOutcome } from './rewards.ts'

const DAY = 86_400_000
const now = new Date('2026-11-25T12:00:00Z')
const daysAgo = (n: number) => new Date(now.getTime() - n * DAY)

describe('self-referral', () => {
	const referrer = { emails: ['Owner@Okafor.ng', 'finance@okafor.ng'], phones: ['08031234567', '+2348099990000'] }
	test('the email of any member of the referring business, whatever its case', () => {
		expect(isSelfReferral(referrer, { email: 'owner@okafor.ng ', phone: null })).toBe(true)
		expect(isSelfReferral(referrer, { email: 'FINANCE@okafor.ng', phone: '08111111111' })).toBe(true)
	})
	test('the phone of the business or a member, written either way', () => {
		expect(isSelfReferral(referrer, { email: 'new@example.ng', phone: '+2348031234567' })).toBe(true)
		expect(isSelfReferral(referrer, { email: 'new@example.ng', phone: '08099990000' })).toBe(true)
	})
	test('someone else is not', () => {
		expect(isSelfReferral(referrer, { email: 'new@example.ng', phone: '08122223333' })).toBe(false)
		expect(isSelfReferral(referrer, { email: 'new@example.ng', phone: null })).toBe(false)
	})
})

describe('reward qualification', () => {
	test(`cover paid ${QUALIFYING_DAYS} days ago and not ended qualifies; a day short does not`, () => {
		expect(qualifyingCover([{ paidAt: daysAgo(QUALIFYING_DAYS), endedOn: null }], now)).not.toBeNull()
		expect(qualifyingCover([{ paidAt: daysAgo(QUALIFYING_DAYS - 1), endedOn: null }], now)).toBeNull()
	})
	test('cover ended inside the qualifying days does not qualify; ended after them, it did', () => {
		expect(qualifyingCover([{ paidAt: daysAgo(60), endedOn: daysAgo(45) }], now)).toBeNull()
		expect(qualifyingCover([{ paidAt: daysAgo(60), endedOn: daysAgo(20) }], now)).not.toBeNull()
	})
	test('any one policy kept is enough', () => {
		const kept = { paidAt: daysAgo(40), endedOn: null }
		expect(qualifyingCover([{ paidAt: daysAgo(50), endedOn: daysAgo(45) }, kept], now)).toBe(kept)
	})
	test('earned at the end of the qualifying days; pending before; nothing bought stays pending', () => {
		const paidAt = daysAgo(35)
		expect(referralOutcome({ covers: [{ paidAt, endedOn: null }], sharesACard: false, now })).toMatchObject({
			status: 'earned',
			qualifiedAt: new Date(paidAt.getTime() + QUALIFYING_DAYS * DAY),
		})
		expect(referralOutcome({ covers: [{ paidAt: daysAgo(3), endedOn: null }], sharesACard: false, now })).toEqual({ status: 'pending' })
		expect(referralOutcome({ covers: [], sharesACard: false, now })).toEqual({ status: 'pending' })
	})
	test('the same payer (a card the referrer holds) voids a qualifying referral', () => {
		expect(referralOutcome({ covers: [{ paidAt: daysAgo(40), endedOn: null }], sharesACard: true, now })).toEqual({
			status: 'void',
			reason: 'same_payer',
		})
	})
	test('an earned reward is paid only to a referrer who finished KYC', () => {
		expect(mayBePaid({ sector: 'Retail' })).toBe(true)
		expect(mayBePaid({ sector: null })).toBe(false)
	})
	test('codes use an alphabet without look-alikes', () => {
		const code = newReferralCode((n) => Uint8Array.from({ length: n }, (_, i) => i * 37))
		expect(code).toMatch(/^[A-HJKMNP-Z2-9]{8}$/)
	})
})
