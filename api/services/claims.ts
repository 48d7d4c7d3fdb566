import { and, asc, desc, eq, gte, ilike, inArray, lte, or, sql } from 'drizzle-orm'
import { INCIDENT_TYPES, type IncidentType } from '../contract/catalogue.ts'
import {
	type Claim,
	type ClaimSummary,
	DAMAGE_PHOTOS,
	type ClaimDetailsBody,
	type ClaimListQuery,
	type EstimateLine,
	type PlanUsage,
} from '../contract/claims.ts'
import type { ClaimStatus } from '../contract/statuses.ts'
import type { Db, Tx } from '../db/client.ts'
import { claimEvents, claimFiles, claims, customers, policies, purchases, staff, users } from '../db/schema.ts'
import { type Product, productById } from '../domain/catalogue/index.ts'
import {
	CLAIM_DOCUMENTS,
	COUNTS_AGAINST_LIMIT,
	type ClaimAction,
	type ClaimActor,
	claimAmountProblem,
	claimLimit,
	claimNeeds,
	claimRefusal,
	incidentDateProblem,
	missingForReview,
	nextStep,
	transition,
} from '../domain/claims.ts'
import { lagosDate } from '../domain/policies.ts'
import { policyFlags } from '../domain/policy-state.ts'
import type { Deps } from '../deps.ts'
import type { AuthUser } from '../http.ts'
import { ApiError, fieldError, notFound } from '../errors.ts'
import { UPLOAD_MAX_BYTES, UPLOAD_TYPES } from '../storage/index.ts'
import { checkUpload, IMAGE_MAX_PIXELS, type UploadProblem } from '../storage/uploads.ts'
import { recordActivity } from './accounts.ts'
import { notifyClaim } from './claim-mail.tsx'
import { notify } from './notifications.ts'
import { liveEvents } from './purchases.ts'

type ClaimRow = typeof claims.$inferSelect
type PolicyRow = typeof policies.$inferSelect
type Details = import('zod').output<typeof ClaimDetailsBody>

export const CLAIM_UPLOAD_TYPE_MESSAGE = 'Upload a JPG, PNG or PDF.'
export const CLAIM_PHOTO_MESSAGE = 'Upload a JPG or PNG photo.'
export const CLAIM_UPLOAD_SIZE_MESSAGE = 'Each file must be 5 MB or smaller.'
const DOCUMENT_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const
const PHOTO_TYPES = ['image/jpeg', 'image/png'] as const

const claimNumber = (year: number, sequence: number) => `CL-${year}-${String(sequence).padStart(6, '0')}`

async function policyOf(db: Db | Tx, customerId: string, policyId: string) {
	const [row] = await db
		.select({
			policy: policies,
			input: purchases.input,
			holder: customers.name,
			custodianFirst: users.firstName,
			custodianLast: users.lastName,
		})
		.from(policies)
		.innerJoin(purchases, eq(purchases.id, policies.purchaseId))
		.innerJoin(customers, eq(customers.id, policies.customerId))
		.leftJoin(users, eq(users.id, policies.custodianUserId))
		.where(and(eq(policies.customerId, customerId), eq(policies.id, policyId)))
	if (!row) throw notFound('policy')
	const product = productById(row.policy.productId as Product['id'])
	const custodian = row.custodianFirst ? `${row.custodianFirst} ${row.custodianLast}` : null
	return { ...row, product, holderName: custodian ?? row.holder }
}

/** Whether a policy takes claims now, with the spec's flags (section 3) and the incident day. */
async function policyState(db: Db | Tx, policy: PolicyRow, now: Date) {
	const events = await liveEvents(db, { customerId: policy.customerId, policyId: policy.id })
	const { state: _state, ...flags } = policyFlags(policy, events, lagosDate(now))
	return { ...flags, coverStart: policy.coverStart, coverEnd: policy.coverEnd }
}

