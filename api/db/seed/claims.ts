import { and, eq, lte, sql } from 'drizzle-orm'
import { DAMAGE_PHOTOS, type EstimateLine } from '../../contract/claims.ts'
import type { ClaimStatus } from '../../contract/statuses.ts'
import { claimPayoutTransfer, claimReserveTransfer } from '../../domain/ledger.ts'
import type { IncidentType } from '../../contract/catalogue.ts'
import { PRODUCT_IDS, type ProductId } from '../../contract/product-ids.ts'
import { productById } from '../../domain/catalogue/index.ts'
import { CLAIM_DOCUMENTS, claimNeeds } from '../../domain/claims.ts'
import { addDays, lagosDate } from '../../domain/policies.ts'
import { recordActivity } from '../../services/accounts.ts'
import type { Storage } from '../../storage/index.ts'
import type { Db } from '../client.ts'
import * as t from '../schema.ts'
import { createOperator, DEMO_OPERATOR, DEMO_PASSWORD, DEMO_SECOND_OPERATOR } from './index.ts'
import { stepTimes } from './claim-times.ts'
import { seedBankPayout } from './demo-bank-payouts.ts'
import { demoCardPolicy } from './demo-purchase.ts'
import { damagePhoto, documentScan } from './demo-pictures.ts'
import { postTransferAt } from './ledger-time.ts'
import { INCIDENTS, INDIVIDUAL_SEEDS, OPEN, PLAN_SEEDS, SEEDS, type Seed, pathTo } from './claim-seeds.ts'

// The demo's claims (issue 15): the demo business has a gadget and a comprehensive motor policy with a
// claim in every status and three of its staff plan's members claims on it (decision 170), the demo individual
// two claims on their gadget cover (decision 163), and the demo operator has a queue. What each claim is lives
// in claim-seeds.ts. Seeded once, on the embedded default only.
// Each claim moved as a real one moves (docs/decisions/158-demo-history-in-time.md): its steps days
// apart from the day after the incident, the ones still open reaching the last day or two; its photos
// and documents uploaded as its status says they were; its money moved when its timeline says.

/** A policy of the demo business's, bought by card 200 days ago, for its claims to be made on. */
function demoPolicy(
	db: Db,
	owner: { id: string; customerId: string },
	key: string,
	input: Record<string, unknown>,
	activation: Record<string, string>,
) {
	const start = addDays(lagosDate(new Date()), -200)
	return db.transaction((tx) =>
		demoCardPolicy(tx, owner, {
			key,
			input,
			start,
			coverEnd: addDays(lagosDate(new Date()), 165),
			bought: new Date(`${start}T10:00:00+01:00`),
			status: 'active',
			activation,
		}),
	)
}

export async function seedDemoClaims(db: Db, storage: Storage) {
	await createOperator(db, { ...DEMO_OPERATOR, password: DEMO_PASSWORD })
	await createOperator(db, { ...DEMO_SECOND_OPERATOR, password: DEMO_PASSWORD })
	const [operator] = await db.select({ id: t.users.id }).from(t.users).where(eq(t.users.email, DEMO_OPERATOR.email))
	// Each account's claims are seeded once, whichever of them a data directory already has.
	const desk: Desk = { operatorId: operator?.id ?? null, scans: new Map() }
	await seedBusinessClaims(db, storage, desk)
	await seedIndividualClaims(db, storage, desk)
}

/** Who moved the demo's claims at the desk, and the document scans drawn once for all of them. */
type Desk = { operatorId: string | null; scans: Map<string, Uint8Array> }

