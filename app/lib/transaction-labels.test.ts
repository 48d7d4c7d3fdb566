import { expect, test } from 'vitest'
import { TRANSACTION_TYPES } from '#api/contract/transactions.ts'
import { moneySign, subjectLink, TYPES, typeLabel } from './transaction-labels.ts'

test('every type of the API has a label and a direction: a funding, a credit, a claim paid and a reward bring money in', () => {
	expect(TYPES.map((t) => t.value)).toEqual([...TRANSACTION_TYPES])
	expect(TRANSACTION_TYPES.map((t) => [typeLabel(t), moneySign({ type: t, stage: t === 'withdrawal' ? 'succeeded' : 'success' })])).toEqual(
		[
			['Wallet funding', 'in'],
			['Withdrawal', 'out'],
			['Cover purchase', 'out'],
			['Invoice payment', 'out'],
			['Credit note', 'in'],
			['Claim payment', 'in'],
			['Referral reward', 'in'],
		],
	)
})

test('money that never moved or came back has no direction: a declined card is not money in', () => {
	expect(moneySign({ type: 'funding', stage: 'failed' })).toBeUndefined()
	expect(moneySign({ type: 'funding', stage: 'pending' })).toBeUndefined()
	expect(moneySign({ type: 'purchase', stage: 'failed' })).toBeUndefined()
	expect(moneySign({ type: 'withdrawal', stage: 'failed' })).toBeUndefined()
	expect(moneySign({ type: 'withdrawal', stage: 'cancelled' })).toBeUndefined()
	expect(moneySign({ type: 'withdrawal', stage: 'processing' })).toBe('out')
})

test('a ledger transaction links to its own screen where it has one', () => {
	const id = '00000000-0000-4000-8000-000000000001'
	expect(subjectLink({ type: 'invoice_payment', subject_id: id })).toEqual({ href: `/invoice/${id}`, label: 'Invoice' })
	expect(subjectLink({ type: 'credit_note', subject_id: id })).toEqual({ href: `/invoice/${id}`, label: 'Credit note' })
	expect(subjectLink({ type: 'claim_payment', subject_id: id })).toEqual({ href: `/claims/details-${id}`, label: 'Claim' })
	expect(subjectLink({ type: 'referral_reward', subject_id: null })).toEqual({ href: '/rewards/all', label: 'Rewards' })
	expect(subjectLink({ type: 'funding', subject_id: null })).toBeNull()
})