/** What other claims of the policy took from the limit this one is measured against (per member on staff plans). */
async function usedAgainstLimit(
	db: Db | Tx,
	claim: { policyId: string; incidentType: string; claimantStaffId: string | null; id?: string },
) {
	const [row] = await db
		.select({ used: sql<number>`coalesce(sum(coalesce((${claims.offer}->>'payable')::int, ${claims.amount})), 0)::int` })
		.from(claims)
		.where(
			and(
				eq(claims.policyId, claim.policyId),
				eq(claims.incidentType, claim.incidentType),
				claim.claimantStaffId ? eq(claims.claimantStaffId, claim.claimantStaffId) : sql`${claims.claimantStaffId} is null`,
				inArray(claims.status, [...COUNTS_AGAINST_LIMIT]),
				claim.id ? sql`${claims.id} <> ${claim.id}` : undefined,
			),
		)
	return row?.used ?? 0
}

/** The claimant: a member of the staff plan when named, else the policy's custodian or holder. */
async function claimantOf(db: Db | Tx, policy: PolicyRow, holderName: string, staffId: string | undefined) {
	if (!staffId) return { staffId: null, name: holderName }
	const [member] = await db
		.select({ id: staff.id, first: staff.firstName, last: staff.lastName })
		.from(staff)
		.where(and(eq(staff.id, staffId), eq(staff.policyId, policy.id), eq(staff.customerId, policy.customerId)))
	if (!member) throw fieldError(400, 'claimant_staff_id', 'Choose a member of this plan.')
	return { staffId: member.id, name: `${member.first} ${member.last}` }
}

/** The details of a claim, checked against its policy: incident type of the line, date in cover, amount within the limit. */
async function checkDetails(db: Db | Tx, deps: Deps, ctx: Awaited<ReturnType<typeof policyOf>>, body: Details, claimId?: string) {
	const state = await policyState(db, ctx.policy, deps.now())
	const refusal = claimRefusal(state)
	if (refusal) throw new ApiError(409, refusal)
	if (!ctx.product.incident_types.includes(body.incident_type)) {
		throw fieldError(
			400,
			'incident_type',
			`Choose what happened: ${ctx.product.name} covers ${ctx.product.incident_types.map((t) => INCIDENT_TYPES[t].toLowerCase()).join(', ')}.`,
		)
	}
	const dateProblem = incidentDateProblem(body.incident_date, state, lagosDate(deps.now()))
	if (dateProblem) throw fieldError(400, 'incident_date', dateProblem)
	const claimant = await claimantOf(db, ctx.policy, ctx.holderName, body.claimant_staff_id)
	const limit = claimLimit(ctx.product, body.incident_type, ctx.input)
	const used = await usedAgainstLimit(db, {
		policyId: ctx.policy.id,
		incidentType: body.incident_type,
		claimantStaffId: claimant.staffId,
		...(claimId ? { id: claimId } : {}),
	})
	const amountProblem = claimAmountProblem(body.amount, limit, used)
	if (amountProblem) throw fieldError(400, 'amount', amountProblem)
	return claimant
}

/** A claim's status in a notification's words (the portal's badges say the same; app/lib/statuses.ts). */
export const CLAIM_STATUS_WORDS: Record<ClaimStatus, string> = {
	pending: 'more is needed from you',
	inspection_submitted: 'photos sent',
	estimate_submitted: 'estimate sent',
	documented: 'in review',
	approved: 'approved',
	declined: 'declined',
	offer_sent: 'an offer is waiting for you',
	offer_accepted: 'offer accepted',
	offer_rejected: 'offer rejected',
	paid: 'paid out',
	settled: 'settled',
}

export async function recordClaimEvent(
	tx: Db | Tx,
	claim: { id: string },
	event: {
		actor: ClaimActor
		userId: string | null
		action: ClaimAction | 'create'
		from: ClaimStatus | null
		to: ClaimStatus
		note?: string | null
	},
) {
	await tx.insert(claimEvents).values({
		claimId: claim.id,
		actor: event.actor,
		userId: event.userId,
		action: event.action,
		fromStatus: event.from,
		toStatus: event.to,
		note: event.note ?? null,
	})
}

