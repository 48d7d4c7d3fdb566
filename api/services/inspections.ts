import { createHash, randomInt } from 'node:crypto'
import { and, asc, desc, eq, isNull } from 'drizzle-orm'
import type { z } from 'zod'
import {
	INSPECTION_ANGLES,
	INSPECTION_LINK_MESSAGE,
	INSPECTION_LINK_MINUTES,
	INSPECTION_REJECT_REASONS,
	type Inspection,
	type InspectionDecisionBody,
	type InspectionKind,
	type InspectionRejectReason,
	LINK_CODE_ALPHABET,
	LINK_CODE_LENGTH,
	normalizeLinkCode,
} from '../contract/inspections.ts'
import type { InspectionStatus } from '../contract/statuses.ts'
import type { Db, Tx } from '../db/client.ts'
import { customers, inspectionLinks, inspectionPhotos, inspections, type kitSessions, partnerKeys, policies } from '../db/schema.ts'
import { type Product, productById } from '../domain/catalogue/index.ts'
import {
	type InspectionAction,
	type InspectionActor,
	approvalActivates,
	inspectionKindOf,
	inspectionTransition,
	isAngle,
	linkProblem,
	missingAngles,
} from '../domain/inspections.ts'
import { lagosDate } from '../domain/policies.ts'
import { policyState } from '../domain/policy-state.ts'
import type { Deps } from '../deps.ts'
import { ApiError, notFound } from '../errors.ts'
import type { AuthUser } from '../http.ts'
import { takeAddressHit } from '../security/address-limit.ts'
import { recordActivity } from './accounts.ts'
import { approveInspection } from './activation.ts'
import { readOneUpload } from './claims.ts'
import { notifyInspection } from './inspection-mail.tsx'
import { completeKitSession } from './kit.ts'
import { mailCoverActive } from './money-mail.tsx'
import { liveEvents } from './policies.ts'

// Pre-inspections (docs/decisions/103 to 106): started by the policy's business, photographed on its
// desktop, on a phone through a hand-off link or in a partner's kit, and reviewed by the insurer's desk.

type InspectionRow = typeof inspections.$inferSelect
type PolicyRow = typeof policies.$inferSelect

/** Who is acting on an inspection: a member of its business, the holder of a link, a kit session, or the desk. */
export type InspectionActorRef = { actor: InspectionActor; userId: string | null; customerId: string | null }

const NOT_FOUND = 'inspection'

/** What identifies the insured item, from its activation details. */
function itemOf(policy: PolicyRow) {
	const a = policy.activation ?? {}
	const parts = [a.registration_number, a.make_and_model, a.brand_and_model, a.serial_number].filter(Boolean)
	return parts.length ? parts.join(' · ') : null
}

export async function serializeInspection(db: Db, row: InspectionRow): Promise<Inspection> {
	const [policy] = await db.select().from(policies).where(eq(policies.id, row.policyId))
	const [business] = await db.select({ name: customers.name }).from(customers).where(eq(customers.id, row.customerId))
	const photos = await db
		.select()
		.from(inspectionPhotos)
		.where(eq(inspectionPhotos.inspectionId, row.id))
		.orderBy(asc(inspectionPhotos.createdAt))
	const kind = row.kind as InspectionKind
	const product = productById(policy!.productId as Product['id'])
	const reason = row.rejectReason as InspectionRejectReason | null
	return {
		id: row.id,
		policy_id: row.policyId,
		policy_number: policy!.policyNumber,
		product_name: product.name,
		business: business?.name ?? '',
		kind,
		status: row.status,
		activates_cover: approvalActivates(policy!.productId),
		item: itemOf(policy!),
		angles: INSPECTION_ANGLES[kind].map((a) => {
			const photo = photos.find((p) => p.angle === a.name)
			return {
				name: a.name,
				label: a.label,
				hint: a.hint,
				photo: photo ? { id: photo.id, filename: photo.filename, media_type: photo.mediaType, size: photo.size } : null,
			}
		}),
		missing: missingAngles(
			kind,
			photos.map((p) => p.angle),
		).map((a) => a.name),
		reject_reason: reason,
		reject_reason_label: reason ? INSPECTION_REJECT_REASONS[reason] : null,
		desk_note: row.deskNote,
		submitted_at: row.submittedAt?.toISOString() ?? null,
		reviewed_at: row.reviewedAt?.toISOString() ?? null,
		updated_at: row.updatedAt.toISOString(),
	}
}

