// The ledger's accounts and transfers as a receipt names them; the rules are in api/domain/ledger.ts.

export const SYSTEM_ACCOUNTS = ['gateway_clearing', 'payouts_in_transit', 'premium_income', 'fees'] as const
export type SystemAccount = (typeof SYSTEM_ACCOUNTS)[number]
export const ACCOUNT_KINDS = ['wallet', ...SYSTEM_ACCOUNTS] as const
export type AccountKind = (typeof ACCOUNT_KINDS)[number]

export const TRANSFER_KINDS = ['funding', 'withdrawal', 'withdrawal_settlement', 'withdrawal_reversal', 'premium'] as const
export type TransferKind = (typeof TRANSFER_KINDS)[number]
