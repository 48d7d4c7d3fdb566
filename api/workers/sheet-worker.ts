import { readSheet, SheetError } from '../domain/batch/index.ts'
import { serve } from './run.ts'

// The worker that reads an uploaded spreadsheet (api/workers/sheet.ts starts it): the bytes in, the
// rows or the file's problem out.

serve(async ({ bytes, maxRows }: { bytes: Uint8Array; maxRows?: number }) => {
	try {
		return { rows: await readSheet(bytes, maxRows) }
	} catch (error) {
		if (!(error instanceof SheetError)) throw error
		return { problem: error.message }
	}
})