/** A policy of the caller's business that is pre-inspected, with its kind; 404 for another business's. */
async function inspectablePolicy(db: Db, customerId: string, policyId: string) {
	const [policy] = await db
		.select()
		.from(policies)
		.where(and(eq(policies.id, policyId), eq(policies.customerId, customerId)))
	if (!policy) throw notFound('policy')
	const product = productById(policy.productId as Product['id'])
	const kind = inspectionKindOf(product)
	if (!kind) throw new ApiError(409, `${product.name} cover needs no pre-inspection.`)
	return { policy, product, kind }
}

/** The inspection of a policy of the caller's business, or a 404 when none was started. */
export async function policyInspection(db: Db, customerId: string, policyId: string) {
	await inspectablePolicy(db, customerId, policyId)
	const [row] = await db.select().from(inspections).where(eq(inspections.policyId, policyId))
	if (!row) throw new ApiError(404, 'No pre-inspection has been started for this policy.')
	return row
}

/** An inspection by its id, within one business (null: the desk, any business). */
export async function findInspection(db: Db, customerId: string | null, id: string) {
	const [row] = await db
		.select()
		.from(inspections)
		.where(customerId ? and(eq(inspections.id, id), eq(inspections.customerId, customerId)) : eq(inspections.id, id))
	if (!row) throw notFound(NOT_FOUND)
	return row
}

/**
 * Start the pre-inspection of a policy, or answer the one already started. Own-damage auto cover is
 * inspected once its activation details are in (its cover waits for it); a gadget while its cover runs.
 */
export async function startInspection(deps: Deps, auth: Pick<AuthUser, 'id' | 'customerId' | 'firstName'>, policyId: string) {
	const { policy, product, kind } = await inspectablePolicy(deps.db, auth.customerId, policyId)
	const [existing] = await deps.db.select().from(inspections).where(eq(inspections.policyId, policyId))
	if (existing) return existing
	if (kind === 'vehicle') {
		if (policy.status === 'active') throw new ApiError(409, 'This policy is already active: its pre-inspection was approved.')
		if (!policy.activatedAt) throw new ApiError(409, 'Send the vehicle’s details first: activate the policy, then take its photos.')
	} else {
		const today = lagosDate(deps.now())
		const state = policyState(policy, await liveEvents(deps.db, { customerId: auth.customerId, policyId }), today)
		if (state !== 'active') throw new ApiError(409, 'Only a device whose cover is active can be pre-inspected.')
	}
	return deps.db.transaction(async (tx) => {
		const [made] = await tx
			.insert(inspections)
			.values({
				customerId: auth.customerId,
				policyId,
				kind,
				status: 'open',
				startedBy: auth.id,
				createdAt: deps.now(),
				updatedAt: deps.now(),
			})
			.onConflictDoNothing()
			.returning()
		if (!made) return (await tx.select().from(inspections).where(eq(inspections.policyId, policyId)))[0]!
		await recordActivity(tx, {
			customerId: auth.customerId,
			actorUserId: auth.id,
			type: 'policies.inspection_started',
			description: `${auth.firstName} started the pre-inspection of ${product.name} policy ${policy.policyNumber}`,
		})
		return made
	})
}

async function lockAndMove(tx: Tx, id: string, action: InspectionAction, actor: InspectionActor) {
	const [locked] = await tx.select().from(inspections).where(eq(inspections.id, id)).for('update')
	if (!locked) throw notFound(NOT_FOUND)
	const move = inspectionTransition(locked.status as InspectionStatus, action, actor)
	if (!move.ok) throw new ApiError(move.status, move.message)
	return { locked, next: move.next }
}

/**
 * One photo of one angle, checked by its size and content (decoded and encoded again, off the request
 * thread: decision 029) before anything is stored; a second photo of an angle replaces the first.
 */
export async function uploadInspectionPhoto(deps: Deps, row: InspectionRow, angle: string, readForm: () => Promise<FormData | null>) {
	if (!isAngle(row.kind as InspectionKind, angle)) throw notFound('photo of this inspection')
	const check = inspectionTransition(row.status as InspectionStatus, 'upload', 'customer')
	if (!check.ok) throw new ApiError(check.status, check.message)
	const upload = await readOneUpload(readForm, angle, true)
	const key = await deps.storage.put(upload.bytes)
	try {
		const { photo, old } = await deps.db.transaction(async (tx) => {
			const { next } = await lockAndMove(tx, row.id, 'upload', 'customer')
			const old = await tx
				.delete(inspectionPhotos)
				.where(and(eq(inspectionPhotos.inspectionId, row.id), eq(inspectionPhotos.angle, angle)))
				.returning({ key: inspectionPhotos.storageKey })
			const [photo] = await tx
				.insert(inspectionPhotos)
				.values({
					inspectionId: row.id,
					customerId: row.customerId,
					angle,
					filename: upload.name,
					mediaType: upload.type,
					size: upload.bytes.length,
					storageKey: key,
					createdAt: deps.now(),
				})
				.returning()
			await tx.update(inspections).set({ status: next, updatedAt: deps.now() }).where(eq(inspections.id, row.id))
			return { photo: photo!, old }
		})
		await Promise.all(old.map((o) => deps.storage.remove(o.key)))
		return photo
	} catch (error) {
		await deps.storage.remove(key)
		throw error
	}
}

