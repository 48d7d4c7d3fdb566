import { describe, expect, test } from 'vitest'
import { WITHDRAWAL_STATUSES } from '#api/contract/statuses.ts'
import { withdrawalOutcome } from './withdrawal-outcome.ts'

describe('withdrawalOutcome', () => {
	test('only a paid withdrawal is announced as a success', () => {
		for (const status of WITHDRAWAL_STATUSES) {
			expect(withdrawalOutcome(status, 5_000).type === 'success', status).toBe(status === 'succeeded')
		}
	})

	test('one still with the bank says so, and what happens if the bank declines it', () => {
		expect(withdrawalOutcome('processing', 5_000)).toEqual({
			type: 'warning',
			description: 'Withdrawal of ₦5,000 is with the bank. If the bank does not accept it, the money comes back to your wallet.',
		})
		expect(withdrawalOutcome('failed', 1_000).description).toBe(
			'The bank did not accept the withdrawal of ₦1,000. The money is back in your wallet.',
		)
	})
})
