import type { Todo } from '../contract/activities.ts'
import { formatDay } from '../contract/dates.ts'

export type AccountState = {
	kind: 'business' | 'individual'
	emailVerified: boolean
	sector: string | null
	businessType: 'BN' | 'RC' | 'IT' | 'none' | null
	cacVerified: boolean
	/** The business's details are the business's to complete: only for members who may manage them. */
	canManageBusiness: boolean
	/** Funded at least once; only members who may fund it are asked to. */
	walletFunded: boolean
	canFundWallet: boolean
	/** Bought any cover (a policy or a staff plan), and may buy. */
	hasCover: boolean
	canBuy: boolean
	/** Policies waiting for their activation details, and whether this member may give them. */
	pendingPolicies: readonly PendingPolicy[]
	canManagePlans: boolean
	/** A business with staff on a plan, and whether this member may add staff. */
	hasStaff: boolean
	canManageStaff: boolean
	/** Staff joining or leaving on a date still to come (api/domain/staff-lifecycle.ts). */
	staffChangesPending?: number
	/** Claims waiting on the customer, for a member who may manage claims (docs/decisions/068). */
	claims?: readonly ClaimTodo[]
	/** Unpaid invoices of staff plans, for a member who may see invoices (docs/decisions/095). */
	invoices?: readonly InvoiceTodo[]
	/** Renewals the auto-renewal could not pay, asking the customer (docs/decisions/091-renewals.md). */
	renewalsAsked?: readonly RenewalTodo[]
}

/** An invoice still to pay: overdue ones say when the plan is paused. */
export type InvoiceTodo = { id: string; number: string; balance: string; overdue: boolean; pausesOn: string | null; paused: boolean }

/** A policy whose renewal the customer was asked to pay: its cover end is the one the ask was about. */
export type RenewalTodo = { id: string; productName: string; policyNumber: string; coverEnd: string }

/** A claim waiting on its customer: an offer to answer, documents the desk asked for, a draft to finish. */
export type ClaimTodo = { id: string; claimNumber: string; status: 'pending' | 'offer_sent'; deskNote: string | null }

/**
 * A policy waiting for its customer: its activation details, or with them in, its pre-inspection's photos
 * (docs/decisions/103-pre-inspections.md), taken again after the desk sent them back.
 */
export type PendingPolicy = {
	id: string
	kind: 'policy' | 'plan'
	productName: string
	policyNumber: string
	waitsFor?: 'details' | 'photos' | 'photos-again'
}

/** Spec section 4: KYC is complete when the customer has a sector and a verified email. */
export function isKycComplete(state: Pick<AccountState, 'emailVerified' | 'sector'>) {
	return state.emailVerified && Boolean(state.sector)
}

/** A business registered with the CAC still owes its verification once KYC is done. */
export function needsCacVerification(state: AccountState) {
	return (
		state.kind === 'business' && isKycComplete(state) && state.businessType !== null && state.businessType !== 'none' && !state.cacVerified
	)
}

/**
 * What the account still has to do, derived from its state; each todo disappears when done. They come most
 * urgent first (docs/decisions/152-todos-most-urgent-first.md): what stops the account from being served,
 * then money at risk (a paused or overdue invoice, a renewal the wallet could not pay, an offer waiting on an
 * answer), then the rest of the claims, the activations, invoices merely due, and last the first steps.
 */