/** Every angle in: the inspection goes to the desk's queue, and every hand-off link of it is spent. */
export async function submitInspection(deps: Deps, row: InspectionRow, by: { userId: string | null; via: string }) {
	return deps.db.transaction(async (tx) => {
		const { locked, next } = await lockAndMove(tx, row.id, 'submit', 'customer')
		const photos = await tx
			.select({ angle: inspectionPhotos.angle })
			.from(inspectionPhotos)
			.where(eq(inspectionPhotos.inspectionId, row.id))
		const missing = missingAngles(
			locked.kind as InspectionKind,
			photos.map((p) => p.angle),
		)
		if (missing.length) {
			throw new ApiError(
				409,
				`Take every photo first: ${missing
					.map((a) => a.label.toLowerCase())
					.join(', ')
					.replace(/^./, (c) => c.toUpperCase())} ${missing.length === 1 ? 'is' : 'are'} missing.`,
			)
		}
		await tx
			.update(inspectionLinks)
			.set({ usedAt: deps.now() })
			.where(and(eq(inspectionLinks.inspectionId, row.id), isNull(inspectionLinks.usedAt), isNull(inspectionLinks.revokedAt)))
		const [submitted] = await tx
			.update(inspections)
			.set({ status: next, submittedAt: deps.now(), updatedAt: deps.now() })
			.where(eq(inspections.id, row.id))
			.returning()
		const [policy] = await tx.select({ number: policies.policyNumber }).from(policies).where(eq(policies.id, row.policyId))
		await recordActivity(tx, {
			customerId: row.customerId,
			actorUserId: by.userId,
			type: 'policies.inspection_submitted',
			description: `The photos of policy ${policy!.number} were sent for pre-inspection (${by.via})`,
		})
		return submitted!
	})
}

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex')

function newLinkCode() {
	let code = ''
	for (let i = 0; i < LINK_CODE_LENGTH; i++) code += LINK_CODE_ALPHABET[randomInt(LINK_CODE_ALPHABET.length)]
	return code
}

/**
 * A hand-off link to a phone: a random code (about 59 bits), kept only as its hash, good for 30
 * minutes and for one submission. Making one revokes the inspection's earlier links.
 */
export async function createInspectionLink(deps: Deps, auth: AuthUser, id: string, portalUrl: string) {
	const row = await findInspection(deps.db, auth.customerId, id)
	const check = inspectionTransition(row.status as InspectionStatus, 'upload', 'customer')
	if (!check.ok) throw new ApiError(check.status, check.message)
	const code = newLinkCode()
	const expiresAt = new Date(deps.now().getTime() + INSPECTION_LINK_MINUTES * 60_000)
	await deps.db.transaction(async (tx) => {
		await tx
			.update(inspectionLinks)
			.set({ revokedAt: deps.now() })
			.where(and(eq(inspectionLinks.inspectionId, id), isNull(inspectionLinks.usedAt), isNull(inspectionLinks.revokedAt)))
		await tx
			.insert(inspectionLinks)
			.values({ inspectionId: id, codeHash: hashCode(code), createdBy: auth.id, expiresAt, createdAt: deps.now() })
	})
	return { code, url: `${portalUrl}/inspection-scanner?code=${code}`, expires_at: expiresAt.toISOString() }
}

/**
 * The inspection a hand-off code opens. A code that is unknown, revoked, expired or spent gets the
 * spec's one message: 404 when it never was (or was replaced), 410 when its time or its use is over.
 */
export async function inspectionByLink(deps: Deps, typed: string, clientAddress: string | null) {
	const code = normalizeLinkCode(typed)
	const [link] = code
		? await deps.db
				.select()
				.from(inspectionLinks)
				.where(eq(inspectionLinks.codeHash, hashCode(code)))
		: []
	const problem = linkProblem(link ?? null, deps.now())
	if (problem) {
		// Codes that open nothing count against the caller's network, so guessing one is bounded (429).
		await takeAddressHit(deps.db, clientAddress, 'inspection-link-failure', deps.now())
		throw new ApiError(problem === 'missing' ? 404 : 410, INSPECTION_LINK_MESSAGE)
	}
	const [row] = await deps.db.select().from(inspections).where(eq(inspections.id, link!.inspectionId))
	return { row: row!, link: link! }
}

