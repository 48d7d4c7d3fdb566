import { expect, test } from 'vitest'
import { TRANSACTION_TYPES } from '#api/contract/transactions.ts'
import { moneySign, TYPES, typeLabel } from './transaction-labels.ts'

test('every type of the API has a label and a direction: only a funding brings money in', () => {
	expect(TYPES.map((t) => t.value)).toEqual([...TRANSACTION_TYPES])
	expect(TRANSACTION_TYPES.map((t) => [typeLabel(t), moneySign(t)])).toEqual([
		['Wallet funding', 'in'],
		['Withdrawal', 'out'],
		['Cover purchase', 'out'],
	])
})