/** A new claim on one of the business's policies: pending, a draft the customer completes and may leave and resume. */
export async function createClaim(deps: Deps, auth: AuthUser, body: Details & { policy_id: string }) {
	const ctx = await policyOf(deps.db, auth.customerId, body.policy_id)
	const claimant = await checkDetails(deps.db, deps, ctx, body)
	const now = deps.now()
	const created = await deps.db.transaction(async (tx) => {
		const result = (await tx.execute(sql`select nextval('claim_number_seq')::int as n`)) as unknown as { rows: Array<{ n: number }> }
		const n = result.rows[0]!.n
		const [claim] = await tx
			.insert(claims)
			.values({
				customerId: auth.customerId,
				policyId: ctx.policy.id,
				claimNumber: claimNumber(Number(lagosDate(now).slice(0, 4)), n),
				status: 'pending',
				incidentType: body.incident_type,
				incidentDate: body.incident_date,
				place: body.place,
				description: body.description,
				amount: body.amount,
				claimantStaffId: claimant.staffId,
				claimantName: claimant.name,
				createdBy: auth.id,
				createdAt: now,
				updatedAt: now,
			})
			.returning()
		await recordClaimEvent(tx, claim!, { actor: 'customer', userId: auth.id, action: 'create', from: null, to: 'pending' })
		await recordActivity(tx, {
			customerId: auth.customerId,
			actorUserId: auth.id,
			type: 'claims.created',
			description: `${auth.firstName} started claim ${claim!.claimNumber} on ${ctx.product.name} policy ${ctx.policy.policyNumber}`,
		})
		return claim!
	})
	return created
}

export async function findClaim(db: Db | Tx, customerId: string | null, id: string) {
	const [claim] = await db
		.select()
		.from(claims)
		.where(and(eq(claims.id, id), customerId ? eq(claims.customerId, customerId) : undefined))
	if (!claim) throw notFound('claim')
	return claim
}

/**
 * Move a claim by an action, under a row lock so two moves at once happen one after the other, with
 * its event recorded in the same transaction; the customer hears of it after commit.
 */
export async function moveClaim(
	deps: Deps,
	who: { actor: ClaimActor; userId: string; customerId: string | null },
	id: string,
	action: ClaimAction,
	change: (claim: ClaimRow, tx: Tx) => Promise<Partial<typeof claims.$inferInsert>> = async () => ({}),
	note?: string | null,
) {
	const moved = await deps.db.transaction(async (tx) => {
		const [claim] = await tx
			.select()
			.from(claims)
			.where(and(eq(claims.id, id), who.customerId ? eq(claims.customerId, who.customerId) : undefined))
			.for('update')
		if (!claim) throw notFound('claim')
		const result = transition(claim.status, action, who.actor)
		if (!result.ok) throw new ApiError(result.status, result.message)
		const values = await change(claim, tx)
		const [updated] = await tx
			.update(claims)
			.set({ ...values, status: result.next, updatedAt: deps.now() })
			.where(eq(claims.id, id))
			.returning()
		if (result.next !== claim.status || action !== 'edit') {
			await recordClaimEvent(tx, claim, {
				actor: who.actor,
				userId: who.userId,
				action,
				from: claim.status,
				to: result.next,
				note: note ?? null,
			})
		}
		if (result.next !== claim.status) {
			await notify(tx, {
				businessId: claim.customerId,
				kind: 'claim_status',
				title: `Claim ${claim.claimNumber}: ${CLAIM_STATUS_WORDS[result.next]}`,
				href: `/claims/details-${claim.id}`,
			})
		}
		return { before: claim.status, claim: updated! }
	})
	if (moved.before !== moved.claim.status) await notifyClaim(deps, moved.claim)
	return moved.claim
}

