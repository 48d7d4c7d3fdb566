import { and, eq, isNull, lt, sql } from 'drizzle-orm'
import type { Deps } from '../deps.ts'
import { employees, staffImports } from '../db/schema.ts'
import { phoneDuplicates, type RowError, type StaffRow, validateStaffList } from '../domain/batch/index.ts'
import { lagosDate } from '../domain/policies.ts'
import { ApiError } from '../errors.ts'
import type { AuthUser } from '../http.ts'
import { readUpload, type ReadForm } from './batch.ts'
import { existingContacts } from './employees.ts'
import { recordActivity } from './accounts.ts'

// The staff list import (/import-staff, docs/decisions/050): the batch upload's readers and row checks,
// then duplicates against the register; kept until confirmed, then every row written or none.

/** The most staff one import may hold. */
export const IMPORT_MAX_ROWS = 10_000
/** How long a checked import waits for its confirmation. */
const STAGED_DAYS = 2

type ImportRow = typeof staffImports.$inferSelect

/** Rows whose email or phone number is already on the register, each naming who has it. */
export function againstRegister(rows: readonly StaffRow[], existing: Awaited<ReturnType<typeof existingContacts>>): RowError[] {
	const errors: RowError[] = []
	for (const r of rows) {
		const byEmail = existing.emails.get(r.email.toLowerCase())
		if (byEmail) errors.push({ row: r.row, field: 'email', message: `${byEmail} is already on your staff list with this email address.` })
		const byPhone = existing.phones.get(r.phone)
		if (byPhone) errors.push({ row: r.row, field: 'phone', message: `${byPhone} is already on your staff list with this phone number.` })
	}
	return errors
}

export function serializeImport(row: ImportRow) {
	const bad = new Set(row.errors.map((e) => e.row))
	return {
		id: row.id,
		filename: row.filename,
		rows: row.rows,
		errors: row.errors,
		valid_count: row.rows.filter((r) => !bad.has(r.row)).length,
		committed_at: row.committedAt?.toISOString() ?? null,
	}
}

export async function previewImport(deps: Deps, auth: AuthUser, readForm: ReadForm) {
	const form = await readForm()
	if (!form)
		throw new ApiError(400, 'Send the staff list as multipart/form-data with its file.', [
			{ path: 'file', message: 'Upload the staff list: a CSV or XLSX file.' },
		])
	const upload = await readUpload(form, 'the staff list', IMPORT_MAX_ROWS)
	if ('path' in upload) throw new ApiError(upload.status, upload.message, [{ path: 'file', message: upload.message }])
	const checked = validateStaffList(upload.rows, { today: lagosDate(deps.now()), maxRows: IMPORT_MAX_ROWS })
	if (!checked.ok) throw new ApiError(400, checked.message, [{ path: 'file', message: checked.message }])
	const errors = [
		...checked.errors,
		...phoneDuplicates(checked.rows),
		...againstRegister(checked.rows, await existingContacts(deps.db, auth.customerId)),
	].sort((a, b) => a.row - b.row)
	const [row] = await deps.db
		.insert(staffImports)
		.values({ customerId: auth.customerId, userId: auth.id, filename: upload.name, rows: checked.rows, errors })
		.returning()
	await deps.db
		.delete(staffImports)
		.where(
			and(
				eq(staffImports.customerId, auth.customerId),
				isNull(staffImports.committedAt),
				lt(staffImports.createdAt, new Date(deps.now().getTime() - STAGED_DAYS * 86_400_000)),
			),
		)
	return serializeImport(row!)
}

export async function findImport(deps: Deps, customerId: string, id: string) {
	const [row] = await deps.db
		.select()
		.from(staffImports)
		.where(and(eq(staffImports.id, id), eq(staffImports.customerId, customerId)))
	if (!row) throw new ApiError(404, 'We could not find that staff list. Upload it again.')
	return row
}

/** Write every row of a checked import, or none: a list with errors, or one that meets new duplicates, is refused. */
export async function commitImport(deps: Deps, auth: AuthUser, id: string) {
	const staged = await findImport(deps, auth.customerId, id)
	if (staged.committedAt) throw new ApiError(409, 'This staff list was already imported.')
	if (staged.errors.length) {
		throw new ApiError(
			400,
			`Fix the ${staged.errors.length === 1 ? 'problem' : `${staged.errors.length} problems`} and upload the file again: nothing was imported.`,
		)
	}
	const today = lagosDate(deps.now())
	await deps.db.transaction(async (tx) => {
		const [claimed] = await tx
			.update(staffImports)
			.set({ committedAt: deps.now() })
			.where(and(eq(staffImports.id, id), isNull(staffImports.committedAt)))
			.returning({ id: staffImports.id })
		if (!claimed) throw new ApiError(409, 'This staff list was already imported.')
		const clashes = againstRegister(staged.rows, await existingContacts(tx, auth.customerId))
		if (clashes.length)
			throw new ApiError(409, `Row ${clashes[0]!.row}: ${clashes[0]!.message} Nothing was imported: upload the file again.`)
		// One statement from the staged rows, already in the database: no rows travel back and forth.
		await tx.execute(sql`
			insert into ${employees} (customer_id, first_name, last_name, email, phone, gender, date_of_birth, enrolled_on)
			select ${auth.customerId}, r->>'first_name', r->>'last_name', lower(r->>'email'), r->>'phone', r->>'gender',
				nullif(r->>'date_of_birth', '')::date, ${today}::date
			from ${staffImports}, jsonb_array_elements(${staffImports.rows}) as r
			where ${staffImports.id} = ${id}`)
		await recordActivity(tx, {
			customerId: auth.customerId,
			actorUserId: auth.id,
			type: 'staff.imported',
			description: `${auth.firstName} imported ${staged.rows.length} staff from ${staged.filename}`,
		})
	})
	return { imported: staged.rows.length }
}
