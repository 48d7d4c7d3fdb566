import { and, eq, isNull, ne } from 'drizzle-orm'
import { isValidNigerianPhone, normalizePhoneInput, PHONE_MESSAGE } from '../contract/phone-rule.ts'
import { type Db, lockKey, type Tx } from '../db/client.ts'
import { documents, policies, policyEvents } from '../db/schema.ts'
import { productById, type FormField, type Product } from '../domain/catalogue/index.ts'
import type { Deps } from '../deps.ts'
import type { AuthUser } from '../http.ts'
import { ApiError, fieldError } from '../errors.ts'
import { UPLOAD_MAX_BYTES, UPLOAD_TYPES } from '../storage/index.ts'
import { checkUpload, IMAGE_MAX_PIXELS, type UploadProblem } from '../storage/uploads.ts'
import { dateOfBirthProblem } from '../domain/batch/staff.ts'
import { lagosDate } from '../domain/policies.ts'
import { needsInspection, statusAfterActivation, transition } from '../domain/policy-state.ts'
import { inSentence } from '../domain/text.ts'
import { plateTakenMessage, policyCoveringPlate } from '../domain/vehicles.ts'
import { recordActivity } from './accounts.ts'
import { activatePlan } from './batch.ts'
import { mailCoverActive } from './money-mail.tsx'
import { findPolicy } from './policies.ts'

export const AWAITING_INSPECTION = 'This policy is waiting for its pre-inspection to be approved.'
export const UPLOAD_TYPE_MESSAGE = 'Upload a JPG, PNG or PDF.'
export const UPLOAD_SIZE_MESSAGE = 'Each file must be 5 MB or smaller.'
const PHOTO_MESSAGE = 'Upload a JPG or PNG photo.'

/** What to say beside a document's field when its file is refused. */
function uploadMessage(problem: UploadProblem, accept: readonly string[]) {
	const upload = accept.includes('application/pdf') ? UPLOAD_TYPE_MESSAGE : PHOTO_MESSAGE
	switch (problem) {
		case 'unknown':
			return UPLOAD_TYPE_MESSAGE
		case 'refused':
			return PHOTO_MESSAGE
		case 'picture':
			return `This picture could not be read: it is damaged or not a picture. ${upload}`
		case 'pixels':
			return `This picture is too large: upload one of at most ${IMAGE_MAX_PIXELS / 1_000_000} megapixels.`
		case 'pdf':
			return `This PDF could not be read: it is damaged or not a PDF. ${upload}`
	}
}

type Problem = { path: string; message: string }

