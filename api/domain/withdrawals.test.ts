import { describe, expect, test } from 'vitest'
import { WITHDRAWAL_STATUSES } from '../contract/statuses.ts'
import { cancellable, needsApproval, statusAfterCode } from './withdrawals.ts'

describe('the withdrawal rules', () => {
	test('above the threshold, not at it, a second member approves', () => {
		expect(needsApproval(1_000_000, 1_000_000)).toBe(false)
		expect(needsApproval(1_000_001, 1_000_000)).toBe(true)
	})

	test('the right code leads to approval when one is needed and not yet given, otherwise to the payout', () => {
		expect(statusAfterCode({ needsApproval: false, approvedAt: null })).toBe('processing')
		expect(statusAfterCode({ needsApproval: true, approvedAt: null })).toBe('awaiting_approval')
		expect(statusAfterCode({ needsApproval: true, approvedAt: new Date() })).toBe('processing')
	})

	test('only a withdrawal whose payout has not started can be cancelled', () => {
		expect(WITHDRAWAL_STATUSES.filter(cancellable)).toEqual(['awaiting_otp', 'awaiting_approval'])
	})
})