export function deriveTodos(state: AccountState): Todo[] {
	const todos: Todo[] = []
	if (!state.emailVerified) {
		todos.push({
			id: 'verify-email',
			title: 'Verify your email',
			description: 'Enter the 6-digit code we sent to your email.',
			href: '/verify-account',
		})
	}
	if (!state.sector && state.canManageBusiness) {
		todos.push({
			id: 'complete-kyc',
			title: state.kind === 'business' ? 'Complete your business details' : 'Complete your details',
			description: 'Tell us your sector and address so we can issue cover.',
			href: '/update/kyc',
		})
	}
	if (needsCacVerification(state) && state.canManageBusiness) {
		todos.push({
			id: 'verify-cac',
			title: 'Verify your company with the CAC',
			description: 'Confirm your registration number with the Corporate Affairs Commission.',
			href: '/?dialog=cac',
		})
	}
	const invoices = state.invoices ?? []
	todos.push(...invoices.filter((invoice) => invoice.paused || invoice.overdue).map(invoiceTodo))
	if (state.canBuy) {
		for (const policy of state.renewalsAsked ?? []) {
			todos.push({
				id: `renew-${policy.id}`,
				title: `Renew ${policy.productName}`,
				description: `${policy.policyNumber} ends on ${formatDay(policy.coverEnd)} and the wallet could not pay its renewal.`,
				href: `/mycover/${policy.id}/renew`,
			})
		}
	}
	const claims = state.claims ?? []
	for (const claim of claims.filter((c) => c.status === 'offer_sent')) {
		todos.push({
			id: `claim-offer-${claim.id}`,
			title: `Answer the offer on claim ${claim.claimNumber}`,
			description: 'Accept it to be paid, or reject it with a comment.',
			href: `/claims/details-${claim.id}`,
		})
	}
	// The desk's asks before the customer's own drafts.
	for (const claim of claims.filter((c) => c.status !== 'offer_sent').sort((a, b) => Number(!a.deskNote) - Number(!b.deskNote))) {
		todos.push({
			id: `claim-${claim.id}`,
			title: claim.deskNote ? `Send more documents for claim ${claim.claimNumber}` : `Finish claim ${claim.claimNumber}`,
			description: claim.deskNote ?? 'Add the photos, estimate and documents, then submit it.',
			href: `/claims/make-claim/${claim.id}/list`,
		})
	}
	if (state.canManagePlans) {
		for (const policy of state.pendingPolicies) {
			todos.push(
				policy.waitsFor === 'photos' || policy.waitsFor === 'photos-again'
					? {
							id: `inspect-${policy.id}`,
							title:
								policy.waitsFor === 'photos'
									? `Take the pre-inspection photos of ${policy.productName}`
									: `Take the pre-inspection photos again for ${policy.productName}`,
							description:
								policy.waitsFor === 'photos'
									? `${policy.policyNumber}: cover starts once the vehicle's photos are approved.`
									: `${policy.policyNumber}: the photos were sent back. See what to take again.`,
							href: `/pre-inspection/${policy.id}`,
						}
					: {
							id: `activate-${policy.id}`,
							title: policy.kind === 'plan' ? `Confirm the staff on ${policy.productName}` : `Activate ${policy.productName}`,
							description: `${policy.policyNumber} needs a few details before cover starts.`,
							// A staff plan is activated from its staff sheet (docs/decisions/016-batch-upload.md).
							href: policy.kind === 'plan' ? `/mycover/${policy.id}/activate-staff` : `/mycover/${policy.id}/activate`,
						},
			)
		}
	}
	todos.push(...invoices.filter((invoice) => !invoice.paused && !invoice.overdue).map(invoiceTodo))
	if (!state.walletFunded && state.canFundWallet && isKycComplete(state)) {
		todos.push({
			id: 'fund-wallet',
			title: 'Fund your wallet',
			description: 'Add money to pay for cover from your wallet in one step.',
			href: '/fund-wallet',
		})
	}
	if (!state.hasCover && state.canBuy && isKycComplete(state)) {
		todos.push({
			id: 'buy-plan',
			title: 'Buy your first cover',
			description: 'Get a price for health, auto, gadget or travel cover for your own details, and buy it.',
			href: '/products',
		})
	}
	if (state.kind === 'business' && !state.hasStaff && state.canManageStaff && isKycComplete(state)) {
		todos.push({
			id: 'add-staff',
			title: 'Add your staff',
			description: 'Import your staff list, then cover them on a health plan.',
			href: '/import-staff',
		})
	}
	if (state.kind === 'business' && state.hasStaff && state.canManageStaff && (state.staffChangesPending ?? 0) > 0) {
		const n = state.staffChangesPending!
		todos.push({
			id: 'review-staff',
			title: 'Review staff changes',
			// The count stops past 1,000 (api/services/todos.ts): a larger one reads "more than".
			description:
				n > 1_000
					? 'More than 1,000 staff join or leave at the start of next month.'
					: `${n} ${n === 1 ? 'member of staff joins or leaves' : 'staff join or leave'} at the start of next month.`,
			href: '/employees?status=pending',
		})
	}
	return todos
}

function invoiceTodo(invoice: InvoiceTodo): Todo {
	return {
		id: `invoice-${invoice.id}`,
		title: `Pay invoice ${invoice.number}`,
		description: invoice.paused
			? `${invoice.balance} is unpaid and its plan is paused: claims are refused until it is paid.`
			: invoice.overdue
				? `${invoice.balance} is overdue; the plan is paused ${invoice.pausesOn ? `on ${formatDay(invoice.pausesOn)}` : 'soon'} if it is still unpaid.`
				: `${invoice.balance} is due.`,
		href: `/invoice/${invoice.id}`,
	}
}