export async function updateClaim(deps: Deps, auth: AuthUser, id: string, body: Details) {
	const claim = await findClaim(deps.db, auth.customerId, id)
	const ctx = await policyOf(deps.db, auth.customerId, claim.policyId)
	const claimant = await checkDetails(deps.db, deps, ctx, body, claim.id)
	return moveClaim(deps, { actor: 'customer', userId: auth.id, customerId: auth.customerId }, id, 'edit', async () => ({
		incidentType: body.incident_type,
		incidentDate: body.incident_date,
		place: body.place,
		description: body.description,
		amount: body.amount,
		claimantStaffId: claimant.staffId,
		claimantName: claimant.name,
	}))
}

export async function saveEstimate(deps: Deps, auth: AuthUser, id: string, lines: EstimateLine[]) {
	const claim = await findClaim(deps.db, auth.customerId, id)
	const total = lines.reduce((sum, l) => sum + l.amount, 0)
	const ctx = await policyOf(deps.db, auth.customerId, claim.policyId)
	const limit = claimLimit(ctx.product, claim.incidentType as IncidentType, ctx.input)
	if (total > limit)
		throw fieldError(400, 'lines', `The estimate comes to more than this policy's limit of ₦${limit.toLocaleString('en-NG')}.`)
	// The first estimate moves the claim on; a later one only replaces the lines.
	const action = claim.status === 'estimate_submitted' ? 'edit' : 'submit_estimate'
	return moveClaim(deps, { actor: 'customer', userId: auth.id, customerId: auth.customerId }, id, action, async () => ({ estimate: lines }))
}

function uploadMessage(problem: UploadProblem, photo: boolean) {
	const upload = photo ? CLAIM_PHOTO_MESSAGE : CLAIM_UPLOAD_TYPE_MESSAGE
	switch (problem) {
		case 'unknown':
		case 'refused':
			return upload
		case 'picture':
			return `This picture could not be read: it is damaged or not a picture. ${upload}`
		case 'pixels':
			return `This picture is too large: upload one of at most ${IMAGE_MAX_PIXELS / 1_000_000} megapixels.`
		case 'pdf':
			return `This PDF could not be read: it is damaged or not a PDF. ${upload}`
	}
}

/** One file from a multipart form's `file` part, checked by size and content; nothing is stored when it is refused. */
export async function readOneUpload(readForm: () => Promise<FormData | null>, field: string, photo: boolean) {
	const form = await readForm()
	if (!form) throw new ApiError(400, 'Send the file as multipart/form-data, in a part named file.')
	const file = form.get('file')
	if (!(file instanceof File) || file.size === 0) throw fieldError(400, 'file', 'Choose a file to upload.')
	if (file.size > UPLOAD_MAX_BYTES) throw fieldError(400, 'file', CLAIM_UPLOAD_SIZE_MESSAGE)
	const checked = await checkUpload(new Uint8Array(await file.arrayBuffer()), photo ? PHOTO_TYPES : DOCUMENT_TYPES)
	if ('problem' in checked) throw fieldError(400, 'file', uploadMessage(checked.problem, photo))
	return { name: (file.name || `${field}.${UPLOAD_TYPES[checked.type]}`).slice(0, 200), ...checked }
}

/**
 * A claim's document or photo, each on its own, so one refused upload loses nothing else. A second
 * upload under the same name replaces the first. The bytes are stored before their record and
 * removed again when the record cannot be written.
 */
