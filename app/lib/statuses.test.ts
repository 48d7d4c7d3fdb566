import { expect, test } from 'vitest'
import { POLICY_STATES, POLICY_STATUS_FILTERS, TRANSACTION_STATUSES, WITHDRAWAL_STATUSES } from '#api/contract/statuses.ts'
import { ReferralStatus } from '#api/contract/rewards.ts'
import { STATUS_MAP, policyStatusKey, statusOf, statusOptions } from './statuses.ts'

test('every status the API answers with has a label, none of them raw', () => {
	const answered = {
		transaction: TRANSACTION_STATUSES,
		funding: ['pending', 'success', 'failed'],
		purchase: ['pending', 'success', 'failed'],
		withdrawal: WITHDRAWAL_STATUSES,
		purchase_payment: ['awaiting_payment', 'paid', 'subscribed', 'failed'],
		certificate: ['pending', 'active', 'expired'],
		member: ['active', 'deactivated'],
		invitation: ['pending', 'accepted', 'expired', 'revoked'],
		referral: ReferralStatus.options,
	} as const
	for (const [kind, values] of Object.entries(answered)) {
		for (const value of values) {
			const { label } = statusOf(kind as keyof typeof answered, value)
			expect(label, `${kind} ${value}`).not.toBe('Unknown')
			expect(label, `${kind} ${value}`).toMatch(/^[A-Z][a-z ]+$/)
		}
	}
})

test('every label in the map reads as words, not as a code', () => {
	for (const statuses of Object.values(STATUS_MAP)) {
		for (const { label } of Object.values(statuses)) expect(label).toMatch(/^[A-Z][a-z ]+$/)
	}
})

test('a value the map does not know reads Unknown, never itself', () => {
	expect(statusOf('withdrawal', 'wallet.withdrawal_failed')).toEqual({ label: 'Unknown', tone: 'neutral' })
	expect(statusOf('policy', 'toString')).toEqual({ label: 'Unknown', tone: 'neutral' })
})

test("a stage reads in its own type's words: a failed withdrawal was reversed, a failed payment failed", () => {
	expect(statusOf('withdrawal', 'failed')).toEqual({ label: 'Reversed', tone: 'neutral' })
	expect(statusOf('purchase', 'failed')).toEqual({ label: 'Failed', tone: 'danger' })
	expect(statusOf('purchase', 'success').label).toBe('Paid')
	expect(statusOf('funding', 'success').label).toBe('Successful')
	expect(statusOf('withdrawal', 'awaiting_otp')).toEqual({ label: 'Waiting for the code', tone: 'warning' })
})

test('the transaction filter offers the API statuses', () => {
	expect(statusOptions('transaction').map((o) => o.value)).toEqual([...TRANSACTION_STATUSES])
})

test("a policy's status is the API's state; own-damage auto cover waiting for its inspection says so", () => {
	expect(policyStatusKey({ state: 'active', awaiting_inspection: false })).toBe('active')
	expect(policyStatusKey({ state: 'to_be_terminated', awaiting_inspection: false })).toBe('to_be_terminated')
	expect(policyStatusKey({ state: 'pending', awaiting_inspection: true })).toBe('awaiting_inspection')
	expect(statusOf('policy', 'pending').label).toBe('Pending activation')
	expect(statusOf('policy', 'awaiting_inspection').label).toBe('Waiting for inspection')
	// Every state the API may answer with has its words, and every filter value too.
	for (const state of POLICY_STATES) expect(statusOf('policy', state).label).not.toBe('Unknown')
	expect(statusOptions('policy_filter').map((o) => o.value)).toEqual([...POLICY_STATUS_FILTERS])
})