/** A field of the activation form, checked as its catalogue entry describes it. */
function checkField(field: FormField, raw: string): string | null {
	const value = raw.trim()
	if (!value) return field.required ? `Enter the ${inSentence(field.label)}.` : null
	switch (field.kind) {
		case 'date':
			return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`))
				? null
				: `Enter the ${inSentence(field.label)} as YYYY-MM-DD.`
		case 'email':
			return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) ? null : 'Enter an email address like name@example.com.'
		case 'phone':
			return isValidNigerianPhone(normalizePhoneInput(value)) ? null : PHONE_MESSAGE
		case 'select':
			return field.options.some((o) => o.value === value) ? null : `Choose the ${inSentence(field.label)}.`
		case 'number':
		case 'naira': {
			const n = Number(value.replace(/[₦,\s]/g, ''))
			return Number.isInteger(n) && n >= field.min && n <= field.max
				? null
				: `Enter the ${inSentence(field.label)} as a whole number from ${field.min} to ${field.max}.`
		}
		default:
			return value.length <= 200 ? null : `Keep the ${inSentence(field.label)} to 200 characters.`
	}
}

type Upload = { name: string; field: string; bytes: Uint8Array; type: keyof typeof UPLOAD_TYPES }

/**
 * Activate a pending policy with the product's activation fields and documents (multipart). Files are
 * checked by their size and content (pictures decoded and re-encoded, PDFs' structure checked: decision
 * 029), stored through the storage module, and the policy becomes active in one transaction with their records.
 */
export async function activatePolicy(deps: Deps, auth: AuthUser, id: string, readForm: () => Promise<FormData | null>) {
	const activated = await activate(deps, auth, id, readForm)
	// Its certificate could not come with the purchase's confirmation: it comes now (decision 041), or,
	// for own-damage auto cover, once its pre-inspection is approved (approveInspection).
	if (activated.status === 'active') await mailCoverActive(deps, activated, activated.custodianUserId ?? auth.id)
	return activated
}

async function activate(deps: Deps, auth: AuthUser, id: string, readForm: () => Promise<FormData | null>) {
	const { policy } = await findPolicy(deps.db, auth.customerId, id)
	// A staff plan is activated by its activation sheet (docs/decisions/016-batch-upload.md).
	if (policy.kind === 'plan') return activatePlan(deps, auth, policy, readForm)
	const product = productById(policy.productId as Product['id'])
	if (policy.status !== 'pending' || !product.activation) throw new ApiError(409, 'This policy is already active.')
	if (policy.activatedAt) throw new ApiError(409, AWAITING_INSPECTION)
	const form = await readForm()
	if (!form) throw new ApiError(400, 'Send the activation details as multipart/form-data.')
	const { fields, documents: wanted } = product.activation
	const problems: Problem[] = []
	const values: Record<string, string> = {}
	for (const field of fields) {
		const raw = form.get(field.name)
		const text = typeof raw === 'string' ? raw : ''
		// A date of birth is a real past day, and within the ages the plan covers (senior plans).
		const problem =
			checkField(field, text) ??
			(field.name === 'date_of_birth' && text.trim() ? dateOfBirthProblem(text.trim(), lagosDate(deps.now()), product.member_age) : null)
		if (problem) problems.push({ path: field.name, message: problem })
		else if (text.trim()) values[field.name] = text.trim()
	}
	const uploads: Upload[] = []
	for (const doc of wanted) {
		const file = form.get(doc.name)
		if (!(file instanceof File) || file.size === 0) {
			problems.push({ path: doc.name, message: `Upload the ${inSentence(doc.label)}.` })
			continue
		}
		if (file.size > UPLOAD_MAX_BYTES) {
			problems.push({ path: doc.name, message: UPLOAD_SIZE_MESSAGE })
			continue
		}
		const checked = await checkUpload(new Uint8Array(await file.arrayBuffer()), doc.accept)
		if ('problem' in checked) {
			problems.push({ path: doc.name, message: uploadMessage(checked.problem, doc.accept) })
			continue
		}
		uploads.push({ name: file.name || `${doc.name}.${UPLOAD_TYPES[checked.type]}`, field: doc.name, ...checked })
	}
	if (problems.length) throw new ApiError(400, problems[0]!.message, problems)
	// Files first: never a record without its bytes. A transaction that fails (a second activation
	// won the race) forgets them again; only a crash in between leaves unreferenced files.
	const keys = await Promise.all(uploads.map((u) => deps.storage.put(u.bytes)))
	const forget = async (error: unknown) => {
		await Promise.all(keys.map((key) => deps.storage.remove(key)))
		throw error
	}
	return deps.db
		.transaction(async (tx) => {
			if (values.registration_number) await refuseCoveredPlate(tx, auth.customerId, policy.id, values.registration_number, deps.now())
			const [activated] = await tx
				.update(policies)
				.set({ status: statusAfterActivation(product.id), activation: values, activatedAt: deps.now() })
				.where(and(eq(policies.id, policy.id), eq(policies.status, 'pending'), isNull(policies.activatedAt)))
				.returning()
			if (!activated) throw new ApiError(409, 'This policy is already active.')
			if (uploads.length) {
				await tx.insert(documents).values(
					uploads.map((u, i) => ({
						customerId: auth.customerId,
						policyId: policy.id,
						field: u.field,
						filename: u.name.slice(0, 200),
						mediaType: u.type,
						size: u.bytes.length,
						storageKey: keys[i]!,
					})),
				)
			}
			await recordActivity(tx, {
				customerId: auth.customerId,
				actorUserId: auth.id,
				type: 'policies.activated',
				description: needsInspection(product.id)
					? `${auth.firstName} sent the details of ${product.name} policy ${policy.policyNumber}; its pre-inspection is awaited`
					: `${auth.firstName} activated ${product.name} policy ${policy.policyNumber}`,
			})
			await tx.insert(policyEvents).values({
				customerId: auth.customerId,
				policyId: policy.id,
				kind: 'activated',
				effectiveOn: lagosDate(deps.now()),
				description: needsInspection(product.id) ? 'Details sent; waiting for the pre-inspection' : 'Activated',
				actorUserId: auth.id,
			})
			return activated
		})
		.catch(forget)
}

/**
 * One plate, one live policy per business. Checked under a per-business lock in the transaction that
 * activates, so two activations of the same plate at once cannot both pass.
 */
async function refuseCoveredPlate(tx: Tx, customerId: string, policyId: string, plate: string, now: Date) {
	await lockKey(tx, 'vehicle-plates', customerId)
	const others = await tx
		.select({ policyNumber: policies.policyNumber, status: policies.status, coverEnd: policies.coverEnd, activation: policies.activation })
		.from(policies)
		.where(and(eq(policies.customerId, customerId), eq(policies.status, 'active'), ne(policies.id, policyId)))
	const covering = policyCoveringPlate(plate, others, lagosDate(now))
	if (covering) throw fieldError(409, 'registration_number', plateTakenMessage(plate, covering.policyNumber))
}

/** A document's bytes, for its own business only. */
export async function readDocument(deps: Deps, customerId: string, id: string) {
	const [doc] = await deps.db
		.select()
		.from(documents)
		.where(and(eq(documents.id, id), eq(documents.customerId, customerId)))
	const bytes = doc ? await deps.storage.get(doc.storageKey) : null
	if (!doc || !bytes) throw new ApiError(404, 'We could not find that document.')
	return { doc, bytes }
}

export async function documentsOf(db: Db, policyId: string) {
	return db
		.select({
			id: documents.id,
			field: documents.field,
			filename: documents.filename,
			media_type: documents.mediaType,
			size: documents.size,
		})
		.from(documents)
		.where(eq(documents.policyId, policyId))
		.orderBy(documents.createdAt, documents.id)
}

/**
 * Inspection approved → active: own-damage auto cover starts once the insurer approves its
 * pre-inspection (docs/decisions/078-policy-state.md). The claims and inspections flow calls this inside
 * its own transaction; it mails the certificate once that commits (`mailCoverActive`). A policy not
 * waiting for an inspection is refused (409).
 */
export async function approveInspection(tx: Tx, policyId: string, approvedBy: { userId: string | null; today: string }) {
	const [policy] = await tx.select().from(policies).where(eq(policies.id, policyId)).for('update')
	if (!policy) throw new ApiError(404, 'We could not find that policy.')
	const allowed = transition('pending', 'approve_inspection', 'insurer')
	if (!needsInspection(policy.productId) || policy.status !== 'pending' || !policy.activatedAt || !allowed.ok) {
		throw new ApiError(409, 'This policy is not waiting for an inspection.')
	}
	const [active] = await tx.update(policies).set({ status: 'active' }).where(eq(policies.id, policyId)).returning()
	await tx.insert(policyEvents).values({
		customerId: policy.customerId,
		policyId,
		kind: 'inspection_approved',
		effectiveOn: approvedBy.today,
		description: 'Pre-inspection approved; cover is active',
		actorUserId: approvedBy.userId,
	})
	await recordActivity(tx, {
		customerId: policy.customerId,
		actorUserId: approvedBy.userId,
		type: 'policies.inspection_approved',
		description: `The pre-inspection of policy ${policy.policyNumber} was approved; its cover is active`,
	})
	return active!
}