export async function uploadClaimFile(deps: Deps, auth: AuthUser, id: string, field: string, readForm: () => Promise<FormData | null>) {
	const claim = await findClaim(deps.db, auth.customerId, id)
	const photo = field.startsWith('damage_')
	const wanted = CLAIM_DOCUMENTS[claim.incidentType as IncidentType] ?? []
	if (photo ? !(DAMAGE_PHOTOS as readonly string[]).includes(field) : !wanted.some((d) => d.name === field))
		throw notFound('document of this claim')
	const check = transition(claim.status, 'edit', 'customer')
	if (!check.ok) throw new ApiError(check.status, check.message)
	const upload = await readOneUpload(readForm, field, photo)
	const key = await deps.storage.put(upload.bytes)
	try {
		const replaced = await deps.db.transaction(async (tx) => {
			const [locked] = await tx.select({ status: claims.status }).from(claims).where(eq(claims.id, claim.id)).for('update')
			const again = transition(locked!.status, 'edit', 'customer')
			if (!again.ok) throw new ApiError(again.status, again.message)
			const old = await tx
				.delete(claimFiles)
				.where(and(eq(claimFiles.claimId, claim.id), eq(claimFiles.field, field)))
				.returning({ key: claimFiles.storageKey })
			const [row] = await tx
				.insert(claimFiles)
				.values({
					customerId: auth.customerId,
					claimId: claim.id,
					field,
					filename: upload.name,
					mediaType: upload.type,
					size: upload.bytes.length,
					storageKey: key,
				})
				.returning()
			await tx.update(claims).set({ updatedAt: deps.now() }).where(eq(claims.id, claim.id))
			return { row: row!, old }
		})
		await Promise.all(replaced.old.map((o) => deps.storage.remove(o.key)))
		return replaced.row
	} catch (error) {
		await deps.storage.remove(key)
		throw error
	}
}

/** Post-loss photos are in: the claim moves on from pending (once). */
export async function submitInspection(deps: Deps, auth: AuthUser, id: string) {
	const claim = await findClaim(deps.db, auth.customerId, id)
	const photos = await deps.db
		.select({ id: claimFiles.id })
		.from(claimFiles)
		.where(and(eq(claimFiles.claimId, id), sql`${claimFiles.field} like 'damage_%'`))
	if (photos.length === 0) throw new ApiError(400, 'Upload at least one photo of the damage.')
	if (claim.status !== 'pending') return claim
	return moveClaim(deps, { actor: 'customer', userId: auth.id, customerId: auth.customerId }, id, 'submit_inspection')
}

/** Everything is in: the claim goes to the desk's queue. */
export async function submitClaim(deps: Deps, auth: AuthUser, id: string) {
	const claim = await findClaim(deps.db, auth.customerId, id)
	const ctx = await policyOf(deps.db, auth.customerId, claim.policyId)
	const files = await filesOf(deps.db, claim.id)
	const incident = claim.incidentType as IncidentType
	const missing = missingForReview({
		needs: claimNeeds(ctx.product.category, incident),
		photos: files.filter((f) => f.field.startsWith('damage_')).length,
		estimateLines: claim.estimate.length,
		documents: files.map((f) => f.field),
		wanted: CLAIM_DOCUMENTS[incident],
	})
	if (missing.length) throw new ApiError(400, `Add ${missing.join(', ')} before you submit the claim.`)
	return moveClaim(deps, { actor: 'customer', userId: auth.id, customerId: auth.customerId }, id, 'submit_documents', async () => ({
		submittedAt: deps.now(),
		deskNote: null,
	}))
}

async function filesOf(db: Db | Tx, claimId: string) {
	return db.select().from(claimFiles).where(eq(claimFiles.claimId, claimId)).orderBy(asc(claimFiles.createdAt))
}

const serializeFile = (f: typeof claimFiles.$inferSelect) => ({
	id: f.id,
	field: f.field,
	filename: f.filename,
	media_type: f.mediaType,
	size: f.size,
})

