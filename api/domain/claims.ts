import type { IncidentType, Product } from '../contract/catalogue.ts'
import { formatDay } from '../contract/dates.ts'
import { formatNairaFull } from '../contract/money.ts'
import type { EmployeeStatus } from '../contract/employees.ts'
import type { ClaimPayoutStatus, ClaimStatus } from '../contract/statuses.ts'

// A claim's rules, without I/O (docs/decisions/068-claim-lifecycle.md and 069-claim-limits-and-offers.md).

/** Who moves a claim: its business's member with claims.manage, or the insurer's desk. */
export type ClaimActor = 'customer' | 'operator'

export type ClaimAction =
	| 'edit'
	| 'submit_inspection'
	| 'submit_estimate'
	| 'submit_documents'
	| 'approve'
	| 'decline'
	| 'request_documents'
	| 'send_offer'
	| 'accept_offer'
	| 'reject_offer'
	| 'pay'
	| 'payout_returned'
	| 'settle'

/** What a claim's timeline records besides its transitions: its making, and the steps of its payout. */
export type ClaimEventAction = ClaimAction | 'create' | 'choose_payout' | 'approve_payout' | 'send_payout' | 'payout_failed'

type Rule = { from: readonly ClaimStatus[]; to: ClaimStatus | 'same'; by: ClaimActor }

/** While the customer is still completing it: the form, inspection, estimate and documents may change. */
export const OPEN_STATUSES = ['pending', 'inspection_submitted', 'estimate_submitted'] as const satisfies readonly ClaimStatus[]

/** Claims with nothing left to happen for the customer: home counts every other claim as open. */
export const FINISHED_STATUSES = ['declined', 'paid', 'settled'] as const satisfies readonly ClaimStatus[]

/** Every transition and who may make it; anything not here is refused. */
export const CLAIM_TRANSITIONS: Record<ClaimAction, Rule> = {
	edit: { from: OPEN_STATUSES, to: 'same', by: 'customer' },
	submit_inspection: { from: ['pending'], to: 'inspection_submitted', by: 'customer' },
	submit_estimate: { from: ['pending', 'inspection_submitted'], to: 'estimate_submitted', by: 'customer' },
	submit_documents: { from: OPEN_STATUSES, to: 'documented', by: 'customer' },
	approve: { from: ['documented'], to: 'approved', by: 'operator' },
	decline: { from: ['documented'], to: 'declined', by: 'operator' },
	// Back to the customer with a note; what they sent is kept.
	request_documents: { from: ['documented'], to: 'pending', by: 'operator' },
	// A rejected offer may be revised and sent again.
	send_offer: { from: ['approved', 'offer_rejected'], to: 'offer_sent', by: 'operator' },
	accept_offer: { from: ['offer_sent'], to: 'offer_accepted', by: 'customer' },
	reject_offer: { from: ['offer_sent'], to: 'offer_rejected', by: 'customer' },
	pay: { from: ['offer_accepted'], to: 'paid', by: 'operator' },
	// The bank sent a paid transfer back: the claim is owed again, and the desk pays it anew.
	payout_returned: { from: ['paid'], to: 'offer_accepted', by: 'operator' },
	settle: { from: ['paid'], to: 'settled', by: 'operator' },
}

export type TransitionResult = { ok: true; next: ClaimStatus } | { ok: false; status: 403 | 409; message: string }

const STATUS_WORDS: Record<ClaimStatus, string> = {
	pending: 'waiting for its details',
	inspection_submitted: 'waiting for its estimate and documents',
	estimate_submitted: 'waiting for its documents',
	documented: 'under review',
	approved: 'approved',
	declined: 'declined',
	offer_sent: 'waiting for the answer to its offer',
	offer_accepted: 'waiting for payment',
	offer_rejected: 'waiting for a new offer',
	paid: 'paid',
	settled: 'settled',
}

export function transition(status: ClaimStatus, action: ClaimAction, actor: ClaimActor): TransitionResult {
	const rule = CLAIM_TRANSITIONS[action]
	if (rule.by !== actor) {
		return {
			ok: false,
			status: 403,
			message: actor === 'customer' ? "Only the insurer's claims desk can do this." : 'Only the customer can do this.',
		}
	}
	if (!rule.from.includes(status))
		return { ok: false, status: 409, message: `This claim is ${STATUS_WORDS[status]}: it cannot be changed that way now.` }
	return { ok: true, next: rule.to === 'same' ? status : rule.to }
}

