import { describe, expect, test } from 'vitest'
import { CLAIM_STATUSES, type ClaimStatus } from '../contract/statuses.ts'
import { productById } from './catalogue/index.ts'
import {
	CLAIM_TRANSITIONS,
	type ClaimAction,
	type ClaimActor,
	claimAmountProblem,
	claimantRefusal,
	claimLimit,
	claimNeeds,
	claimRefusal,
	excessOf,
	incidentDateProblem,
	missingForReview,
	nextStep,
	offerFor,
	payoutCheck,
	payoutStep,
	transition,
} from './claims.ts'

// Every transition the lifecycle allows, and who makes it; the test below checks these are exactly
// the allowed ones and that every other (status, action, actor) is refused.
const ALLOWED: Array<[ClaimStatus, ClaimAction, ClaimActor, ClaimStatus]> = [
	['pending', 'edit', 'customer', 'pending'],
	['inspection_submitted', 'edit', 'customer', 'inspection_submitted'],
	['estimate_submitted', 'edit', 'customer', 'estimate_submitted'],
	['pending', 'submit_inspection', 'customer', 'inspection_submitted'],
	['pending', 'submit_estimate', 'customer', 'estimate_submitted'],
	['inspection_submitted', 'submit_estimate', 'customer', 'estimate_submitted'],
	['pending', 'submit_documents', 'customer', 'documented'],
	['inspection_submitted', 'submit_documents', 'customer', 'documented'],
	['estimate_submitted', 'submit_documents', 'customer', 'documented'],
	['documented', 'approve', 'operator', 'approved'],
	['documented', 'decline', 'operator', 'declined'],
	['documented', 'request_documents', 'operator', 'pending'],
	['approved', 'send_offer', 'operator', 'offer_sent'],
	['offer_rejected', 'send_offer', 'operator', 'offer_sent'],
	['offer_sent', 'accept_offer', 'customer', 'offer_accepted'],
	['offer_sent', 'reject_offer', 'customer', 'offer_rejected'],
	['offer_accepted', 'pay', 'operator', 'paid'],
	['paid', 'payout_returned', 'operator', 'offer_accepted'],
	['paid', 'settle', 'operator', 'settled'],
]

describe('the claim lifecycle', () => {
	test.each(ALLOWED)('%s --%s by %s--> %s', (from, action, actor, to) => {
		expect(transition(from, action, actor)).toEqual({ ok: true, next: to })
	})

	test.each(ALLOWED)('%s --%s is refused to the other side (403)', (from, action, actor) => {
		const other = actor === 'customer' ? 'operator' : 'customer'
		expect(transition(from, action, other)).toMatchObject({ ok: false, status: 403 })
	})

	test('every other status refuses every action (409)', () => {
		let refused = 0
		for (const status of CLAIM_STATUSES) {
			for (const action of Object.keys(CLAIM_TRANSITIONS) as ClaimAction[]) {
				const actor = CLAIM_TRANSITIONS[action].by
				if (ALLOWED.some(([f, a]) => f === status && a === action)) continue
				expect(transition(status, action, actor)).toMatchObject({ ok: false, status: 409 })
				refused++
			}
		}
		expect(refused).toBe(CLAIM_STATUSES.length * Object.keys(CLAIM_TRANSITIONS).length - ALLOWED.length)
	})

	test('declined and settled are final', () => {
		for (const action of Object.keys(CLAIM_TRANSITIONS) as ClaimAction[]) {
			expect(transition('declined', action, CLAIM_TRANSITIONS[action].by).ok).toBe(false)
			expect(transition('settled', action, CLAIM_TRANSITIONS[action].by).ok).toBe(false)
		}
	})

	test('the next step names one action', () => {
		expect(nextStep('pending', { inspection: true, estimate: true })).toBe('Upload photos of the damage.')
		expect(nextStep('offer_sent', { inspection: false, estimate: false })).toBe('Accept or reject the offer.')
		expect(nextStep('settled', { inspection: false, estimate: false })).toBeNull()
		expect(nextStep('offer_accepted', { inspection: false, estimate: false }, 'operator')).toBe('Pay the claim.')
	})
})

test('incident types per line are the spec’s (section 9) and decision 013’s', () => {
	expect(productById(5).incident_types).toEqual(['screen_damage', 'liquid_damage', 'theft', 'burglary'])
	expect(productById(2).incident_types).toEqual(['stolen_vehicle', 'accidental_damage', 'personal_effects'])
	expect(productById(32).incident_types).toEqual(['virtual_consultation', 'hospital_visit'])
})