function summary(claim: ClaimRow, policy: { policyNumber: string; productId: number }, business?: string): ClaimSummary {
	const product = productById(policy.productId as Product['id'])
	return {
		id: claim.id,
		claim_number: claim.claimNumber,
		status: claim.status,
		incident_type: claim.incidentType as IncidentType,
		incident_date: claim.incidentDate,
		amount: claim.amount,
		claimant_name: claim.claimantName,
		policy: {
			id: claim.policyId,
			policy_number: policy.policyNumber,
			product_id: policy.productId,
			product_name: product.name,
			category: product.category,
		},
		...(business ? { business } : {}),
		created_at: claim.createdAt.toISOString(),
		updated_at: claim.updatedAt.toISOString(),
	}
}

/** A claim as its page shows it: the checklist with what is uploaded, the limit left, the timeline, the next step. */
export async function serializeClaim(db: Db, claim: ClaimRow, actor: ClaimActor = 'customer'): Promise<Claim> {
	const ctx = await policyOf(db, claim.customerId, claim.policyId)
	const incident = claim.incidentType as IncidentType
	const files = await filesOf(db, claim.id)
	const needs = claimNeeds(ctx.product.category, incident)
	const wanted = CLAIM_DOCUMENTS[incident]
	const events = await db
		.select({ event: claimEvents, first: users.firstName, last: users.lastName })
		.from(claimEvents)
		.leftJoin(users, eq(users.id, claimEvents.userId))
		.where(eq(claimEvents.claimId, claim.id))
		.orderBy(asc(claimEvents.createdAt), asc(claimEvents.id))
	const [business] =
		actor === 'operator' ? await db.select({ name: customers.name }).from(customers).where(eq(customers.id, claim.customerId)) : []
	return {
		...summary(claim, ctx.policy, business?.name),
		place: claim.place,
		description: claim.description,
		claimant_staff_id: claim.claimantStaffId,
		estimate: claim.estimate,
		offer: claim.offer ?? null,
		decline_reason: (claim.declineReason as Claim['decline_reason']) ?? null,
		desk_note: claim.deskNote,
		rejection_comment: claim.rejectionComment,
		payout_approved_by: claim.payoutApprovedBy,
		needs,
		limit: claimLimit(ctx.product, incident, ctx.input),
		used: await usedAgainstLimit(db, claim),
		checklist: wanted.map((w) => {
			const file = files.find((f) => f.field === w.name)
			return { ...w, file: file ? serializeFile(file) : null }
		}),
		photos: files.filter((f) => f.field.startsWith('damage_')).map(serializeFile),
		missing: missingForReview({
			needs,
			photos: files.filter((f) => f.field.startsWith('damage_')).length,
			estimateLines: claim.estimate.length,
			documents: files.map((f) => f.field),
			wanted,
		}),
		next_step: nextStep(claim.status, needs, actor),
		events: events.map(({ event, first, last }) => ({
			action: event.action,
			actor: event.actor,
			by: first ? `${first} ${last}` : null,
			from_status: (event.fromStatus as ClaimStatus | null) ?? null,
			to_status: event.toStatus as ClaimStatus,
			note: event.note,
			created_at: event.createdAt.toISOString(),
		})),
	}
}

/** The business's claims, newest first, filtered by status, product, policy, date of the incident and a search of number, claimant and place. */
export async function listClaims(db: Db, customerId: string | null, query: import('zod').output<typeof ClaimListQuery>, limit = 100) {
	const q = query.q ? `%${query.q.replace(/[%_\\]/g, '\\$&')}%` : null
	const rows = await db
		.select({ claim: claims, policyNumber: policies.policyNumber, productId: policies.productId, business: customers.name })
		.from(claims)
		.innerJoin(policies, eq(policies.id, claims.policyId))
		.innerJoin(customers, eq(customers.id, claims.customerId))
		.where(
			and(
				customerId ? eq(claims.customerId, customerId) : undefined,
				query.status ? eq(claims.status, query.status) : undefined,
				query.product_id ? eq(policies.productId, query.product_id) : undefined,
				query.policy_id ? eq(claims.policyId, query.policy_id) : undefined,
				query.from ? gte(claims.incidentDate, query.from) : undefined,
				query.to ? lte(claims.incidentDate, query.to) : undefined,
				q
					? or(ilike(claims.claimNumber, q), ilike(claims.claimantName, q), ilike(claims.place, q), ilike(policies.policyNumber, q))
					: undefined,
			),
		)
		.orderBy(customerId ? desc(claims.createdAt) : asc(claims.updatedAt), desc(claims.id))
		.limit(limit)
	return rows.map((r) => summary(r.claim, r, customerId ? undefined : r.business))
}

