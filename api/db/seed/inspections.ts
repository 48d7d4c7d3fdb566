import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { INSPECTION_ANGLES } from '../../contract/inspections.ts'
import type { InspectionStatus } from '../../contract/statuses.ts'
import { addDays, lagosDate } from '../../domain/policies.ts'
import type { Storage } from '../../storage/index.ts'
import type { Db } from '../client.ts'
import * as t from '../schema.ts'
import { PRODUCT_IDS } from '../../contract/product-ids.ts'
import { demoCardPolicy } from './demo-purchase.ts'
import { vehiclePhoto } from './demo-pictures.ts'
import { DEMO_OPERATOR } from './index.ts'
import { passedOr, workingHoursOn } from './seed-time.ts'

// The demo's pre-inspections (docs/decisions/103-pre-inspections.md): the demo business has own-damage
// motor cover waiting in every state of its inspection, and the demo operator has one to review.
// Seeded once, on the embedded default only, after the claims' seed (which makes the operator).
// Each car's story is dated from its purchase (decision 158): details sent as it is bought, photos
// started minutes later, taken and sent the next working day, reviewed the day after; never after the seed.

type Seed = {
	plate: string
	model: string
	chassis: string
	/** What the business insured it for, in Naira: its premium follows. */
	value: number
	/** The Lagos time of the morning (or afternoon) it was bought, its cover starting that day. */
	boughtAt: string
	/** null: the details are in but no inspection was started. */
	status: InspectionStatus | null
	/** How many of the seven photos are taken. */
	photos: number
	reason?: string
	note?: string
}

const SEEDS: Seed[] = [
	{
		plate: 'LSR 214 KJ',
		model: 'Kia Rio 2020',
		chassis: 'KNADN512BL6123456',
		value: 11_500_000,
		boughtAt: '08:30',
		status: null,
		photos: 0,
	},
	{
		plate: 'EKY 880 AA',
		model: 'Hyundai Elantra 2017',
		chassis: 'KMHD84LF4HU123456',
		value: 9_500_000,
		boughtAt: '11:05',
		status: 'open',
		photos: 3,
	},
	{
		plate: 'APP 305 XB',
		model: 'Toyota Camry 2018',
		chassis: '4T1B11HK5JU123456',
		value: 17_000_000,
		boughtAt: '09:40',
		status: 'submitted',
		photos: 7,
	},
	{
		plate: 'KTU 617 FG',
		model: 'Honda CR-V 2016',
		chassis: '2HKRM4H75GH123456',
		value: 13_500_000,
		boughtAt: '15:20',
		status: 'rejected',
		photos: 7,
		reason: 'number_unreadable',
		note: 'The chassis number photo is blurred: take it again in daylight.',
	},
	{
		plate: 'FST 902 LA',
		model: 'Lexus RX 350 2019',
		chassis: '2T2BZMCA1KC123456',
		value: 32_000_000,
		boughtAt: '10:15',
		status: 'approved',
		photos: 7,
	},
]

/**
 * A hand-off code of the demo that expired long ago, so the message of an expired link can be seen (and
 * tested) without waiting 30 minutes: being expired, it opens nothing.
 */
export const DEMO_EXPIRED_LINK_CODE = 'EXPRDDEMXK23'

