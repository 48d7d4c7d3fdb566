import { eq, sql } from 'drizzle-orm'
import type { EstimateLine, OfferTerms, PayoutBank } from '../../contract/claims.ts'
import { formatNairaFull } from '../../contract/money.ts'
import type { ClaimStatus } from '../../contract/statuses.ts'
import { claimBankPayoutTransfer, claimPayoutSettlementTransfer, claimPayoutTransfer, claimReserveTransfer } from '../../domain/ledger.ts'
import type { QuoteInput } from '../../domain/catalogue/quotes.ts'
import { addDays, lagosDate, policyNumber } from '../../domain/policies.ts'
import { computeQuote } from '../../domain/pricing/index.ts'
import { postTransfer } from '../../services/ledger.ts'
import { newReference } from '../../services/payments.ts'
import type { Db } from '../client.ts'
import * as t from '../schema.ts'
import { createOperator, DEMO_OPERATOR, DEMO_PASSWORD, DEMO_SECOND_OPERATOR } from './index.ts'

// The demo's claims (issue 15): the demo business has a gadget and a comprehensive motor policy with a
// claim in every status, and the demo operator has a queue. Seeded once, on the embedded default only.

type Seed = {
	status: ClaimStatus
	incident: string
	amount: number
	policy: 'gadget' | 'auto'
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

const SEEDS: Seed[] = [
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

/** The statuses a claim passed through to reach its own, for its timeline. */
function pathTo(status: ClaimStatus): ClaimStatus[] {
	if (status === 'declined') return ['pending', 'documented', 'declined']
	if (status === 'offer_rejected') return ['pending', 'documented', 'approved', 'offer_sent', 'offer_rejected']
	return ORDER.slice(0, ORDER.indexOf(status) + 1)
}

async function demoPolicy(
	db: Db,
	customerId: string,
	productId: number,
	category: 'gadget' | 'auto',
	input: QuoteInput,
	activation: Record<string, string>,
) {
	// The policy page lists the quote's lines: the price its input gives, as a purchase's would be.
	const quote = computeQuote(input)
	const [purchase] = await db
		.insert(t.purchases)
		.values({
			customerId,
			idempotencyKey: `demo-claims-${category}`,
			productId,
			input,
			quote: quote as unknown as Record<string, unknown>,
			amount: 0,
			paymentOption: 'subscription',
			status: 'subscribed',
		})
		.returning()
	const result = (await db.execute(sql`select nextval('policy_number_seq')::int as n`)) as unknown as { rows: Array<{ n: number }> }
	const year = new Date().getUTCFullYear()
	const [policy] = await db
		.insert(t.policies)
		.values({
			customerId,
			purchaseId: purchase!.id,
			kind: 'policy',
			productId,
			policyNumber: policyNumber(category, year, result.rows[0]!.n),
			status: 'active',
			premium: quote.total,
			period: 'annual',
			coverStart: addDays(lagosDate(new Date()), -200),
			coverEnd: addDays(lagosDate(new Date()), 165),
			activation,
			activatedAt: new Date(),
		})
		.returning()
	return policy!
}

export async function seedDemoClaims(db: Db) {
	await createOperator(db, { ...DEMO_OPERATOR, password: DEMO_PASSWORD })
	await createOperator(db, { ...DEMO_SECOND_OPERATOR, password: DEMO_PASSWORD })
	const [owner] = await db
		.select({ id: t.users.id, customerId: t.users.customerId })
		.from(t.users)
		.where(eq(t.users.email, 'business@example.com'))
	if (!owner) return
	const [already] = await db.select({ id: t.claims.id }).from(t.claims).where(eq(t.claims.customerId, owner.customerId)).limit(1)
	if (already) return
	const gadget = await demoPolicy(
		db,
		owner.customerId,
		5,
		'gadget',
		{ product_id: 5, gadget_type: 'phone', device_value: 450_000, period: 'annual' },
		{
			brand_and_model: 'Samsung Galaxy A54',
			serial_number: 'R58T30ABCDE',
		},
	)
	const auto = await demoPolicy(
		db,
		owner.customerId,
		2,
		'auto',
		{ product_id: 2, vehicle_class: 'private_car', vehicle_value: 12_000_000 },
		{
			registration_number: 'KJA 456 CD',
			make_and_model: 'Toyota Corolla 2019',
			chassis_number: '2T1BURHE0KC123456',
		},
	)
	const [operator] = await db.select({ id: t.users.id }).from(t.users).where(eq(t.users.email, DEMO_OPERATOR.email))
	const year = new Date().getUTCFullYear()
	for (const [i, seed] of SEEDS.entries()) {
		const policy = seed.policy === 'gadget' ? gadget : auto
		const estimate: EstimateLine[] =
			seed.status === 'pending' || seed.status === 'inspection_submitted'
				? []
				: [
						{
							kind: 'parts',
							description: seed.policy === 'gadget' ? 'Replacement screen' : 'Front bumper and headlamp',
							amount: seed.amount - 10_000,
						},
						{ kind: 'labour', description: 'Fitting', amount: 10_000 },
					]
		await db.transaction(async (tx) => {
			const result = (await tx.execute(sql`select nextval('claim_number_seq')::int as n`)) as unknown as { rows: Array<{ n: number }> }
			const day = addDays(lagosDate(new Date()), -(i * 10 + 5))
			const [claim] = await tx
				.insert(t.claims)
				.values({
					customerId: owner.customerId,
					policyId: policy.id,
					claimNumber: `CL-${year}-${String(result.rows[0]!.n).padStart(6, '0')}`,
					status: seed.status,
					incidentType: seed.incident,
					incidentDate: day,
					place: i % 2 ? 'Allen Avenue, Ikeja, Lagos' : 'Admiralty Way, Lekki, Lagos',
					description:
						seed.policy === 'gadget'
							? 'The phone slipped from my hand onto the tiles.'
							: 'Another car hit the front of the vehicle at a junction.',
					amount: seed.amount,
					claimantName: 'Adaeze Okafor',
					estimate,
					offer: seed.offer ?? null,
					declineReason: seed.reason ?? null,
					deskNote: seed.note ?? null,
					rejectionComment: seed.status === 'offer_rejected' ? 'The repairer’s quote was higher than the assessment.' : null,
					payoutMethod: seed.bank ? 'bank' : seed.status === 'paid' || seed.status === 'settled' ? 'wallet' : null,
					payoutBank: seed.bank ?? null,
					createdBy: owner.id,
					submittedAt: new Date(),
				})
				.returning()
			const statuses = pathTo(seed.status)
			for (const [j, status] of statuses.entries()) {
				const desk = ['approved', 'declined', 'offer_sent', 'paid', 'settled'].includes(status)
				await tx.insert(t.claimEvents).values({
					claimId: claim!.id,
					actor: desk ? 'operator' : 'customer',
					userId: desk ? (operator?.id ?? null) : owner.id,
					action: j === 0 ? 'create' : status,
					fromStatus: j === 0 ? null : statuses[j - 1]!,
					toStatus: status,
					note: status === 'declined' ? (seed.note ?? null) : null,
				})
			}
			if (seed.offer && ['offer_accepted', 'paid', 'settled'].includes(seed.status)) {
				const facts = { claimId: claim!.id, customerId: owner.customerId, amount: seed.offer.payable, reference: claim!.claimNumber }
				await postTransfer(tx, claimReserveTransfer(facts))
				if (seed.bank) await seedBankPayout(tx, claim!, seed.bank, seed.offer.payable, operator?.id ?? null)
				else if (seed.status !== 'offer_accepted') {
					const paid = await postTransfer(tx, claimPayoutTransfer(facts))
					await tx.update(t.claims).set({ payoutTransferId: paid.id }).where(eq(t.claims.id, claim!.id))
				}
			}
		})
	}
}

/**
 * A bank payout as the desk leaves it: with the bank (a transfer code the sandbox does not know, so it
 * stays with the bank for the demo), or confirmed and settled out of payouts in transit.
 */
async function seedBankPayout(
	tx: Parameters<Parameters<Db['transaction']>[0]>[0],
	claim: typeof t.claims.$inferSelect,
	bank: PayoutBank,
	amount: number,
	operatorId: string | null,
) {
	const paid = claim.status === 'paid'
	const [payout] = await tx
		.insert(t.claimPayouts)
		.values({
			claimId: claim.id,
			customerId: claim.customerId,
			reference: newReference('cp'),
			amount,
			bankCode: bank.bank_code,
			bankName: bank.bank_name,
			accountNumber: bank.account_number,
			accountName: bank.account_name,
			status: paid ? 'succeeded' : 'processing',
			paidBy: operatorId,
			recipientCode: `RCP_${bank.bank_code}_${bank.account_number}`,
			transferCode: `TRF_demo_${claim.claimNumber}`,
			finishedAt: paid ? new Date() : null,
		})
		.returning()
	const facts = { id: payout!.id, customerId: claim.customerId, amount, reference: payout!.reference }
	const sent = await postTransfer(tx, claimBankPayoutTransfer(facts))
	if (paid) await postTransfer(tx, claimPayoutSettlementTransfer(facts))
	await tx.update(t.claims).set({ payoutTransferId: sent.id }).where(eq(t.claims.id, claim.id))
	await tx.insert(t.claimEvents).values({
		claimId: claim.id,
		actor: 'operator',
		userId: operatorId,
		action: 'send_payout',
		fromStatus: 'offer_accepted',
		toStatus: 'offer_accepted',
		note: `Transfer of ${formatNairaFull(amount)} to ${bank.account_name}, ${bank.bank_name} ${bank.account_number} sent to the bank`,
	})
}