/** A claim's file, to its own business (or the desk) only. */
export async function readClaimFile(deps: Deps, customerId: string | null, fileId: string) {
	const [file] = await deps.db
		.select()
		.from(claimFiles)
		.where(and(eq(claimFiles.id, fileId), customerId ? eq(claimFiles.customerId, customerId) : undefined))
	if (!file) throw notFound('file')
	const bytes = await deps.storage.get(file.storageKey)
	if (!bytes) throw notFound('file')
	return { file, bytes }
}

/** A policy's claims against its limits: per member and per incident type (health plans), or the policy's limit. */
export async function planUsage(db: Db, customerId: string, policyId: string): Promise<PlanUsage> {
	const ctx = await policyOf(db, customerId, policyId)
	const rows = await db
		.select({
			incident: claims.incidentType,
			name: claims.claimantName,
			count: sql<number>`count(*)::int`,
			used: sql<number>`coalesce(sum(coalesce((${claims.offer}->>'payable')::int, ${claims.amount})), 0)::int`,
		})
		.from(claims)
		.where(and(eq(claims.policyId, policyId), inArray(claims.status, [...COUNTS_AGAINST_LIMIT])))
		.groupBy(claims.incidentType, claims.claimantName)
	const perPerson = ctx.product.category === 'health' ? ctx.product.claim_limits[0]!.amount : null
	const byMember = new Map<string, number>()
	for (const r of rows) byMember.set(r.name, (byMember.get(r.name) ?? 0) + r.used)
	if (ctx.policy.kind === 'plan') {
		const members = await db
			.select({ first: staff.firstName, last: staff.lastName })
			.from(staff)
			.where(eq(staff.policyId, policyId))
			.orderBy(asc(staff.lastName))
			.limit(200)
		for (const m of members) if (!byMember.has(`${m.first} ${m.last}`)) byMember.set(`${m.first} ${m.last}`, 0)
	} else if (!byMember.has(ctx.holderName)) byMember.set(ctx.holderName, 0)
	const byIncident = ctx.product.incident_types.map((incident) => {
		const of = rows.filter((r) => r.incident === incident)
		return {
			incident_type: incident,
			used: of.reduce((s, r) => s + r.used, 0),
			claims: of.reduce((s, r) => s + r.count, 0),
			limit: claimLimit(ctx.product, incident, ctx.input),
		}
	})
	return {
		policy_id: ctx.policy.id,
		policy_number: ctx.policy.policyNumber,
		product_name: ctx.product.name,
		category: ctx.product.category,
		limits: [...ctx.product.claim_limits],
		by_member: [...byMember].map(([name, used]) => ({ name, used, limit: perPerson ?? Math.max(...byIncident.map((b) => b.limit)) })),
		by_incident: byIncident,
		total_used: rows.reduce((s, r) => s + r.used, 0),
	}
}

/** The claims a todo asks the customer about: offers to answer and drafts (with any note of the desk), oldest first. */
export async function claimsAwaitingCustomer(db: Db, customerId: string) {
	const rows = await db
		.select({ id: claims.id, claimNumber: claims.claimNumber, status: claims.status, deskNote: claims.deskNote })
		.from(claims)
		.where(and(eq(claims.customerId, customerId), inArray(claims.status, ['pending', 'offer_sent'])))
		.orderBy(asc(claims.updatedAt))
		.limit(5)
	return rows.map((r) => ({ ...r, status: r.status as 'pending' | 'offer_sent' }))
}
