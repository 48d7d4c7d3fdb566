import type { Worker } from 'node:worker_threads'
import type { QueryOptions, Results, Transaction } from '@electric-sql/pglite'
import { spawn } from '../workers/run.ts'
import { type Answer, type Ask, fromWire, type Opened, type OpenOptions } from './pglite-wire.ts'

/** What the job queue and the upkeep run on the embedded database: plain SQL, one statement or several. */
export type EmbeddedSql = {
	query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>
	exec(text: string): Promise<Results[]>
}

/** A message without its id, which `ask` gives it (Omit over each member of the union). */
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never
type Asked = WithoutId<Ask>

/**
 * The embedded database, run in a worker thread (docs/decisions/136-work-off-the-rendering-thread.md): PGlite's
 * PostgreSQL took a fifth of a signed-in page's time on the thread that renders pages, while the second
 * core sat mostly idle. This is the part of PGlite's interface Drizzle, the job queue and the upkeep use
 * (`query`, `exec`, `transaction`), and `dumpDataDir` for the tests' template; each call is a message to
 * the worker (api/workers/pglite-worker.ts) and its answer.
 *
 * The one rule that does not carry over: a query's parsers are functions, which cannot cross to the
 * worker. Drizzle's are all of one kind, a type's text handed back as it is, and only those are taken.
 */
export class PGliteRemote implements EmbeddedSql {
	private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>()
	private next = 0
	private stopped: Error | null = null

	private constructor(private readonly worker: Worker) {
		worker.on('message', (answer: Answer) => {
			const waiting = this.pending.get(answer.id)
			if (!waiting) return
			this.pending.delete(answer.id)
			// An idle database does not keep the process alive, as PGlite in this thread did not.
			if (this.pending.size === 0) worker.unref()
			if (answer.error) waiting.reject(fromWire(answer.error))
			else waiting.resolve(answer.result)
		})
		worker.on('error', (error) => this.stop(error))
		worker.on('exit', (code) => this.stop(new Error(`The embedded database stopped (exit code ${code})`)))
		worker.unref()
	}

	/** Starts the worker and waits for the database to open (and be migrated, given the migrations' folder). */
	static async open(options: OpenOptions): Promise<PGliteRemote> {
		const worker = spawn('pglite-worker', {
			workerData: options,
			transferList: options.loadDataDir ? [options.loadDataDir] : [],
		})
		const opened = await new Promise<Opened>((resolve, reject) => {
			const exit = (code: number) => reject(new Error(`The embedded database stopped (exit code ${code}) before it opened`))
			worker.once('message', (message: Opened) => {
				worker.off('error', reject).off('exit', exit)
				resolve(message)
			})
			worker.once('error', reject).once('exit', exit)
		})
		if (!opened.opened) {
			await worker.terminate()
			throw fromWire(opened.error)
		}
		return new PGliteRemote(worker)
	}

	private stop(error: Error) {
		this.stopped ??= error
		for (const waiting of this.pending.values()) waiting.reject(error)
		this.pending.clear()
	}

	private ask<T>(asked: Asked): Promise<T> {
		if (this.stopped) return Promise.reject(this.stopped)
		const id = ++this.next
		return new Promise<T>((resolve, reject) => {
			this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject })
			if (this.pending.size === 1) this.worker.ref()
			this.worker.postMessage({ ...asked, id })
		})
	}

	async query<T>(text: string, params: unknown[] = [], options?: QueryOptions, tx?: number): Promise<Results<T>> {
		return this.ask({ op: 'query', text, params, ...wireOptions(options), tx })
	}

	exec(text: string, tx?: number): Promise<Results[]> {
		return this.ask({ op: 'exec', text, tx })
	}

	/** A transaction in the worker, held open until `callback` settles: committed if it resolves, rolled back if it throws. */
	async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
		const id = await this.ask<number>({ op: 'begin' })
		let closed = false
		const tx = {
			query: <R>(text: string, params?: unknown[], options?: QueryOptions) => this.query<R>(text, params, options, id),
			exec: (text: string) => this.exec(text, id),
			get closed() {
				return closed
			},
		}
		try {
			const value = await callback(tx as unknown as Transaction)
			closed = true
			await this.ask({ op: 'end', tx: id, commit: true })
			return value
		} catch (error) {
			if (!closed) {
				closed = true
				await this.ask({ op: 'end', tx: id, commit: false }).catch(() => {})
			}
			throw error
		}
	}

	/** The database's folder as a tarball, as PGlite's `dumpDataDir` gives it. */
	async dumpDataDir(compression: 'none' | 'gzip' | 'auto' = 'auto'): Promise<Blob> {
		return new Blob([await this.ask<ArrayBuffer>({ op: 'dump', compression })])
	}

	/** PGlite closed in the worker (its files written out), then the worker ended, even if the closing failed. */
	async close(): Promise<void> {
		try {
			if (!this.stopped) await this.ask({ op: 'close' })
		} finally {
			this.stop(new Error('The embedded database is closed'))
			await this.worker.terminate()
		}
	}
}

/** A sample of the text each parser must hand back as it is. */
const SAMPLE = '1 day 02:00:00, 2026-11-28 10:00:00+00'

/** The options as they cross: the row mode, and the types read as text. */
function wireOptions(options: QueryOptions | undefined): { rowMode?: 'array' | 'object'; asText?: number[] } {
	if (!options) return {}
	const { rowMode, parsers, ...rest } = options
	const other = Object.keys(rest).filter((key) => rest[key as keyof typeof rest] !== undefined)
	if (other.length > 0) throw new Error(`The embedded database's worker does not take the query option ${other.join(', ')}`)
	if (!parsers) return { rowMode }
	return { rowMode, asText: textTypes(parsers) }
}

/** The types a query's parsers read as text, checked once per parsers object (Drizzle keeps one per statement it built). */
const checked = new WeakMap<object, number[]>()
function textTypes(parsers: NonNullable<QueryOptions['parsers']>): number[] {
	let types = checked.get(parsers)
	if (types) return types
	types = []
	for (const [type, parse] of Object.entries(parsers)) {
		if (parse(SAMPLE, Number(type)) !== SAMPLE)
			throw new Error(`The embedded database's worker takes only parsers that hand the text back (type ${type})`)
		types.push(Number(type))
	}
	checked.set(parsers, types)
	return types
}
