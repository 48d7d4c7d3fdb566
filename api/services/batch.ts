import { and, asc, count, eq, isNull, lt, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { StaffBatch } from '../contract/batch.ts'
import { isPeriod, PERIOD_LABELS, type Period } from '../contract/periods.ts'
import type { Quote } from '../contract/quotes.ts'
import { QuoteBody } from '../domain/catalogue/quotes.ts'
import type { Db, Tx } from '../db/client.ts'
import { customers, policies, policyEvents, staff, staffBatches } from '../db/schema.ts'
import {
	STAFF_COLUMNS,
	SHEET_COLUMNS,
	TEMPLATE_ROWS,
	toCsv,
	validateStaffList,
	validateStaffSheet,
	type RowError,
	type SheetRow,
} from '../domain/batch/index.ts'
import { findProduct, productById, type Product } from '../domain/catalogue/index.ts'
import { lagosDate } from '../domain/policies.ts'
import { activatedWords } from '../domain/register-words.ts'
import { computeQuote } from '../domain/pricing/index.ts'
import type { Deps } from '../deps.ts'
import type { AuthUser } from '../http.ts'
import { ApiError } from '../errors.ts'
import { UPLOAD_MAX_BYTES } from '../storage/index.ts'
import { readSheetOffThread } from '../workers/sheet.ts'
import { recordActivity } from './accounts.ts'
import { registerPeople } from './employees.ts'
import { buy } from './purchases.ts'
import { findPolicy } from './policies.ts'

// Batch upload (docs/decisions/016-batch-upload.md): a business checks a staff list against a health
// product, buys the staff plan for every row, and activates the plan with a sheet of dates of birth.

type BatchRow = typeof staffBatches.$inferSelect
type PolicyRow = typeof policies.$inferSelect
type Problem = { path: string; message: string }
/** A problem with the uploaded file: 400, or 422 when it could not be read within the limits. */
type FileProblem = Problem & { status: 400 | 422 }
export type ReadForm = () => Promise<FormData | null>

export const FILE_SIZE_MESSAGE = 'The file must be 5 MB or smaller.'
const PRODUCT_MESSAGE = 'Choose a health plan: batch upload buys a staff health plan.'

const badRequest = (problems: Problem[], status: 400 | 422 = 400) =>
	new ApiError(
		status,
		problems[0]!.message,
		problems.map(({ path, message }) => ({ path, message })),
	)

/** Batch upload buys a staff plan, which only a business has (spec section 1). */
async function requireBusiness(db: Db, customerId: string) {
	const [customer] = await db.select({ kind: customers.kind }).from(customers).where(eq(customers.id, customerId))
	if (customer?.kind !== 'business') {
		throw new ApiError(403, 'Batch upload of staff is for business accounts. Buy health cover for yourself from the product page.')
	}
}

/** The template: the staff list's header and two example rows. */
export const templateCsv = () => toCsv([[...STAFF_COLUMNS], ...TEMPLATE_ROWS])

/** The uploaded file under `file`, read into rows off the request thread, or the problem with it. */
export async function readUpload(
	form: FormData,
	what: string,
	maxRows?: number,
): Promise<{ name: string; rows: SheetRow[] } | FileProblem> {
	const file = form.get('file')
	if (!(file instanceof File) || file.size === 0) return { path: 'file', message: `Upload ${what}: a CSV or XLSX file.`, status: 400 }
	if (file.size > UPLOAD_MAX_BYTES) return { path: 'file', message: FILE_SIZE_MESSAGE, status: 400 }
	const read = await readSheetOffThread(new Uint8Array(await file.arrayBuffer()), undefined, maxRows)
	if ('message' in read) return { path: 'file', message: read.message, status: read.status }
	return { name: (file.name || 'staff.csv').slice(0, 200), rows: read.rows }
}

function staffPlanProduct(raw: FormDataEntryValue | null): Product | null {
	const id = typeof raw === 'string' && /^\d{1,6}$/.test(raw.trim()) ? Number(raw) : Number.NaN
	const product = findProduct(id)
	return product?.category === 'health' && product.plan_types?.includes('standard') ? product : null
}

/** The quote of a staff plan for the list: one member a row, plan type standard. */
function batchQuote(batch: Pick<BatchRow, 'productId' | 'period' | 'rows'>) {
	return QuoteBody.parse({ product_id: batch.productId, plan_type: 'standard', members: batch.rows.length, period: batch.period })
}

export function serializeBatch(batch: BatchRow): z.output<typeof StaffBatch> {
	const wrong = new Set(batch.errors.map((e) => e.row))
	return {
		id: batch.id,
		product_id: batch.productId,
		product_name: productById(batch.productId as Product['id']).name,
		period: batch.period,
		filename: batch.filename,
		rows: batch.rows,
		errors: batch.errors,
		valid_count: batch.rows.filter((r) => !wrong.has(r.row)).length,
		quote: computeQuote(batchQuote(batch)) as Quote,
		policy_id: batch.policyId,
		created_at: batch.createdAt.toISOString(),
	}
}

/**
 * Check a staff list for a staff plan and keep it, rows and errors, for the buyer to review. A file
 * that cannot be read as a staff list is refused (400) and nothing is kept; rows with errors are kept
 * with them, so the screen can show every one. Nothing is bought.
 */
export async function previewBatch(deps: Deps, auth: AuthUser, readForm: ReadForm) {
	await requireBusiness(deps.db, auth.customerId)
	const form = await readForm()
	if (!form) throw new ApiError(400, 'Send the staff list as multipart/form-data: file, product_id and period.')
	const problems: Problem[] = []
	const product = staffPlanProduct(form.get('product_id'))
	if (!product) problems.push({ path: 'product_id', message: PRODUCT_MESSAGE })
	const period = form.get('period')
	const periods = product?.periods ?? []
	if (!isPeriod(period) || (product && !periods.includes(period))) {
		problems.push({
			path: 'period',
			message: `Choose a cover period: ${(periods.length ? periods : Object.keys(PERIOD_LABELS)).map((p) => PERIOD_LABELS[p as Period].toLowerCase()).join(', ')}.`,
		})
	}
	const upload = await readUpload(form, 'the staff list')
	if ('path' in upload) problems.push(upload)
	if (problems.length || 'path' in upload || !product) throw badRequest(problems, 'path' in upload ? upload.status : 400)
	const checked = validateStaffList(upload.rows, { today: lagosDate(deps.now()), memberAge: product.member_age })
	if (!checked.ok) throw badRequest([{ path: 'file', message: checked.message }])
	const [batch] = await deps.db
		.insert(staffBatches)
		.values({
			customerId: auth.customerId,
			userId: auth.id,
			productId: product.id,
			period: period as string,
			filename: upload.name,
			rows: checked.rows,
			errors: checked.errors,
			createdAt: deps.now(),
		})
		.returning()
	// Lists checked and never bought are kept for a week, then forgotten as this business uploads again.
	await deps.db
		.delete(staffBatches)
		.where(
			and(
				eq(staffBatches.customerId, auth.customerId),
				isNull(staffBatches.policyId),
				lt(staffBatches.createdAt, new Date(deps.now().getTime() - STAGED_LIST_DAYS * 86_400_000)),
			),
		)
	return batch!
}

/** How long a checked staff list waits to be bought. */
export const STAGED_LIST_DAYS = 7

/** One of the business's staff lists; another business's is not found. */
export async function findBatch(db: Db, customerId: string, id: string) {
	const [batch] = await db
		.select()
		.from(staffBatches)
		.where(and(eq(staffBatches.id, id), eq(staffBatches.customerId, customerId)))
	if (!batch) throw new ApiError(404, 'We could not find that staff list.')
	return batch
}

const rowProblems = (errors: RowError[]) => errors.map((e) => ({ path: `rows.${e.row}.${e.field}`, message: `Row ${e.row}: ${e.message}` }))

/**
 * Buy the staff plan of a checked list through the one purchase rule (services/purchases.ts `buy`):
 * members = its rows, plan type standard, its period; the staff are enrolled, pending, in the same
 * transaction. The key is the buyer's, kept apart per list, so a double submit buys once; a list is
 * bought once whatever the key.
 */
export async function buyBatch(deps: Deps, auth: AuthUser, body: { batch_id: string; idempotency_key: string }) {
	await requireBusiness(deps.db, auth.customerId)
	const batch = await findBatch(deps.db, auth.customerId, body.batch_id)
	if (batch.errors.length) {
		throw new ApiError(
			400,
			`Fix the rows and upload the file again: ${batch.errors.length} of them ${batch.errors.length === 1 ? 'has a problem' : 'have problems'}.`,
			rowProblems(batch.errors),
		)
	}
	const product = productById(batch.productId as Product['id'])
	const enrol = async (tx: Tx, plan: PolicyRow) => {
		const [claimed] = await tx
			.update(staffBatches)
			.set({ policyId: plan.id })
			.where(and(eq(staffBatches.id, batch.id), isNull(staffBatches.policyId)))
			.returning({ id: staffBatches.id })
		if (!claimed) throw new ApiError(409, 'This staff list was already bought. Find its plan under My cover.')
		const people = batch.rows.map((r) => ({ ...r, gender: r.gender as 'male' | 'female', date_of_birth: r.date_of_birth || undefined }))
		const register = await registerPeople(tx, auth.customerId, people, lagosDate(deps.now()))
		await tx.insert(staff).values(
			batch.rows.map((r) => ({
				customerId: auth.customerId,
				policyId: plan.id,
				employeeId: register.get(r.email.toLowerCase()) ?? null,
				firstName: r.first_name,
				lastName: r.last_name,
				email: r.email,
				phone: r.phone,
				gender: r.gender as 'male' | 'female',
				dateOfBirth: r.date_of_birth || null,
				status: 'pending' as const,
				enrolledAt: deps.now(),
			})),
		)
		await recordActivity(tx, {
			customerId: auth.customerId,
			actorUserId: auth.id,
			type: 'staff.uploaded',
			description: `${auth.firstName} enrolled ${batch.rows.length} staff from ${batch.filename} on ${product.name} staff plan ${plan.policyNumber}`,
		})
	}
	const outcome = await buy(
		deps,
		auth,
		{ quote: batchQuote(batch), payment_option: 'wallet', idempotency_key: `batch/${batch.id}/${body.idempotency_key}` },
		{ onPlanIssued: enrol },
	)
	if (outcome.policy?.kind !== 'plan') throw new ApiError(409, 'This staff list could not become a staff plan.')
	return { ...outcome, staffCount: await staffCount(deps.db, outcome.policy.id) }
}

export async function staffCount(db: Db, policyId: string) {
	const [row] = await db.select({ n: count() }).from(staff).where(eq(staff.policyId, policyId))
	return Number(row?.n ?? 0)
}

const staffOf = (db: Db, policyId: string) =>
	db.select().from(staff).where(eq(staff.policyId, policyId)).orderBy(asc(staff.lastName), asc(staff.firstName), asc(staff.email))

/** A staff plan of the business; a policy, or another business's plan, is not found. */
async function findPlan(db: Db, customerId: string, id: string) {
	const found = await findPolicy(db, customerId, id)
	if (found.policy.kind !== 'plan') throw new ApiError(404, 'We could not find that staff plan.')
	return found
}

/** The activation sheet of a staff plan, prefilled: its staff, and the dates of birth already known. */
export async function staffSheet(db: Db, customerId: string, id: string) {
	const { policy } = await findPlan(db, customerId, id)
	const members = await staffOf(db, policy.id)
	const csv = toCsv([[...SHEET_COLUMNS], ...members.map((m) => [m.firstName, m.lastName, m.email, m.dateOfBirth ?? ''])])
	return { csv, filename: `staff-sheet-${policy.policyNumber}.csv` }
}

/**
 * Activate a staff plan with its activation sheet (multipart, `file`): every member of its staff
 * once, each with a date of birth within the product's member ages. One transaction stores the dates,
 * makes the staff active and the plan active. Each problem of the sheet is answered at once (400).
 */
export async function activatePlan(deps: Deps, auth: AuthUser, plan: PolicyRow, readForm: ReadForm) {
	if (plan.status !== 'pending') throw new ApiError(409, 'This plan is already active.')
	const product = productById(plan.productId as Product['id'])
	const members = await staffOf(deps.db, plan.id)
	if (!members.length) throw new ApiError(409, 'This plan has no staff yet: buy it by batch upload of your staff list.')
	const form = await readForm()
	if (!form) throw new ApiError(400, 'Send the activation sheet as multipart/form-data, in a field named file.')
	const upload = await readUpload(form, 'the activation sheet')
	if ('path' in upload) throw badRequest([upload], upload.status)
	const checked = validateStaffSheet(
		upload.rows,
		members.map((m) => m.email),
		{ today: lagosDate(deps.now()), memberAge: product.member_age },
	)
	if (!checked.ok) throw badRequest([{ path: 'file', message: checked.message }])
	const byEmail = new Map(members.map((m) => [m.email.toLowerCase(), m]))
	const missing = checked.missing.map((email) => {
		const m = byEmail.get(email.toLowerCase())!
		return { path: 'file', message: `${m.firstName} ${m.lastName} (${m.email}) is not on the sheet: add a row with their date of birth.` }
	})
	const problems = [...rowProblems(checked.errors), ...missing]
	if (problems.length) {
		throw new ApiError(
			400,
			`The sheet has ${problems.length} ${problems.length === 1 ? 'problem' : 'problems'}: fix ${problems.length === 1 ? 'it' : 'them'} and upload it again.`,
			problems,
		)
	}
	const dates = [...checked.dates]
	return deps.db.transaction(async (tx) => {
		const [activated] = await tx
			.update(policies)
			.set({ status: 'active', activation: { staff_sheet: upload.name }, activatedAt: deps.now() })
			.where(and(eq(policies.id, plan.id), eq(policies.status, 'pending')))
			.returning()
		if (!activated) throw new ApiError(409, 'This plan is already active.')
		const values = sql.join(
			dates.map(([email, day]) => sql`(${email}, ${day}::date)`),
			sql`, `,
		)
		await tx.execute(sql`
			update ${staff} set date_of_birth = v.day, status = 'active'
			from (values ${values}) as v(email, day)
			where ${staff.policyId} = ${plan.id} and lower(${staff.email}) = v.email`)
		await recordActivity(tx, {
			customerId: auth.customerId,
			actorUserId: auth.id,
			type: 'plans.activated',
			description: `${auth.firstName} activated ${product.name} staff plan ${plan.policyNumber} for ${members.length} staff`,
		})
		// The plan's own activity list starts here, as a policy's does when it is activated (decision 167).
		await tx.insert(policyEvents).values({
			customerId: auth.customerId,
			policyId: plan.id,
			kind: 'activated',
			effectiveOn: lagosDate(deps.now()),
			description: activatedWords(members.length),
			actorUserId: auth.id,
		})
		return activated
	})
}
