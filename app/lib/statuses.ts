import type {
	ClaimPayoutStatus,
	ClaimStatus,
	InspectionStatus,
	MemberState,
	PolicyState,
	PolicyStatusFilter,
	TransactionStatus,
	WithdrawalStatus,
} from '#api/contract/statuses.ts'
import type { InvoiceStatus } from '#api/contract/invoices.ts'
import type { TransactionType } from '#api/contract/transactions.ts'

// The one map from every status the portal shows to the words and colour a person reads
// (docs/decisions/045-design-system.md). A screen never prints a raw status: it asks `statusOf`.

/** success: done and good; warning: waiting on someone; danger: went wrong; neutral: over or stopped; info: under way. */
export type Tone = 'success' | 'warning' | 'danger' | 'neutral' | 'info'
export type Status = { label: string; tone: Tone }

const s = (label: string, tone: Tone): Status => ({ label, tone })

/** A policy's one word, from the spec's flags (section 3): see `policyStatusKey`. */
const POLICY = {
	pending: s('Pending activation', 'warning'),
	awaiting_inspection: s('Waiting for inspection', 'warning'),
	active: s('Active', 'success'),
	paused: s('Paused', 'warning'),
	to_be_deactivated: s('Ends at period end', 'info'),
	to_be_terminated: s('Removed at period end', 'info'),
	expired: s('Expired', 'neutral'),
	deactivated: s('Deactivated', 'neutral'),
	terminated: s('Removed', 'neutral'),
} as const satisfies Record<PolicyState | 'awaiting_inspection', Status>

/** The `status` filter of /mycover (spec section 4): each value reads one flag of the API's. */
const POLICY_FILTER = {
	pending: s('Pending', 'warning'),
	active: s('Active', 'success'),
	paused: s('Paused', 'warning'),
	expired: s('Expired', 'neutral'),
	deactivated: s('Deactivated', 'neutral'),
	terminated: s('Removed', 'neutral'),
	to_be_deactivated: s('Ending at period end', 'info'),
	to_be_terminated: s('Removed at period end', 'info'),
	to_be_removed: s('Members leaving', 'info'),
} as const satisfies Record<PolicyStatusFilter, Status>

/** A member of a staff plan (api/contract/statuses.ts MEMBER_STATES). */
const PLAN_MEMBER = {
	active: s('Covered', 'success'),
	joining: s('Joining', 'info'),
	to_be_removed: s('Leaving', 'warning'),
	moving: s('Moving plan', 'info'),
	removed: s('Removed', 'neutral'),
	moved: s('Moved', 'neutral'),
} as const satisfies Record<MemberState, Status>

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

/** A claim's bank transfer (docs/decisions/108-claim-bank-payouts.md): only a confirmed one reads as paid. */
const CLAIM_PAYOUT = {
	processing: s('With the bank', 'warning'),
	succeeded: s('Paid', 'success'),
	failed: s('Refused by the bank', 'danger'),
	reversed: s('Returned by the bank', 'danger'),
} as const satisfies Record<ClaimPayoutStatus, Status>
/** A pre-inspection's life (api/domain/inspections.ts, docs/decisions/103-pre-inspections.md). */
const INSPECTION = {
	open: s('Waiting for photos', 'warning'),
	submitted: s('With the inspector', 'info'),
	approved: s('Approved', 'success'),
	rejected: s('Sent back', 'danger'),
} as const satisfies Record<InspectionStatus, Status>

/** A staff plan's invoice (docs/decisions/095-billing-of-staff-plans.md): issued open, then paid, overdue or void. */
const INVOICE = {
	draft: s('Draft', 'neutral'),
	open: s('Due', 'warning'),
	paid: s('Paid', 'success'),
	overdue: s('Overdue', 'danger'),
	void: s('Void', 'neutral'),
} as const satisfies Record<InvoiceStatus, Status>

/** A referral's reward (docs/decisions/112-referral-rewards.md). */
const REFERRAL = {
	pending: s('Pending', 'warning'),
	earned: s('Earned', 'info'),
	paid: s('Paid', 'success'),
	void: s('Void', 'neutral'),
} as const

/** A member of staff, from the register's flags (api/domain/staff-lifecycle.ts): pending leavers say so until their date. */
const EMPLOYEE = {
	active: s('Active', 'success'),
	is_pending: s('Starts soon', 'info'),
	to_be_deactivated: s('To be deactivated', 'warning'),
	to_be_removed: s('To be removed', 'warning'),
	to_be_terminated: s('Being replaced', 'warning'),
	is_deactivated: s('Deactivated', 'neutral'),
	is_terminated: s('Terminated', 'neutral'),
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
	policy_filter: POLICY_FILTER,
	plan_member: PLAN_MEMBER,
	certificate: CERTIFICATE,
	transaction: TRANSACTION,
	funding: FUNDING,
	purchase: PAYMENT,
	withdrawal: WITHDRAWAL,
	purchase_payment: PURCHASE_PAYMENT,
	// Lines the ledger alone records (decision 097) read as a payment made, or money that came in.
	invoice_payment: PAYMENT,
	credit_note: FUNDING,
	claim_payment: FUNDING,
	referral_reward: FUNDING,
	claim: CLAIM,
	claim_payout: CLAIM_PAYOUT,
	inspection: INSPECTION,
	invoice: INVOICE,
	member: MEMBER,
	employee: EMPLOYEE,
	invitation: INVITATION,
	referral: REFERRAL,
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

type PolicyFlags = { state: PolicyState; awaiting_inspection: boolean }

/** Where a policy stands, as the API computed it from its stored facts (docs/decisions/078-policy-state.md). */
export function policyStatusKey(policy: PolicyFlags): keyof typeof POLICY {
	return policy.awaiting_inspection ? 'awaiting_inspection' : policy.state
}

/** A transaction's stage read in its own type's words: a withdrawal's life is longer than a payment's. */
export function stageStatus({ type, stage }: { type: TransactionType; stage: string }) {
	return statusOf(type, stage)
}