/** The one next step, as the claim's page states it to the customer. */
export function nextStep(status: ClaimStatus, needs: { inspection: boolean; estimate: boolean }, actor: ClaimActor = 'customer') {
	if (actor === 'operator') {
		if (status === 'documented') return 'Review the claim: approve, decline or ask for documents.'
		if (status === 'approved' || status === 'offer_rejected') return 'Send an offer.'
		if (status === 'offer_accepted') return 'Pay the claim.'
		if (status === 'paid') return 'Settle the claim.'
		return null
	}
	switch (status) {
		case 'pending':
			return needs.inspection ? 'Upload photos of the damage.' : needs.estimate ? 'Add the bill or estimate.' : 'Upload the documents.'
		case 'inspection_submitted':
			return needs.estimate ? 'Add the repair estimate.' : 'Upload the documents.'
		case 'estimate_submitted':
			return 'Upload the documents and submit the claim.'
		case 'documented':
		case 'approved':
			return 'Wait for our review: we answer within 2 working days.'
		case 'offer_sent':
			return 'Accept or reject the offer.'
		case 'offer_rejected':
			return 'Wait for a revised offer.'
		case 'offer_accepted':
			return 'Wait for the payment.'
		default:
			return null
	}
}

// ----- What each line needs -----

/** Lines whose claims are inspected (post-loss photos) and estimated by a repairer. */
export function claimNeeds(category: Product['category'], incident: IncidentType) {
	const damage = ['accidental_damage', 'screen_damage', 'liquid_damage', 'damaged_shipment'].includes(incident)
	return {
		inspection: (category === 'auto' || category === 'gadget') && damage,
		estimate: damage || category === 'health' || incident === 'breakdown_call_out' || incident === 'medical_emergency',
	}
}

export type ClaimDocument = { name: string; label: string; hint: string }

const doc = (name: string, label: string, hint: string): ClaimDocument => ({ name, label, hint })
const POLICE = doc('police_report', 'Police report', 'The extract the police gave you after you reported it.')
const RECEIPT = doc('proof_of_purchase', 'Proof of purchase', 'The receipt or invoice of the item.')
const ID = doc('id_document', 'Means of identification', "A national ID, driver's licence or passport.")

/** The documents each incident needs, the checklist of /list; each is uploaded on its own. */
export const CLAIM_DOCUMENTS: Record<IncidentType, readonly ClaimDocument[]> = {
	virtual_consultation: [doc('prescription', 'Prescription or doctor’s note', 'What the doctor wrote after the consultation.')],
	hospital_visit: [
		doc('medical_report', 'Medical report', 'From the hospital, signed by the doctor.'),
		doc('hospital_bill', 'Hospital bill', 'Itemised, with the hospital stamp.'),
	],
	stolen_vehicle: [POLICE, doc('vehicle_papers', 'Vehicle licence and proof of ownership', 'The papers of the stolen vehicle.'), ID],
	accidental_damage: [
		doc('drivers_licence', "Driver's licence", 'Of whoever was driving.'),
		doc('accident_report', 'Accident report', 'What happened, signed by the driver; a police report if anyone was hurt.'),
	],
	personal_effects: [POLICE, RECEIPT],
	screen_damage: [RECEIPT],
	liquid_damage: [RECEIPT],
	theft: [POLICE, RECEIPT],
	burglary: [POLICE, RECEIPT],
	medical_emergency: [
		doc('medical_report', 'Medical report', 'From the hospital abroad.'),
		doc('passport_page', 'Passport data page', 'With the entry stamp.'),
	],
	lost_baggage: [
		doc('property_irregularity_report', 'Property irregularity report', 'From the airline’s baggage desk.'),
		doc('boarding_pass', 'Boarding pass', 'Of the flight.'),
	],
	lost_passport: [POLICE, doc('embassy_letter', 'Embassy letter', 'Confirming the passport was replaced.')],
	trip_cancellation: [
		doc('cancellation_proof', 'Proof of cancellation', 'From the airline or your doctor.'),
		doc('booking', 'Booking', 'What the trip cost.'),
	],
	breakdown_call_out: [doc('call_out_receipt', 'Call-out receipt', 'From the tow or mechanic.')],
	lost_shipment: [
		doc('waybill', 'Waybill', 'Of the shipment.'),
		doc('courier_report', 'Courier’s report of the loss', 'From the courier or dispatch company.'),
	],
	damaged_shipment: [doc('waybill', 'Waybill', 'Of the shipment.'), RECEIPT],
}

