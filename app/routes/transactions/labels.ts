import type { Transaction } from '#api/contract/transactions.ts'

// The words the wallet screens use for the API's types, statuses and ledger accounts. A withdrawal
// whose payout failed has had its money returned by a reversal, so it reads 'Reversed'.

export const TYPES = [
	{ value: 'funding', label: 'Wallet funding' },
	{ value: 'withdrawal', label: 'Withdrawal' },
] as const

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

export function stageLabel({ type, stage }: Kind) {
	return (type === 'funding' ? FUNDING_STAGES : WITHDRAWAL_STAGES)[stage] ?? stage
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