/** The demo business's claims: one in every status, on a gadget and a motor policy of their own. */
async function seedBusinessClaims(db: Db, storage: Storage, desk: Desk) {
	const [owner] = await db
		.select({ id: t.users.id, customerId: t.users.customerId })
		.from(t.users)
		.where(eq(t.users.email, 'business@example.com'))
	if (!owner) return
	const [already] = await db.select({ id: t.claims.id }).from(t.claims).where(eq(t.claims.customerId, owner.customerId)).limit(1)
	if (already) return
	const gadget = await demoPolicy(
		db,
		owner,
		'demo-claims-gadget',
		{ product_id: PRODUCT_IDS.gadget, gadget_type: 'phone', device_value: 450_000, period: 'annual' },
		{
			brand_and_model: 'Samsung Galaxy A54',
			serial_number: 'R58T30ABCDE',
		},
	)
	const auto = await demoPolicy(
		db,
		owner,
		'demo-claims-auto',
		{ product_id: PRODUCT_IDS.comprehensive, vehicle_class: 'private_car', vehicle_value: 12_000_000 },
		{
			registration_number: 'KJA 456 CD',
			make_and_model: 'Toyota Corolla 2019',
			chassis_number: '2T1BURHE0KC123456',
		},
	)
	const maker = { ...owner, name: 'Adaeze Okafor', ...desk }
	for (const [i, seed] of SEEDS.entries()) await seedClaim(db, storage, maker, seed.policy === 'gadget' ? gadget : auto, seed, i)
	// The staff plan's (seeded before the claims, where the demo has its staff): each claim made for a member.
	const [plan] = await db
		.select()
		.from(t.policies)
		.where(and(eq(t.policies.customerId, owner.customerId), eq(t.policies.productId, PRODUCT_IDS.zencarePlus), eq(t.policies.kind, 'plan')))
		.limit(1)
	if (!plan) return
	// Its members since its first day, so each incident falls after the member joined.
	const members = await db
		.select({ id: t.staff.id, name: sql<string>`${t.staff.firstName} || ' ' || ${t.staff.lastName}` })
		.from(t.staff)
		.innerJoin(t.employees, eq(t.employees.id, t.staff.employeeId))
		.where(and(eq(t.staff.policyId, plan.id), lte(t.employees.enrolledOn, plan.coverStart)))
		.orderBy(t.staff.lastName, t.staff.firstName, t.staff.id)
	// Incidents 15, 25 and 35 days back: inside the plan's cover, which started on the 1st three months ago.
	for (const [n, seed] of PLAN_SEEDS.entries()) {
		const member = members[seed.member]
		if (member) await seedClaim(db, storage, maker, plan, seed, n + 1, member)
	}
}

/** The demo individual's claims (decision 163), on the gadget cover of their year of history. */
async function seedIndividualClaims(db: Db, storage: Storage, desk: Desk) {
	const [owner] = await db
		.select({ id: t.users.id, customerId: t.users.customerId, name: sql<string>`${t.users.firstName} || ' ' || ${t.users.lastName}` })
		.from(t.users)
		.where(eq(t.users.email, 'individual@example.com'))
	if (!owner) return
	const [already] = await db.select({ id: t.claims.id }).from(t.claims).where(eq(t.claims.customerId, owner.customerId)).limit(1)
	if (already) return
	const [policy] = await db
		.select()
		.from(t.policies)
		.where(and(eq(t.policies.customerId, owner.customerId), eq(t.policies.productId, PRODUCT_IDS.gadget), eq(t.policies.status, 'active')))
		.limit(1)
	if (!policy) return
	// Days apart from the business's claims (each claim's incident is `i * 10 + 5` days back).
	for (const [n, seed] of INDIVIDUAL_SEEDS.entries()) await seedClaim(db, storage, { ...owner, ...desk }, policy, seed, 2 + n * 4)
}

type Maker = Desk & {
	id: string
	customerId: string
	/** The claimant's full name: the account holder's. */
	name: string
}

/**
 * One demo claim as the service would have moved it: its steps from the day after the incident, its
 * photos and documents as its status says they were uploaded, its activity line, and its money when its
 * timeline says.
 */