/** What still stops the customer submitting the claim for review. */
export function missingForReview(input: {
	needs: { inspection: boolean; estimate: boolean }
	photos: number
	estimateLines: number
	documents: readonly string[]
	wanted: readonly ClaimDocument[]
}) {
	const missing: string[] = []
	if (input.needs.inspection && input.photos === 0) missing.push('photos of the damage')
	if (input.needs.estimate && input.estimateLines === 0) missing.push('the estimate or bill')
	for (const w of input.wanted) if (!input.documents.includes(w.name)) missing.push(w.label.toLowerCase())
	return missing
}

// ----- Which policies take claims -----

export type PolicyState = {
	is_pending: boolean
	is_expired: boolean
	is_paused: boolean
	is_terminated: boolean
	is_deactivated: boolean
	coverStart: string
	coverEnd: string
}

/** A claim is made on active cover only, for an incident inside its cover period and not in the future. */
export function claimRefusal(policy: PolicyState): string | null {
	if (policy.is_terminated) return 'This policy was terminated: claims can only be made on active cover.'
	if (policy.is_deactivated) return 'This policy was deactivated: claims can only be made on active cover.'
	if (policy.is_pending) return 'This policy is not active yet: activate it before making a claim.'
	if (policy.is_paused) return 'This policy is paused: claims can be made once its cover is active again.'
	if (policy.is_expired) return 'This policy has expired: claims can only be made on active cover.'
	return null
}

/**
 * A staff plan's member is claimed for while on the plan: not once removed from it (its last day
 * passed) nor once their staff record is terminated or deactivated.
 */
export function claimantRefusal(
	member: { name: string; planEndsOn: string | null; employee: EmployeeStatus | null },
	today: string,
): string | null {
	if (member.employee === 'is_terminated')
		return `${member.name}'s staff record is terminated: claims can only be made for current members of the plan.`
	if (member.employee === 'is_deactivated')
		return `${member.name}'s staff record is deactivated: claims can only be made for current members of the plan.`
	if (member.planEndsOn && member.planEndsOn < today)
		return `${member.name} left this plan on ${formatDay(member.planEndsOn)}: claims can only be made for current members of the plan.`
	return null
}

export function incidentDateProblem(day: string, policy: PolicyState, today: string): string | null {
	if (day > today) return 'The incident date cannot be in the future.'
	if (day < policy.coverStart || day > policy.coverEnd) return 'The incident date must be within the cover period of the policy.'
	return null
}

// ----- Limits and offers -----

/** Which of a product's limits an incident is measured against, by its label (the catalogue's words). */
const LIMIT_LABELS: Partial<Record<IncidentType, RegExp>> = {
	hospital_visit: /all care/i,
	virtual_consultation: /all care/i,
	personal_effects: /personal effects/i,
	medical_emergency: /medical/i,
	lost_baggage: /baggage/i,
	lost_passport: /passport/i,
	trip_cancellation: /trip cancelled/i,
}

/**
 * The most one claim may be for. Own-damage (accidental damage, theft of the vehicle) is the insured
 * value; a device its declared value; a shipment its class (or declared value); breakdown a call-out's
 * towing and labour; the others the catalogue limit the incident names, else the largest.
 */
export function claimLimit(product: Product, incident: IncidentType, input: Record<string, unknown>): number {
	const limits = product.claim_limits
	const number = (name: string) => (typeof input[name] === 'number' ? (input[name] as number) : Number(input[name] ?? Number.NaN))
	const largest = Math.max(...limits.map((l) => l.amount))
	if (product.category === 'gadget') return Math.min(largest, Number.isFinite(number('device_value')) ? number('device_value') : largest)
	if (product.category === 'auto' && (incident === 'accidental_damage' || incident === 'stolen_vehicle')) {
		const value = number('vehicle_value')
		if (Number.isFinite(value)) return value
		// Third party: the property damage limit of the vehicle's class.
		const cls = String(input.vehicle_class ?? '')
		const match = limits.find((l) => cls && l.label.toLowerCase().includes(cls.replace(/_/g, ' ')))
		return match?.amount ?? limits[0]!.amount
	}
	if (incident === 'breakdown_call_out') return limits.reduce((sum, l) => sum + l.amount, 0)
	if (incident === 'lost_shipment' || incident === 'damaged_shipment') {
		const cls = String(input.package_class ?? '')
		const declared = number('declared_value')
		if (cls === 'high_value' && Number.isFinite(declared)) return declared
		const match = limits.find((l) => l.label.toLowerCase().startsWith(cls.replace(/_/g, ' ')))
		return match?.amount ?? largest
	}
	const pattern = LIMIT_LABELS[incident]
	return (pattern && limits.find((l) => pattern.test(l.label))?.amount) || largest
}