test('inspections and estimates: damage to vehicles and devices is inspected; health bills are estimated', () => {
	expect(claimNeeds('gadget', 'screen_damage')).toEqual({ inspection: true, estimate: true })
	expect(claimNeeds('gadget', 'theft')).toEqual({ inspection: false, estimate: false })
	expect(claimNeeds('health', 'hospital_visit')).toEqual({ inspection: false, estimate: true })
	expect(claimNeeds('auto', 'stolen_vehicle')).toEqual({ inspection: false, estimate: false })
})

test('what stops a claim being submitted', () => {
	const wanted = [{ name: 'proof_of_purchase', label: 'Proof of purchase', hint: '' }]
	const needs = { inspection: true, estimate: true }
	expect(missingForReview({ needs, photos: 0, estimateLines: 0, documents: [], wanted })).toEqual([
		'photos of the damage',
		'the estimate or bill',
		'proof of purchase',
	])
	expect(missingForReview({ needs, photos: 2, estimateLines: 1, documents: ['proof_of_purchase'], wanted })).toEqual([])
})

test('claims are refused on pending, paused and expired policies', () => {
	const base = {
		is_pending: false,
		is_expired: false,
		is_paused: false,
		is_terminated: false,
		is_deactivated: false,
		coverStart: '2026-01-01',
		coverEnd: '2026-12-31',
	}
	expect(claimRefusal(base)).toBeNull()
	expect(claimRefusal({ ...base, is_pending: true })).toBe('This policy is not active yet: activate it before making a claim.')
	expect(claimRefusal({ ...base, is_paused: true })).toBe('This policy is paused: claims can be made once its cover is active again.')
	expect(claimRefusal({ ...base, is_expired: true })).toBe('This policy has expired: claims can only be made on active cover.')
	expect(incidentDateProblem('2026-06-01', base, '2026-05-01')).toBe('The incident date cannot be in the future.')
	expect(incidentDateProblem('2025-12-31', base, '2026-05-01')).toBe('The incident date must be within the cover period of the policy.')
	expect(incidentDateProblem('2026-04-30', base, '2026-05-01')).toBeNull()
})

describe('limits from the catalogue', () => {
	test('a device is paid up to its declared value', () => {
		expect(claimLimit(productById(5), 'screen_damage', { device_value: 250_000 })).toBe(250_000)
		expect(claimLimit(productById(5), 'screen_damage', {})).toBe(3_000_000)
	})
	test('a vehicle up to its insured value; personal effects to their own limit', () => {
		expect(claimLimit(productById(2), 'accidental_damage', { vehicle_value: 8_000_000 })).toBe(8_000_000)
		expect(claimLimit(productById(2), 'personal_effects', { vehicle_value: 8_000_000 })).toBe(100_000)
	})
	test('health by the yearly limit; travel by the incident’s own', () => {
		expect(claimLimit(productById(32), 'hospital_visit', {})).toBe(productById(32).claim_limits[0]!.amount)
		expect(claimLimit(productById(6), 'lost_passport', {})).toBe(150_000)
	})
	test('an amount above what is left is refused with the figure', () => {
		expect(claimAmountProblem(300_000, 250_000, 0)).toBe('The most this policy pays for this is ₦250,000.')
		expect(claimAmountProblem(100_000, 250_000, 200_000)).toBe("Only ₦50,000 is left of this policy's ₦250,000 limit.")
		expect(claimAmountProblem(50_000, 250_000, 200_000)).toBeNull()
		expect(claimAmountProblem(0, 250_000, 0)).toBe('Enter the amount you are claiming, in whole Naira.')
	})
})

