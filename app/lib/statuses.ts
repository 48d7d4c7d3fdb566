import type { ClaimStatus, TransactionStatus, WithdrawalStatus } from '#api/contract/statuses.ts'

// The one map from every status the portal shows to the words and colour a person reads
// (docs/decisions/045-design-system.md). A screen never prints a raw status: it asks `statusOf`.

/** success: done and good; warning: waiting on someone; danger: went wrong; neutral: over or stopped; info: under way. */
export type Tone = 'success' | 'warning' | 'danger' | 'neutral' | 'info'
export type Status = { label: string; tone: Tone }

const s = (label: string, tone: Tone): Status => ({ label, tone })

/** A policy's one word, from the spec's flags (section 3): see `policyStatusKey`. */
const POLICY = {
	pending: s('Pending activation', 'warning'),
	active: s('Active', 'success'),
	paused: s('Paused', 'warning'),
	expired: s('Expired', 'neutral'),
	deactivated: s('Deactivated', 'neutral'),
	terminated: s('Terminated', 'neutral'),
} as const

/** A transaction as the filters and the public verification page speak of it: any type. */
const TRANSACTION = {
	pending: s('Pending', 'warning'),
	success: s('Successful', 'success'),
	failed: s('Failed or reversed', 'danger'),
	cancelled: s('Cancelled', 'neutral'),
} as const satisfies Record<TransactionStatus, Status>

const FUNDING = {
	pending: s('Waiting for payment', 'warning'),
	success: s('Successful', 'success'),
	failed: s('Failed', 'danger'),
	cancelled: s('Cancelled', 'neutral'),
} as const satisfies Record<TransactionStatus, Status>

const PAYMENT = {
	pending: s('Waiting for payment', 'warning'),
	success: s('Paid', 'success'),
	failed: s('Failed', 'danger'),
	cancelled: s('Cancelled', 'neutral'),
} as const satisfies Record<TransactionStatus, Status>

/** A withdrawal whose payout failed has had its money returned by a reversal, so it reads 'Reversed'. */
const WITHDRAWAL = {
	awaiting_otp: s('Waiting for the code', 'warning'),
	awaiting_approval: s('Waiting for a second approval', 'warning'),
	processing: s('Being paid out', 'info'),
	succeeded: s('Paid', 'success'),
	failed: s('Reversed', 'neutral'),
	cancelled: s('Cancelled', 'neutral'),
} as const satisfies Record<WithdrawalStatus, Status>

/** A purchase's payment (api/contract/purchases.ts). */
const PURCHASE_PAYMENT = {
	awaiting_payment: s('Waiting for payment', 'warning'),
	paid: s('Paid', 'success'),
	subscribed: s('Paid monthly', 'success'),
	failed: s('Failed', 'danger'),
} as const

/** A claim's life (api/contract/statuses.ts, docs/decisions/068-claim-lifecycle.md). */
const CLAIM = {
	pending: s('Being made', 'neutral'),
	inspection_submitted: s('Photos sent', 'info'),
	estimate_submitted: s('Estimate sent', 'info'),
	documented: s('In review', 'info'),
	approved: s('Approved', 'success'),
	declined: s('Declined', 'danger'),
	offer_sent: s('Offer waiting for you', 'warning'),
	offer_accepted: s('Offer accepted', 'info'),
	offer_rejected: s('Offer rejected', 'warning'),
	paid: s('Paid out', 'success'),
	settled: s('Settled', 'neutral'),
} as const satisfies Record<ClaimStatus, Status>

/** Invoices do not exist in the API yet either (decision 045): issued, then paid, part paid, overdue or void. */
const INVOICE = {
	draft: s('Draft', 'neutral'),
	issued: s('Due', 'warning'),
	part_paid: s('Part paid', 'warning'),
	paid: s('Paid', 'success'),
	overdue: s('Overdue', 'danger'),
	void: s('Void', 'neutral'),
} as const

const MEMBER = {
	active: s('Active', 'success'),
	deactivated: s('Deactivated', 'neutral'),
} as const

const INVITATION = {
	pending: s('Pending', 'warning'),
	accepted: s('Accepted', 'success'),
	expired: s('Expired', 'neutral'),
	revoked: s('Revoked', 'neutral'),
} as const

/** A certificate's status on the public verification page (api/contract/documents.ts). */
const CERTIFICATE = {
	pending: POLICY.pending,
	active: POLICY.active,
	expired: POLICY.expired,
} as const

export const STATUS_MAP = {
	policy: POLICY,
	certificate: CERTIFICATE,
	transaction: TRANSACTION,
	funding: FUNDING,
	purchase: PAYMENT,
	withdrawal: WITHDRAWAL,
	purchase_payment: PURCHASE_PAYMENT,
	claim: CLAIM,
	invoice: INVOICE,
	member: MEMBER,
	invitation: INVITATION,
} as const

export type StatusKind = keyof typeof STATUS_MAP

const UNKNOWN = s('Unknown', 'neutral')

/** The label and tone of a status; a value the map does not know reads 'Unknown', never its raw self. */
export function statusOf(kind: StatusKind, value: string): Status {
	const map: Record<string, Status> = STATUS_MAP[kind]
	return Object.hasOwn(map, value) ? map[value] : UNKNOWN
}

/** The options of a status filter: value and label, in the map's order. */
export function statusOptions(kind: StatusKind) {
	return Object.entries(STATUS_MAP[kind]).map(([value, { label }]) => ({ value, label }))
}

type PolicyFlags = { status: string; is_expired: boolean; is_terminated: boolean; is_deactivated: boolean; is_paused: boolean }

/** Where a policy stands, from the spec's flags (section 3): the first that holds. */
export function policyStatusKey(policy: PolicyFlags): keyof typeof POLICY {
	if (policy.is_terminated) return 'terminated'
	if (policy.is_deactivated) return 'deactivated'
	if (policy.is_expired) return 'expired'
	if (policy.is_paused) return 'paused'
	if (policy.status === 'pending') return 'pending'
	return 'active'
}

/** A transaction's stage read in its own type's words: a withdrawal's life is longer than a payment's. */
export function stageStatus({ type, stage }: { type: 'funding' | 'withdrawal' | 'purchase'; stage: string }) {
	return statusOf(type, stage)
}
