import type { OfferTerms, PayoutBank } from '../../contract/claims.ts'
import type { ClaimStatus } from '../../contract/statuses.ts'

// What the demo's claims are (seeded by claims.ts): each claim's status, incident, amount, offer and payout, the
// words its customer wrote, and the steps it took to reach its status.

export type Seed = {
	status: ClaimStatus
	incident: string
	amount: number
	/** A staff plan's claims are its members' (health). */
	policy: 'gadget' | 'auto' | 'plan'
	offer?: OfferTerms
	reason?: string
	note?: string
	/** Paid, or being paid, by bank transfer (docs/decisions/108-claim-bank-payouts.md). */
	bank?: PayoutBank
}

const DEMO_BANK: PayoutBank = {
	bank_code: '058',
	bank_name: 'Guaranty Trust Bank',
	account_number: '0123456780',
	account_name: 'CHINEDU OBI',
}

const offer = (assessed: number, excess: number, betterment: number): OfferTerms => ({
	assessed,
	parts_amount: assessed - 10_000,
	asset_age_years: 2,
	excess,
	betterment,
	payable: assessed - excess - betterment,
})

/** A health claim's offer: what the desk assessed, paid whole (no excess or betterment on health). */
const healthOffer = (assessed: number): OfferTerms => ({
	assessed,
	parts_amount: 0,
	asset_age_years: 0,
	excess: 0,
	betterment: 0,
	payable: assessed,
})

export const SEEDS: Seed[] = [
	{ status: 'pending', incident: 'screen_damage', amount: 45_000, policy: 'gadget' },
	{ status: 'inspection_submitted', incident: 'liquid_damage', amount: 60_000, policy: 'gadget' },
	{ status: 'estimate_submitted', incident: 'accidental_damage', amount: 350_000, policy: 'auto' },
	{ status: 'documented', incident: 'screen_damage', amount: 55_000, policy: 'gadget' },
	{ status: 'approved', incident: 'accidental_damage', amount: 420_000, policy: 'auto' },
	{
		status: 'declined',
		incident: 'theft',
		amount: 250_000,
		policy: 'gadget',
		reason: 'insufficient_evidence',
		note: 'No police report was found for this number.',
	},
	{ status: 'offer_sent', incident: 'screen_damage', amount: 70_000, policy: 'gadget', offer: offer(70_000, 7_000, 12_000) },
	{ status: 'offer_accepted', incident: 'personal_effects', amount: 80_000, policy: 'auto', offer: offer(80_000, 25_000, 0) },
	{ status: 'offer_rejected', incident: 'accidental_damage', amount: 600_000, policy: 'auto', offer: offer(500_000, 50_000, 49_000) },
	{ status: 'paid', incident: 'screen_damage', amount: 40_000, policy: 'gadget', offer: offer(40_000, 5_000, 6_000) },
	{ status: 'settled', incident: 'liquid_damage', amount: 90_000, policy: 'gadget', offer: offer(90_000, 9_000, 16_000) },
	// A bank transfer still with the bank, and one the bank confirmed.
	{
		status: 'offer_accepted',
		incident: 'screen_damage',
		amount: 65_000,
		policy: 'gadget',
		offer: offer(65_000, 6_500, 11_000),
		bank: DEMO_BANK,
	},
	{ status: 'paid', incident: 'theft', amount: 150_000, policy: 'gadget', offer: offer(150_000, 15_000, 0), bank: DEMO_BANK },
]

/**
 * Claims of members of the business's staff plan (ZenCare Plus), each for the member its index names: one paid
 * into the wallet, one approved, one with the desk; so the plan's usage and its claims have something to show.
 */
export const PLAN_SEEDS: Array<Seed & { member: number }> = [
	{ status: 'paid', incident: 'hospital_visit', amount: 85_000, policy: 'plan', offer: healthOffer(85_000), member: 3 },
	{ status: 'approved', incident: 'virtual_consultation', amount: 15_000, policy: 'plan', member: 12 },
	{ status: 'documented', incident: 'hospital_visit', amount: 120_000, policy: 'plan', member: 7 },
]

const ORDER: ClaimStatus[] = [
	'pending',
	'inspection_submitted',
	'estimate_submitted',
	'documented',
	'approved',
	'offer_sent',
	'offer_accepted',
	'paid',
	'settled',
]

/** What the customer wrote, and the repairer's part, for each kind of incident the demo claims. */
export const INCIDENTS: Record<string, { description: string; part: string }> = {
	screen_damage: { description: 'The phone slipped from my hand onto the tiles and the screen cracked.', part: 'Replacement screen' },
	liquid_damage: { description: 'Rain got into the phone on the way from the office; it no longer turns on.', part: 'Logic board repair' },
	theft: { description: 'The phone was snatched from my hand at the bus stop; reported at the police station.', part: '' },
	accidental_damage: { description: 'Another car hit the front of the vehicle at a junction.', part: 'Front bumper and headlamp' },
	personal_effects: { description: 'A laptop bag was taken from the back seat while the car was parked.', part: '' },
	hospital_visit: {
		description: 'Seen at the hospital with a high fever; tested for malaria and typhoid, and given drugs.',
		part: 'Consultation and tests',
	},
	virtual_consultation: { description: 'A video consultation with a doctor for a cough and a sore throat.', part: 'Consultation' },
}

/**
 * The statuses a claim passed through to reach its own, for its timeline: a declined claim was refused
 * at review, a rejected offer was the desk's; the photos' and the estimate's steps only where its line
 * asks for them.
 */
export function pathTo(status: ClaimStatus, needs: { inspection: boolean; estimate: boolean }): ClaimStatus[] {
	const upTo = (last: ClaimStatus) => ORDER.slice(0, ORDER.indexOf(last) + 1)
	const path =
		status === 'declined' ? [...upTo('documented'), status] : status === 'offer_rejected' ? [...upTo('offer_sent'), status] : upTo(status)
	return path.filter((s) => (s !== 'inspection_submitted' || needs.inspection) && (s !== 'estimate_submitted' || needs.estimate))
}

/**
 * The demo individual's claims (decision 163): on the gadget cover of their year of history, one paid into
 * their wallet and one with the desk, so an individual's claims, their steps and a payout are there to see.
 */
export const INDIVIDUAL_SEEDS: Seed[] = [
	{ status: 'paid', incident: 'screen_damage', amount: 38_000, policy: 'gadget', offer: offer(38_000, 3_800, 6_000) },
	{ status: 'documented', incident: 'liquid_damage', amount: 52_000, policy: 'gadget' },
]

/** Claims waiting on the customer, the desk or the bank: their last step was hours ago. */
export const OPEN: readonly ClaimStatus[] = [...ORDER.slice(0, ORDER.indexOf('offer_accepted') + 1), 'offer_rejected']