describe('offers', () => {
	test('excess: 10% with a floor per line, none on health', () => {
		expect(excessOf('gadget', 'screen_damage', 30_000)).toBe(5_000)
		expect(excessOf('gadget', 'screen_damage', 200_000)).toBe(20_000)
		expect(excessOf('gadget', 'screen_damage', 3_000)).toBe(3_000)
		expect(excessOf('health', 'hospital_visit', 200_000)).toBe(0)
	})
	test('betterment on parts of an old asset, at most half', () => {
		const offer = offerFor({
			category: 'gadget',
			incident: 'screen_damage',
			assessed: 100_000,
			partsAmount: 80_000,
			assetAgeYears: 2,
			remaining: 1_000_000,
		})
		expect(offer).toEqual({ assessed: 100_000, excess: 10_000, betterment: 16_000, payable: 74_000 })
		const old = offerFor({
			category: 'auto',
			incident: 'accidental_damage',
			assessed: 1_000_000,
			partsAmount: 600_000,
			assetAgeYears: 12,
			remaining: 5_000_000,
		})
		expect(old.betterment).toBe(300_000)
	})
	test('never more than what is left of the limit, never below zero', () => {
		expect(
			offerFor({ category: 'gadget', incident: 'screen_damage', assessed: 100_000, partsAmount: 0, assetAgeYears: 0, remaining: 40_000 })
				.payable,
		).toBe(40_000)
		expect(
			offerFor({ category: 'gadget', incident: 'screen_damage', assessed: 4_000, partsAmount: 4_000, assetAgeYears: 5, remaining: 40_000 })
				.payable,
		).toBe(0)
	})
})

test('payouts above the threshold need a second operator', () => {
	expect(payoutCheck({ amount: 500_000, threshold: 500_000, approvedBy: null, operatorId: 'a' }).ok).toBe(true)
	expect(payoutCheck({ amount: 500_001, threshold: 500_000, approvedBy: null, operatorId: 'a' })).toMatchObject({ ok: false })
	expect(payoutCheck({ amount: 500_001, threshold: 500_000, approvedBy: 'a', operatorId: 'a' })).toEqual({
		ok: false,
		message: 'Another operator must pay a payout you approved.',
	})
	expect(payoutCheck({ amount: 500_001, threshold: 500_000, approvedBy: 'a', operatorId: 'b' }).ok).toBe(true)
})

describe('terminated and deactivated cover takes no claims', () => {
	const base = {
		is_pending: false,
		is_expired: false,
		is_paused: false,
		is_terminated: false,
		is_deactivated: false,
		coverStart: '2026-01-01',
		coverEnd: '2026-12-31',
	}
	test('a terminated or deactivated policy is refused, whatever else it is', () => {
		expect(claimRefusal({ ...base, is_terminated: true })).toBe('This policy was terminated: claims can only be made on active cover.')
		expect(claimRefusal({ ...base, is_deactivated: true })).toBe('This policy was deactivated: claims can only be made on active cover.')
		// Ended before its cover end: it says terminated, not expired.
		expect(claimRefusal({ ...base, is_terminated: true, is_expired: true })).toMatch(/^This policy was terminated/)
	})
	test('a member whose staff record is terminated or deactivated, or who left the plan, is refused', () => {
		const member = { name: 'Chidi Okafor', planEndsOn: null, employee: 'active' as const }
		expect(claimantRefusal(member, '2026-05-01')).toBeNull()
		expect(claimantRefusal({ ...member, employee: 'to_be_deactivated' }, '2026-05-01')).toBeNull()
		expect(claimantRefusal({ ...member, employee: 'is_terminated' }, '2026-05-01')).toBe(
			"Chidi Okafor's staff record is terminated: claims can only be made for current members of the plan.",
		)
		expect(claimantRefusal({ ...member, employee: 'is_deactivated' }, '2026-05-01')).toBe(
			"Chidi Okafor's staff record is deactivated: claims can only be made for current members of the plan.",
		)
		expect(claimantRefusal({ ...member, planEndsOn: '2026-04-30' }, '2026-05-01')).toBe(
			'Chidi Okafor left this plan on 30 Apr 2026: claims can only be made for current members of the plan.',
		)
		// Their last day on the plan is still covered.
		expect(claimantRefusal({ ...member, planEndsOn: '2026-05-01' }, '2026-05-01')).toBeNull()
		expect(claimantRefusal({ ...member, employee: null }, '2026-05-01')).toBeNull()
	})
})

test('a bank payout under way or refused says so in the next step; otherwise the status does', () => {
	expect(payoutStep('offer_accepted', 'processing', 'customer')).toBe('Wait for the bank: the transfer is on its way to your account.')
	expect(payoutStep('offer_accepted', 'processing', 'operator')).toBe('Wait for the bank: the transfer is under way.')
	expect(payoutStep('offer_accepted', 'failed', 'operator')).toBe('Pay the claim again: the bank did not accept the last transfer.')
	expect(payoutStep('offer_accepted', 'reversed', 'customer')).toMatch(/^Check where we pay/)
	expect(payoutStep('offer_accepted', null, 'customer')).toBeUndefined()
	expect(payoutStep('paid', 'succeeded', 'customer')).toBeUndefined()
})
