import type { Transaction } from '#api/contract/transactions.ts'

// The words the wallet screens use for the API's transaction types and ledger accounts; their
// statuses are in the one status map (app/lib/statuses.ts).

export const TYPES = [
	{ value: 'funding', label: 'Wallet funding' },
	{ value: 'withdrawal', label: 'Withdrawal' },
	{ value: 'purchase', label: 'Cover purchase' },
	{ value: 'invoice_payment', label: 'Invoice payment' },
	{ value: 'credit_note', label: 'Credit note' },
	{ value: 'claim_payment', label: 'Claim payment' },
	{ value: 'referral_reward', label: 'Referral reward' },
] as const satisfies ReadonlyArray<{ value: Transaction['type']; label: string }>

export const typeLabel = (type: string) => TYPES.find((t) => t.value === type)?.label ?? type

type Kind = Pick<Transaction, 'type' | 'stage'>

const MONEY_IN: ReadonlySet<Transaction['type']> = new Set(['funding', 'credit_note', 'claim_payment', 'referral_reward'])

/**
 * A funding, a credit note's refund, a claim paid and a referral reward bring money in; a withdrawal, a
 * purchase and an invoice payment take it out (a card purchase too, from the customer). Money that never moved, or came back, has no direction: a declined card is not money in,
 * an unpaid purchase and a reversed or cancelled withdrawal are not money out.
 */
export function moneySign({ type, stage }: Kind): 'in' | 'out' | undefined {
	if (type === 'withdrawal') return stage === 'failed' || stage === 'cancelled' ? undefined : 'out'
	if (stage !== 'success') return undefined
	return MONEY_IN.has(type) ? 'in' : 'out'
}

/** The screen a transaction's own record lives on, where it has one (decision 097). */
export function subjectLink(t: Pick<Transaction, 'type' | 'subject_id'>): { href: string; label: string } | null {
	if (t.type === 'referral_reward') return { href: '/rewards/all', label: 'Rewards' }
	if (!t.subject_id) return null
	if (t.type === 'invoice_payment') return { href: `/invoice/${t.subject_id}`, label: 'Invoice' }
	if (t.type === 'credit_note') return { href: `/invoice/${t.subject_id}`, label: 'Credit note' }
	if (t.type === 'claim_payment') return { href: `/claims/details-${t.subject_id}`, label: 'Claim' }
	return null
}

const ACCOUNTS: Record<string, string> = {
	wallet: 'Your wallet',
	gateway_clearing: 'Payment gateway',
	payouts_in_transit: 'Payouts in transit',
	fees: 'Transfer fees',
	premium_income: 'Premiums',
	claims_payable: 'Claims payable',
	claims_expense: 'Claims',
	referral_rewards: 'Referral rewards',
}

export const accountLabel = (account: string) => ACCOUNTS[account] ?? account
