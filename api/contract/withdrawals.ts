import { z } from 'zod'
import { Id, OtpCode } from './common.ts'
import { WITHDRAWAL_STATUSES } from './statuses.ts'
import { IdempotencyKey, NairaAmount } from './wallet.ts'

export const Bank = z.object({ code: z.string(), name: z.string() })
export const BanksResponse = z.array(Bank)

const BANK_MESSAGE = 'Choose a bank from the list.'
export const BankCode = z
	.string({ error: BANK_MESSAGE })
	.trim()
	.regex(/^\d{3,6}$/, BANK_MESSAGE)
const ACCOUNT_MESSAGE = 'Enter the 10-digit account number.'
export const AccountNumber = z
	.string({ error: ACCOUNT_MESSAGE })
	.trim()
	.regex(/^\d{10}$/, ACCOUNT_MESSAGE)

export const ResolveAccountBody = z.object({ bank_code: BankCode, account_number: AccountNumber })
export const ResolvedAccount = z.object({
	bank_code: z.string(),
	bank_name: z.string(),
	account_number: z.string(),
	account_name: z.string(),
})

export const WithdrawBody = z.object({
	amount: NairaAmount,
	bank_code: BankCode,
	account_number: AccountNumber,
	idempotency_key: IdempotencyKey,
})

export const ConfirmWithdrawalBody = z.object({ otp: OtpCode })

export const Withdrawal = z.object({
	id: Id,
	reference: z.string(),
	amount: z.number().int(),
	fee: z.number().int(),
	/** What left the wallet: the amount and the fee. */
	total: z.number().int(),
	status: z.enum(WITHDRAWAL_STATUSES),
	bank: ResolvedAccount,
	needs_approval: z.boolean(),
	requested_by: z.object({ id: Id, name: z.string() }),
	approved_by: z.object({ id: Id, name: z.string() }).nullable(),
	failure_reason: z.string().nullable(),
	created_at: z.string(),
	finished_at: z.string().nullable(),
})
export type Withdrawal = z.infer<typeof Withdrawal>
