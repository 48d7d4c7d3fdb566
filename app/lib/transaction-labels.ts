import type { Transaction } from '#api/contract/transactions.ts'

// The words the wallet screens use for the API's transaction types and ledger accounts; their
// statuses are in the one status map (app/lib/statuses.ts).

export const TYPES = [
	{ value: 'funding', label: 'Wallet funding' },
	{ value: 'withdrawal', label: 'Withdrawal' },
	{ value: 'purchase', label: 'Cover purchase' },
] as const satisfies ReadonlyArray<{ value: Transaction['type']; label: string }>

export const typeLabel = (type: string) => TYPES.find((t) => t.value === type)?.label ?? type

type Kind = Pick<Transaction, 'type' | 'stage'>

/**
 * Only a funding brings money in; a withdrawal and a purchase take it out (a card purchase too, from the
 * customer). Money that never moved, or came back, has no direction: a declined card is not money in,
 * an unpaid purchase and a reversed or cancelled withdrawal are not money out.
 */
export function moneySign({ type, stage }: Kind): 'in' | 'out' | undefined {
	if (type === 'withdrawal') return stage === 'failed' || stage === 'cancelled' ? undefined : 'out'
	if (stage !== 'success') return undefined
	return type === 'funding' ? 'in' : 'out'
}

const ACCOUNTS: Record<string, string> = {
	wallet: 'Your wallet',
	gateway_clearing: 'Payment gateway',
	payouts_in_transit: 'Payouts in transit',
	fees: 'Transfer fees',
	premium_income: 'Premiums',
}

export const accountLabel = (account: string) => ACCOUNTS[account] ?? account