/** What is left of a limit once other claims took their share; never below 0. */
export const remainingLimit = (limit: number, used: number) => Math.max(0, limit - used)

export function claimAmountProblem(amount: number, limit: number, used: number): string | null {
	if (!Number.isSafeInteger(amount) || amount < 1) return 'Enter the amount you are claiming, in whole Naira.'
	const left = remainingLimit(limit, used)
	if (amount > left) {
		return left === limit
			? `The most this policy pays for this is ${formatNairaFull(limit)}.`
			: `Only ${formatNairaFull(left)} is left of this policy's ${formatNairaFull(limit)} limit.`
	}
	return null
}

/**
 * The excess the customer bears on each claim: 10% of the assessed loss with a floor per line
 * (₦5,000 gadget, ₦25,000 auto, ₦10,000 delivery); none on health, travel medical or breakdown.
 */
export function excessOf(category: Product['category'], incident: IncidentType, assessed: number) {
	if (category === 'health' || incident === 'medical_emergency' || incident === 'breakdown_call_out') return 0
	const floor = category === 'gadget' ? 5_000 : category === 'auto' ? 25_000 : 10_000
	return Math.min(assessed, Math.max(floor, Math.round(assessed * 0.1)))
}

/**
 * Betterment: a new part for an old one makes the customer better off, so the parts' share of the
 * loss is reduced by the asset's age: 10% a year after the first for vehicles, 20% for devices, at most 50%.
 */
export function bettermentRate(category: Product['category'], assetAgeYears: number) {
	if (category !== 'auto' && category !== 'gadget') return 0
	const years = Math.max(0, Math.floor(assetAgeYears) - 1)
	return Math.min(0.5, years * (category === 'auto' ? 0.1 : 0.2))
}

export type Offer = { assessed: number; excess: number; betterment: number; payable: number }

/** The offer: what the desk assessed, less the excess and betterment, within what is left of the limit. */
export function offerFor(input: {
	category: Product['category']
	incident: IncidentType
	assessed: number
	partsAmount: number
	assetAgeYears: number
	remaining: number
}): Offer {
	const parts = Math.min(input.partsAmount, input.assessed)
	const betterment = Math.round(parts * bettermentRate(input.category, input.assetAgeYears))
	const excess = excessOf(input.category, input.incident, input.assessed)
	const payable = Math.max(0, Math.min(input.remaining, input.assessed - excess - betterment))
	return { assessed: input.assessed, excess, betterment, payable }
}

/** Claims that count against a limit: approved and on, not declined or still being made. */
export const COUNTS_AGAINST_LIMIT: readonly ClaimStatus[] = [
	'approved',
	'offer_sent',
	'offer_accepted',
	'offer_rejected',
	'paid',
	'settled',
]

// ----- Payouts -----

export const CLAIM_PAYOUT_THRESHOLD_DEFAULT = 500_000

/**
 * Above the threshold a payout needs a second operator: one approves, another pays. Up to it the one
 * operator pays alone.
 */
export function payoutCheck(input: { amount: number; threshold: number; approvedBy: string | null; operatorId: string }) {
	if (input.amount <= input.threshold) return { ok: true as const }
	if (!input.approvedBy)
		return { ok: false as const, message: `Payouts above ${formatNairaFull(input.threshold)} need a second operator's approval first.` }
	if (input.approvedBy === input.operatorId) return { ok: false as const, message: 'Another operator must pay a payout you approved.' }
	return { ok: true as const }
}

/**
 * The next step while a payout goes by bank, where it says more than the claim's status: a transfer
 * still with the bank, or one the bank refused or sent back (docs/decisions/108-claim-bank-payouts.md).
 */
export function payoutStep(status: ClaimStatus, payout: ClaimPayoutStatus | null, actor: ClaimActor): string | null | undefined {
	if (status !== 'offer_accepted' || !payout || payout === 'succeeded') return undefined
	if (payout === 'processing')
		return actor === 'operator'
			? 'Wait for the bank: the transfer is under way.'
			: 'Wait for the bank: the transfer is on its way to your account.'
	return actor === 'operator'
		? 'Pay the claim again: the bank did not accept the last transfer.'
		: 'Check where we pay: the bank did not accept the last transfer, and we will pay it again.'
}
