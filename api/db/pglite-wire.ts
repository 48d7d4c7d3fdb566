/**
 * What the portal's thread and the embedded database's worker say to each other
 * (api/db/pglite-remote.ts, api/workers/pglite-worker.ts; docs/decisions/136-work-off-the-rendering-thread.md).
 */

/** Where the worker opens the database, and whether it migrates it first. */
export type OpenOptions = { dataDir?: string; loadDataDir?: ArrayBuffer; migrationsFolder?: string }

export type Ask =
	| {
			id: number
			op: 'query'
			text: string
			params: unknown[]
			rowMode?: 'array' | 'object'
			/** Types read as PostgreSQL's text, as Drizzle asks for dates, times and intervals. */
			asText?: number[]
			tx?: number
	  }
	| { id: number; op: 'exec'; text: string; tx?: number }
	| { id: number; op: 'begin' }
	| { id: number; op: 'end'; tx: number; commit: boolean }
	| { id: number; op: 'dump'; compression: 'none' | 'gzip' | 'auto' }
	| { id: number; op: 'close' }

/** An error as it crosses: its message, its name and its own fields (PostgreSQL's code, constraint, detail…). */
export type WireError = { message: string; name: string; stack?: string; fields: Record<string, unknown> }

export type Answer = { id: number; result?: unknown; error?: WireError }

/** The first message from the worker: open, or why not. */
export type Opened = { opened: true } | { opened: false; error: WireError }

export function toWire(error: unknown): WireError {
	if (!(error instanceof Error)) return { message: String(error), name: 'Error', fields: {} }
	const fields: Record<string, unknown> = {}
	for (const [key, value] of Object.entries(error)) {
		// PGlite puts the query's options on its errors, parsers (functions) and all: what cannot be copied stays.
		try {
			fields[key] = structuredClone(value)
		} catch {}
	}
	return { message: error.message, name: error.name, stack: error.stack, fields }
}

export function fromWire(wire: WireError): Error {
	const error = Object.assign(new Error(wire.message), wire.fields)
	error.name = wire.name
	// The worker's stack says where in PGlite it failed; this thread's, where the portal asked.
	if (wire.stack) error.stack = `${error.stack}\n    in the database worker: ${wire.stack}`
	return error
}
