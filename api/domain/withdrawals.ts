import type { WithdrawalStatus } from '../contract/statuses.ts'

/** Money is in payouts in transit while a withdrawal is in one of these. */
export const OPEN_WITHDRAWAL_STATUSES = ['awaiting_otp', 'awaiting_approval', 'processing'] as const satisfies WithdrawalStatus[]

/** Strictly above the threshold, a second member with wallet.withdraw approves. */
export const needsApproval = (amount: number, threshold: number) => amount > threshold

/** Where a withdrawal goes once its code is right. */
export const statusAfterCode = (w: { needsApproval: boolean; approvedAt: Date | null }): WithdrawalStatus =>
	w.needsApproval && !w.approvedAt ? 'awaiting_approval' : 'processing'

/** Before the payout starts, the money can still go back to the wallet. */
export const cancellable = (status: WithdrawalStatus) => status === 'awaiting_otp' || status === 'awaiting_approval'