/** The desk's queue: inspections waiting for review first, oldest submission first (at most 100). */
export async function listInspections(db: Db, customerId: string | null, status?: InspectionStatus) {
	const where = and(customerId ? eq(inspections.customerId, customerId) : undefined, status ? eq(inspections.status, status) : undefined)
	const rows = await db
		.select()
		.from(inspections)
		.where(where)
		.orderBy(status === 'submitted' ? asc(inspections.submittedAt) : desc(inspections.updatedAt))
		.limit(100)
	return Promise.all(rows.map((r) => serializeInspection(db, r)))
}

/**
 * The desk's decision. Approving own-damage auto cover starts it (`approveInspection`, in the same
 * transaction) and mails its certificate once that commits; a rejection says why, and the customer
 * may take the photos again. Both are audited on the business's activity.
 */
export async function decideInspection(deps: Deps, auth: AuthUser, id: string, body: z.output<typeof InspectionDecisionBody>) {
	const { decided, activated } = await deps.db.transaction(async (tx) => {
		const { locked, next } = await lockAndMove(tx, id, body.decision, 'operator')
		const [policy] = await tx.select().from(policies).where(eq(policies.id, locked.policyId))
		const activated =
			body.decision === 'approve' && approvalActivates(policy!.productId)
				? await approveInspection(tx, locked.policyId, { userId: auth.id, today: lagosDate(deps.now()) })
				: null
		const [decided] = await tx
			.update(inspections)
			.set({
				status: next,
				rejectReason: body.decision === 'reject' ? body.reason_code : null,
				deskNote: body.note || null,
				reviewedBy: auth.id,
				reviewedAt: deps.now(),
				updatedAt: deps.now(),
			})
			.where(eq(inspections.id, id))
			.returning()
		if (body.decision === 'reject' || !activated) {
			await recordActivity(tx, {
				customerId: locked.customerId,
				actorUserId: auth.id,
				type: body.decision === 'reject' ? 'policies.inspection_rejected' : 'policies.inspection_approved',
				description:
					body.decision === 'reject'
						? `The pre-inspection of policy ${policy!.policyNumber} was sent back: ${INSPECTION_REJECT_REASONS[body.reason_code]}`
						: `The pre-inspection of policy ${policy!.policyNumber} was approved`,
			})
		}
		return { decided: decided!, activated }
	})
	if (activated) await mailCoverActive(deps, activated, activated.custodianUserId ?? decided.startedBy ?? auth.id)
	else await notifyInspection(deps, decided)
	return decided
}

/** A photo's bytes: within one business, or any for the desk. */
export async function readInspectionPhoto(deps: Deps, inspectionId: string, customerId: string | null, photoId: string) {
	await findInspection(deps.db, customerId, inspectionId)
	const [photo] = await deps.db
		.select()
		.from(inspectionPhotos)
		.where(and(eq(inspectionPhotos.id, photoId), eq(inspectionPhotos.inspectionId, inspectionId)))
	const bytes = photo ? await deps.storage.get(photo.storageKey) : null
	if (!photo || !bytes) throw notFound('photo')
	return { photo, bytes }
}

/** A kit session to inspect: its policy's inspection, started on the partner's behalf when it is not yet. */
export async function kitInspection(deps: Deps, session: typeof kitSessions.$inferSelect) {
	if (session.action !== 'inspect' || !session.policyId) throw new ApiError(409, 'This kit session is not an inspection.')
	const [key] = await deps.db.select().from(partnerKeys).where(eq(partnerKeys.id, session.partnerKeyId))
	return startInspection(deps, { id: key!.createdBy, customerId: session.customerId, firstName: key!.name }, session.policyId)
}

/** The kit's inspection is submitted: the session completes, once, and the partner's webhook is queued. */
export async function completeKitInspection(deps: Deps, session: typeof kitSessions.$inferSelect, row: InspectionRow) {
	await completeKitSession(deps, session, 'kit.inspection.submitted', async (tx) => {
		const [policy] = await tx.select({ number: policies.policyNumber }).from(policies).where(eq(policies.id, row.policyId))
		return {
			inspection: { id: row.id, status: row.status },
			policy: { id: row.policyId, policy_number: policy?.number ?? null },
		}
	})
}
