// The ledger's accounts and transfers as a receipt names them; the rules are in api/domain/ledger.ts.

/** claims_expense is what the insurer has spent on claims (it goes below zero, as gateway clearing does); claims_payable what it owes on accepted offers; referral_rewards what it has paid in referral rewards (below zero too). */
export const SYSTEM_ACCOUNTS = [
	'gateway_clearing',
	'payouts_in_transit',
	'premium_income',
	'fees',
	'claims_expense',
	'claims_payable',
	'referral_rewards',
] as const
export type SystemAccount = (typeof SYSTEM_ACCOUNTS)[number]
export const ACCOUNT_KINDS = ['wallet', ...SYSTEM_ACCOUNTS] as const
export type AccountKind = (typeof ACCOUNT_KINDS)[number]

export const TRANSFER_KINDS = [
	'funding',
	'withdrawal',
	'withdrawal_settlement',
	'withdrawal_reversal',
	'premium',
	'claim_reserve',
	'claim_payout',
	'claim_bank_payout',
	'claim_payout_settlement',
	'claim_payout_reversal',
	// A credit note returns premium to the wallet (docs/decisions/095-billing-of-staff-plans.md).
	'premium_refund',
	'referral_reward',
] as const
export type TransferKind = (typeof TRANSFER_KINDS)[number]