export async function seedDemoInspections(db: Db, storage: Storage, now = new Date()) {
	const [owner] = await db
		.select({ id: t.users.id, customerId: t.users.customerId })
		.from(t.users)
		.where(eq(t.users.email, 'business@example.com'))
	if (!owner) return
	const [already] = await db
		.select({ id: t.inspections.id })
		.from(t.inspections)
		.where(eq(t.inspections.customerId, owner.customerId))
		.limit(1)
	if (already) return
	const [operator] = await db.select({ id: t.users.id }).from(t.users).where(eq(t.users.email, DEMO_OPERATOR.email))
	const today = lagosDate(now)
	const minutesAfter = (at: Date, minutes: number) => new Date(at.getTime() + minutes * 60_000)
	for (const [i, seed] of SEEDS.entries()) {
		const photos = await Promise.all(
			INSPECTION_ANGLES.vehicle.slice(0, seed.photos).map(async (a, j) => ({ angle: a.name, bytes: await vehiclePhoto(i + j) })),
		)
		const keys = await Promise.all(photos.map((p) => storage.put(p.bytes)))
		const start = addDays(today, -(i + 2))
		const bought = new Date(`${start}T${seed.boughtAt}:00+01:00`)
		const started = passedOr(minutesAfter(bought, 12), now, bought, 0.2)
		const submitted = seed.photos === 7 ? passedOr(workingHoursOn(addDays(start, 1)), now, started, 0.4) : null
		const reviewed =
			seed.status === 'approved' || seed.status === 'rejected'
				? passedOr(workingHoursOn(addDays(start, 2), 40), now, submitted ?? started, 0.6)
				: null
		const input = { product_id: PRODUCT_IDS.comprehensive, vehicle_class: 'private_car', vehicle_value: seed.value, period: 'annual' }
		await db.transaction(async (tx) => {
			// Paid by card the day its cover started: a purchase is paid before its inspection.
			const policy = await demoCardPolicy(tx, owner, {
				key: `demo-inspection-${i}`,
				input,
				start,
				coverEnd: addDays(today, 363 - i),
				bought,
				status: seed.status === 'approved' ? 'active' : 'pending',
				activation: { registration_number: seed.plate, make_and_model: seed.model, chassis_number: seed.chassis },
			})
			await tx.insert(t.policyEvents).values({
				customerId: owner.customerId,
				policyId: policy.id,
				kind: 'activated',
				effectiveOn: start,
				description: 'Details sent; waiting for the pre-inspection',
				actorUserId: owner.id,
				createdAt: bought,
			})
			if (!seed.status) return
			const [inspection] = await tx
				.insert(t.inspections)
				.values({
					customerId: owner.customerId,
					policyId: policy.id,
					kind: 'vehicle',
					status: seed.status,
					rejectReason: seed.reason ?? null,
					deskNote: seed.note ?? null,
					startedBy: owner.id,
					reviewedBy: reviewed ? (operator?.id ?? null) : null,
					submittedAt: submitted,
					reviewedAt: reviewed,
					createdAt: started,
					updatedAt: reviewed ?? submitted ?? minutesAfter(started, 3 * seed.photos),
				})
				.returning()
			if (photos.length) {
				await tx.insert(t.inspectionPhotos).values(
					photos.map((p, j) => ({
						inspectionId: inspection!.id,
						customerId: owner.customerId,
						angle: p.angle,
						filename: `${p.angle}.jpg`,
						mediaType: 'image/jpeg',
						size: p.bytes.length,
						storageKey: keys[j]!,
						// One every three minutes: the seven just before they were sent, the first few as the start.
						createdAt: minutesAfter(submitted ? minutesAfter(submitted, -3 * photos.length) : started, 3 * j + 1),
					})),
				)
			}
			if (seed.status === 'open') {
				const linkMade = workingHoursOn(addDays(start, 1))
				await tx.insert(t.inspectionLinks).values({
					inspectionId: inspection!.id,
					codeHash: createHash('sha256').update(DEMO_EXPIRED_LINK_CODE).digest('hex'),
					createdBy: owner.id,
					// Made for a phone the day after the photos were started, and left to expire.
					createdAt: linkMade,
					expiresAt: minutesAfter(linkMade, 30),
				})
			}
			if (seed.status === 'approved') {
				await tx.insert(t.policyEvents).values({
					customerId: owner.customerId,
					policyId: policy.id,
					kind: 'inspection_approved',
					effectiveOn: lagosDate(reviewed!),
					description: 'Pre-inspection approved; cover is active',
					actorUserId: operator?.id ?? null,
					createdAt: reviewed!,
				})
			}
		})
	}
}
