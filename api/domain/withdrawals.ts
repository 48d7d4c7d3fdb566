/** A withdrawal's life: debited at once, then the requester's code, then (above the threshold) a second member's approval, then the payout. */
export const WITHDRAWAL_STATUSES = ['awaiting_otp', 'awaiting_approval', 'processing', 'succeeded', 'failed', 'cancelled'] as const
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number]

/** Money is in payouts in transit while a withdrawal is in one of these. */
export const OPEN_WITHDRAWAL_STATUSES = ['awaiting_otp', 'awaiting_approval', 'processing'] as const satisfies WithdrawalStatus[]

export const TRANSACTION_STATUSES = ['pending', 'success', 'failed', 'cancelled'] as const
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number]

/** Strictly above the threshold, a second member with wallet.withdraw approves. */
export const needsApproval = (amount: number, threshold: number) => amount > threshold

/** Where a withdrawal goes once its code is right. */
export const statusAfterCode = (w: { needsApproval: boolean; approvedAt: Date | null }): WithdrawalStatus =>
	w.needsApproval && !w.approvedAt ? 'awaiting_approval' : 'processing'

/** Before the payout starts, the money can still go back to the wallet. */
export const cancellable = (status: WithdrawalStatus) => status === 'awaiting_otp' || status === 'awaiting_approval'
