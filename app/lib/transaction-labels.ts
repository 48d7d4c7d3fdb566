import type { Transaction } from '#api/contract/transactions.ts'

// The words the wallet screens use for the API's types, statuses and ledger accounts. A withdrawal
// whose payout failed has had its money returned by a reversal, so it reads 'Reversed'.

export const TYPES = [
	{ value: 'funding', label: 'Wallet funding' },
	{ value: 'withdrawal', label: 'Withdrawal' },
	{ value: 'purchase', label: 'Cover purchase' },
] as const satisfies ReadonlyArray<{ value: Transaction['type']; label: string }>

export const STATUSES = [
	{ value: 'pending', label: 'Pending' },
	{ value: 'success', label: 'Successful' },
	{ value: 'failed', label: 'Failed or reversed' },
	{ value: 'cancelled', label: 'Cancelled' },
] as const

const FUNDING_STAGES: Record<string, string> = {
	pending: 'Waiting for payment',
	success: 'Successful',
	failed: 'Failed',
}

const PURCHASE_STAGES: Record<string, string> = {
	pending: 'Waiting for payment',
	success: 'Paid',
	failed: 'Failed',
}

const WITHDRAWAL_STAGES: Record<string, string> = {
	awaiting_otp: 'Waiting for the code',
	awaiting_approval: 'Waiting for a second approval',
	processing: 'Being paid out',
	succeeded: 'Paid',
	failed: 'Reversed',
	cancelled: 'Cancelled',
}

type Kind = Pick<Transaction, 'type' | 'stage'>

export const typeLabel = (type: string) => TYPES.find((t) => t.value === type)?.label ?? type

const STAGES: Record<Transaction['type'], Record<string, string>> = {
	funding: FUNDING_STAGES,
	withdrawal: WITHDRAWAL_STAGES,
	purchase: PURCHASE_STAGES,
}

export const stageLabel = ({ type, stage }: Kind) => STAGES[type][stage] ?? stage

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

/** Green for money that arrived, amber while under way, slate for what came to nothing. */
export function stageTone({ type, stage }: Kind) {
	if (stage === 'success' || stage === 'succeeded') return 'text-emerald-800'
	if (stage === 'failed' || stage === 'cancelled') return type === 'withdrawal' ? 'text-slate-700' : 'text-red-700'
	return 'text-amber-800'
}

const ACCOUNTS: Record<string, string> = {
	wallet: 'Your wallet',
	gateway_clearing: 'Payment gateway',
	payouts_in_transit: 'Payouts in transit',
	fees: 'Transfer fees',
	premium_income: 'Premiums',
}

export const accountLabel = (account: string) => ACCOUNTS[account] ?? account
