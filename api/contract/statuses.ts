// Status lists the API answers with and the portal shows; the rules that move between them are in
// api/domain (withdrawals.ts).

/** A withdrawal's life: debited at once, then the requester's code, then (above the threshold) a second member's approval, then the payout. */
export const WITHDRAWAL_STATUSES = ['awaiting_otp', 'awaiting_approval', 'processing', 'succeeded', 'failed', 'cancelled'] as const
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number]

export const TRANSACTION_STATUSES = ['pending', 'success', 'failed', 'cancelled'] as const
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number]

/** A policy's state, computed from its stored facts (api/domain/policy-state.ts, docs/decisions/078-policy-state.md). */
export const POLICY_STATES = [
	'pending',
	'active',
	'paused',
	'to_be_deactivated',
	'deactivated',
	'to_be_terminated',
	'terminated',
	'expired',
] as const
export type PolicyState = (typeof POLICY_STATES)[number]

/** The `status` query of /mycover and GET /policies (spec section 4): each reads one flag. */
export const POLICY_STATUS_FILTERS = [
	'pending',
	'active',
	'paused',
	'expired',
	'deactivated',
	'terminated',
	'to_be_deactivated',
	'to_be_terminated',
	'to_be_removed',
] as const
export type PolicyStatusFilter = (typeof POLICY_STATUS_FILTERS)[number]

/** A member of a staff plan (api/domain/policy-state.ts memberToday): joining is before the register's first day. */
export const MEMBER_STATES = ['active', 'joining', 'to_be_removed', 'moving', 'removed', 'moved'] as const
export type MemberState = (typeof MEMBER_STATES)[number]

/**
 * A claim's life (docs/decisions/068-claim-lifecycle.md): made (pending) and completed by the customer
 * with an inspection, an estimate and documents, reviewed by the insurer's desk, offered, accepted and paid.
 */
export const CLAIM_STATUSES = [
	'pending',
	'inspection_submitted',
	'estimate_submitted',
	'documented',
	'approved',
	'declined',
	'offer_sent',
	'offer_accepted',
	'offer_rejected',
	'paid',
	'settled',
] as const
export type ClaimStatus = (typeof CLAIM_STATUSES)[number]

/**
 * A claim's payout by bank transfer (docs/decisions/108-claim-bank-payouts.md): with the bank, then paid,
 * or refused by the bank, or sent back after it was paid; the last two owe the claim again.
 */
export const CLAIM_PAYOUT_STATUSES = ['processing', 'succeeded', 'failed', 'reversed'] as const
export type ClaimPayoutStatus = (typeof CLAIM_PAYOUT_STATUSES)[number]
/** A pre-inspection's life (api/domain/inspections.ts, docs/decisions/103-pre-inspections.md). */
export const INSPECTION_STATUSES = ['open', 'submitted', 'approved', 'rejected'] as const
export type InspectionStatus = (typeof INSPECTION_STATUSES)[number]
