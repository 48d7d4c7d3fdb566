import { and, asc, eq } from 'drizzle-orm'
import type { IncidentType } from '../../contract/catalogue.ts'
import { DAMAGE_PHOTOS } from '../../contract/claims.ts'
import type { Db, Tx } from '../../db/client.ts'
import { claimFiles, claims } from '../../db/schema.ts'
import { CLAIM_DOCUMENTS, transition } from '../../domain/claims.ts'
import type { Deps } from '../../deps.ts'
import type { AuthUser } from '../../http.ts'
import { ApiError, fieldError, notFound } from '../../errors.ts'
import { UPLOAD_MAX_BYTES, UPLOAD_TYPES } from '../../storage/index.ts'
import { checkUpload, IMAGE_MAX_PIXELS, type UploadProblem } from '../../storage/uploads.ts'
import { findClaim } from './lifecycle.ts'

// A claim's documents and photos: checked by size and content, each stored on its own.

export const CLAIM_UPLOAD_TYPE_MESSAGE = 'Upload a JPG, PNG or PDF.'
export const CLAIM_PHOTO_MESSAGE = 'Upload a JPG or PNG photo.'
export const CLAIM_UPLOAD_SIZE_MESSAGE = 'Each file must be 5 MB or smaller.'
const DOCUMENT_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const
const PHOTO_TYPES = ['image/jpeg', 'image/png'] as const

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

export async function filesOf(db: Db | Tx, claimId: string) {
	return db.select().from(claimFiles).where(eq(claimFiles.claimId, claimId)).orderBy(asc(claimFiles.createdAt))
}

export const serializeFile = (f: typeof claimFiles.$inferSelect) => ({
	id: f.id,
	field: f.field,
	filename: f.filename,
	media_type: f.mediaType,
	size: f.size,
})

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