async function seedClaim(
	db: Db,
	storage: Storage,
	maker: Maker,
	policy: typeof t.policies.$inferSelect,
	seed: Seed,
	i: number,
	member?: { id: string; name: string },
) {
	const { scans } = maker
	const owner = { id: maker.id, customerId: maker.customerId }
	const operator = maker.operatorId ? { id: maker.operatorId } : undefined
	const now = new Date()
	const year = now.getUTCFullYear()
	const category = seed.policy === 'plan' ? 'health' : seed.policy
	const needs = claimNeeds(category, seed.incident as IncidentType)
	const day = addDays(lagosDate(now), -(i * 10 + 5))
	const statuses = pathTo(seed.status, needs)
	const text = INCIDENTS[seed.incident]!
	// A repairer's parts and labour, or a hospital's bill and its drugs.
	const [main, rest] = category === 'health' ? (['bill', 'Drugs'] as const) : (['parts', 'Fitting'] as const)
	const estimate: EstimateLine[] = statuses.includes('estimate_submitted')
		? [
				{ kind: main, description: text.part, amount: seed.amount - 10_000 },
				{ kind: category === 'health' ? 'bill' : 'labour', description: rest, amount: 10_000 },
			]
		: []
	const times = stepTimes(day, statuses.length, OPEN.includes(seed.status), now, i)
	const at = (status: ClaimStatus) => times[statuses.indexOf(status)]
	// What the customer uploaded: photos of the damage once past the first step, where the line
	// inspects; every document of the checklist once the claim went to the desk.
	const inspected = needs.inspection && seed.status !== 'pending'
	const photos = inspected ? DAMAGE_PHOTOS.slice(0, 2 + (i % 2)) : []
	const documents = statuses.includes('documented') ? CLAIM_DOCUMENTS[seed.incident as IncidentType] : []
	const files = [
		...(await Promise.all(
			photos.map(async (field, n) => ({
				field,
				filename: `IMG_20${String(1000 + i * 7 + n)}.jpg`,
				bytes: await damagePhoto(category === 'auto' ? 'auto' : 'gadget', n),
				at: new Date(times[0]!.getTime() + (20 + n) * 60_000),
			})),
		)),
		...(await Promise.all(
			documents.map(async (d) => {
				const bytes = scans.get(d.name) ?? (await documentScan(d.label))
				scans.set(d.name, bytes)
				return {
					field: d.name,
					filename: `${d.name.replace(/_/g, '-')}.jpg`,
					bytes,
					at: new Date(at('documented')!.getTime() - 40 * 60_000),
				}
			}),
		)),
	]
	const keys = await Promise.all(files.map((f) => storage.put(f.bytes)))
	await db.transaction(async (tx) => {
		const result = (await tx.execute(sql`select nextval('claim_number_seq')::int as n`)) as unknown as { rows: Array<{ n: number }> }
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
				description: text.description,
				amount: seed.amount,
				claimantName: member?.name ?? maker.name,
				claimantStaffId: member?.id ?? null,
				estimate,
				offer: seed.offer ?? null,
				declineReason: seed.reason ?? null,
				deskNote: seed.note ?? null,
				rejectionComment: seed.status === 'offer_rejected' ? 'The repairer’s quote was higher than the assessment.' : null,
				payoutMethod: seed.bank ? 'bank' : seed.status === 'paid' || seed.status === 'settled' ? 'wallet' : null,
				payoutBank: seed.bank ?? null,
				createdBy: owner.id,
				submittedAt: at('documented') ?? null,
				createdAt: times[0],
				updatedAt: times.at(-1),
			})
			.returning()
		// As the service records a claim started (services/claims/lifecycle.ts).
		await recordActivity(tx, {
			customerId: owner.customerId,
			actorUserId: owner.id,
			type: 'claims.created',
			description: `${maker.name.split(' ')[0]} started claim ${claim!.claimNumber} on ${productById(policy.productId as ProductId).name} policy ${policy.policyNumber}`,
			at: times[0],
		})
		if (files.length) {
			await tx.insert(t.claimFiles).values(
				files.map((f, n) => ({
					customerId: owner.customerId,
					claimId: claim!.id,
					field: f.field,
					filename: f.filename,
					mediaType: 'image/jpeg',
					size: f.bytes.length,
					storageKey: keys[n]!,
					createdAt: f.at,
				})),
			)
		}
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
				createdAt: times[j],
			})
		}
		if (seed.offer && ['offer_accepted', 'paid', 'settled'].includes(seed.status)) {
			const facts = { claimId: claim!.id, customerId: owner.customerId, amount: seed.offer.payable, reference: claim!.claimNumber }
			const accepted = at('offer_accepted')!
			await postTransferAt(tx, claimReserveTransfer(facts), accepted)
			if (seed.bank) {
				const sent = new Date(accepted.getTime() + 90 * 60_000)
				await seedBankPayout(tx, claim!, seed.bank, seed.offer.payable, operator?.id ?? null, sent, at('paid') ?? null)
			} else if (seed.status !== 'offer_accepted') {
				const paid = await postTransferAt(tx, claimPayoutTransfer(facts), at('paid')!)
				await tx.update(t.claims).set({ payoutTransferId: paid.id }).where(eq(t.claims.id, claim!.id))
			}
		}
	})
}
