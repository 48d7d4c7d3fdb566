import { expect, test } from 'vitest'
import { TRANSACTION_TYPES } from '#api/contract/transactions.ts'
import { moneySign, stageLabel, stageTone, TYPES, typeLabel } from './transaction-labels.ts'

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

test("a purchase's stages read as a payment's", () => {
	expect((['pending', 'success', 'failed'] as const).map((stage) => stageLabel({ type: 'purchase', stage }))).toEqual([
		'Waiting for payment',
		'Paid',
		'Failed',
	])
	expect(stageTone({ type: 'purchase', stage: 'failed' })).toBe('text-red-700')
	expect(stageLabel({ type: 'withdrawal', stage: 'succeeded' })).toBe('Paid')
})

test('money that never moved or came back has no direction: a declined card is not money in', () => {
	expect(moneySign({ type: 'funding', stage: 'failed' })).toBeUndefined()
	expect(moneySign({ type: 'funding', stage: 'pending' })).toBeUndefined()
	expect(moneySign({ type: 'purchase', stage: 'failed' })).toBeUndefined()
	expect(moneySign({ type: 'withdrawal', stage: 'failed' })).toBeUndefined()
	expect(moneySign({ type: 'withdrawal', stage: 'cancelled' })).toBeUndefined()
	expect(moneySign({ type: 'withdrawal', stage: 'processing' })).toBe('out')
})
