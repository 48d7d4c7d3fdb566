import type { SheetRow } from '../domain/batch/index.ts'
import { runWorker, WorkerLimitError, type WorkerLimits } from './run.ts'

/** A staff list takes well under a second and a few megabytes; these leave room for a slow machine. */
export const SHEET_WORKER_LIMITS: WorkerLimits = { timeMs: 10_000, memoryMb: 128 }

export const SHEET_TIME_MESSAGE =
	'This file could not be read in time: it is too large or too complex. Upload the list as a plain CSV or XLSX of at most 1,000 staff.'
export const SHEET_MEMORY_MESSAGE = 'This file is too large to read: upload the list as a plain CSV or XLSX of at most 1,000 staff.'

/**
 * The rows of an uploaded spreadsheet, read in a worker thread within SHEET_WORKER_LIMITS, or the
 * problem to show beside the file field: what is wrong with the file (400), or that it could not be
 * read within the limits (422).
 */
export async function readSheetOffThread(
	bytes: Uint8Array,
	limits = SHEET_WORKER_LIMITS,
	maxRows?: number,
): Promise<{ rows: SheetRow[] } | { status: 400 | 422; message: string }> {
	try {
		const answer = await runWorker<{ rows: SheetRow[] } | { problem: string }>('sheet-worker', { bytes, maxRows }, limits)
		return 'rows' in answer ? answer : { status: 400, message: answer.problem }
	} catch (error) {
		if (!(error instanceof WorkerLimitError)) throw error
		return { status: 422, message: error.limit === 'time' ? SHEET_TIME_MESSAGE : SHEET_MEMORY_MESSAGE }
	}
}
