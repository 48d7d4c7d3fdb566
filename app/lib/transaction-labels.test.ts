import { expect, test } from 'vitest'
import { TRANSACTION_TYPES } from '#api/contract/transactions.ts'
import { moneySign, TYPES, typeLabel } from './transaction-labels.ts'

test('every type of the API has a label and a direction: only a funding brings money in', () => {
	expect(TYPES.map((t) => t.value)).toEqual([...TRANSACTION_TYPES])
	expect(TRANSACTION_TYPES.map((t) => [typeLabel(t), moneySign({ type: t, stage: t === 'withdrawal' ? 'succeeded' : 'success' })])).toEqual(
		[
			['Wallet funding', 'in'],
			['Withdrawal', 'out'],
			['Cover purchase', 'out'],
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
