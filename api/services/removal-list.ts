import { ApiError, fieldError } from '../errors.ts'
import { UPLOAD_MAX_BYTES } from '../storage/index.ts'
import { readSheetOffThread } from '../workers/sheet.ts'
import { FILE_SIZE_MESSAGE } from './batch.ts'

/**
 * The entries of an uploaded list of members to remove, read off the request thread by the staff list's
 * reader (CSV or XLSX): every cell that looks like an email or a phone number, in order, at most 1,000.
 * A header row ('email', 'phone') looks like neither, so it is passed over.
 */
export async function readRemovalList(readForm: () => Promise<FormData | null>) {
	const form = await readForm()
	const file = form?.get('file')
	if (!(file instanceof File) || file.size === 0)
		throw fieldError(400, 'file', 'Upload the list: a CSV or XLSX file of emails or phone numbers.')
	if (file.size > UPLOAD_MAX_BYTES) throw fieldError(400, 'file', FILE_SIZE_MESSAGE)
	const read = await readSheetOffThread(new Uint8Array(await file.arrayBuffer()))
	if ('message' in read) throw new ApiError(read.status, read.message, [{ path: 'file', message: read.message }])
	const identifiers = read.rows
		.flatMap((r) => r.cells.map((c) => c.trim()).filter((c) => c.includes('@') || /^\+?\d[\d\s-]{6,}$/.test(c)))
		.slice(0, 1_000)
	if (!identifiers.length) throw fieldError(400, 'file', 'The list has no emails or phone numbers: one a row, in any column.')
	return { identifiers }
}
