import { type PGlite, type QueryOptions, type Results, type Transaction, parse, protocol } from '@electric-sql/pglite'
import { KEEPS, STATEMENTS_KEPT } from './kept-statements.ts'

/**
 * PGlite with its statements prepared once and kept, for Drizzle (docs/decisions/128-request-path-second-pass.md).
 *
 * PGlite's own `query` parses and plans every statement anew and makes six trips into PostgreSQL for
 * it (parse, describe, bind, describe, execute, sync). Here a statement is parsed once under a name
 * of its own, as node-postgres does with a named query, and each run after that is one trip: bind,
 * describe, execute and sync in one message. PostgreSQL keeps the statement's plan: measured on the
 * demo business, home's statement went from 7.2 ms to 2.2 ms and a token's lookup from 4.1 ms to 0.6 ms.
 *
 * Only the statements Drizzle builds for rows (select, insert, update, delete, with) are kept, at most
 * STATEMENTS_KEPT of them, the least recently used closed first; anything else (a migration's DDL, a
 * `set`) goes through PGlite's `query`. PGlite's two locks are taken as its `query` takes them: a
 * statement outside a transaction waits for any transaction under way, one inside runs in it.
 */

/** What PGlite keeps behind its underscore: the locks and the type maps its own `query` uses. */
type PGliteInternals = PGlite & {
	_runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>
	_runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>
	serializers: Record<number, (value: unknown) => string>
	parsers: Record<number, (value: string, typeId?: number) => unknown>
}

type Prepared = { name: string; types: number[] }

const { serialize } = protocol

/** One protocol message of several (Node's own join of byte arrays). */
const concat = (parts: Uint8Array[]) => Buffer.concat(parts)

/** PostgreSQL's answer when a kept statement's tables changed shape under it (a migration): prepare it again. */
const isStalePlan = (error: unknown) =>
	(error as { code?: string }).code === '0A000' && /cached plan must not change result type/.test((error as Error).message)

export class PreparedStatements {
	private readonly kept = new Map<string, Prepared>()
	private next = 0

	constructor(
		private readonly pg: PGlite,
		private readonly limit = STATEMENTS_KEPT,
	) {}

	get size() {
		return this.kept.size
	}

	/** The client Drizzle is given: PGlite's interface, with `query` and `transaction` over the kept statements. */
	client(): PGlite {
		const pg = this.pg as PGliteInternals
		const run = this.run.bind(this)
		// PGlite keeps its state in private fields: everything else is read from, and called on, PGlite itself.
		return new Proxy(pg, {
			get(target, key) {
				if (key === 'query') {
					return <T>(text: string, params: unknown[] = [], options?: QueryOptions) =>
						KEEPS.test(text)
							? target._runExclusiveTransaction(() => target._runExclusiveQuery(() => run<T>(text, params, options, true)))
							: target.query<T>(text, params, options)
				}
				if (key === 'transaction') {
					return <T>(callback: (tx: Transaction) => Promise<T>) =>
						target.transaction((tx) =>
							callback({
								...tx,
								get closed() {
									return tx.closed
								},
								query: <R>(text: string, params: unknown[] = [], options?: QueryOptions) =>
									KEEPS.test(text) && !tx.closed
										? target._runExclusiveQuery(() => run<R>(text, params, options, false))
										: tx.query<R>(text, params, options),
							}),
						)
				}
				const value = Reflect.get(target, key, target)
				return typeof value === 'function' ? value.bind(target) : value
			},
		})
	}

	/** One statement, prepared if it is new; the caller holds PGlite's locks. */
	private async run<T>(text: string, params: unknown[], options: QueryOptions | undefined, outside: boolean): Promise<Results<T>> {
		const pg = this.pg as PGliteInternals
		try {
			return await this.execute<T>(text, params, options)
		} catch (error) {
			if (!isStalePlan(error)) throw Object.assign(error as Error, { query: text, params })
			await this.forget(text)
			return await this.execute<T>(text, params, options)
		} finally {
			if (outside) await pg.syncToFs()
		}
	}

	private async execute<T>(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
		const pg = this.pg as PGliteInternals
		const statement = await this.prepared(text)
		const values = params.map((value, i) => {
			if (value === null || value === undefined) return null
			const type = statement.types[i]!
			const write = options?.serializers?.[type] ?? pg.serializers[type]
			return write ? write(value) : String(value)
		})
		const { messages } = await pg.execProtocol(
			concat([
				serialize.bind({ statement: statement.name, values }),
				serialize.describe({ type: 'P' }),
				serialize.execute({}),
				serialize.sync(),
			]),
			{ syncToFs: false },
		)
		// PGlite copies its 318 parsers into a new object for every query that brings its own (Drizzle's
		// always do): a lookup through the prototype chain gives the same parser without the copy.
		const own = options?.parsers
		const parsers = own ? Object.assign(Object.create(pg.parsers) as PGliteInternals['parsers'], own) : pg.parsers
		return parse.parseResults(messages, parsers, own ? { ...options, parsers: undefined } : options)[0] as Results<T>
	}

	private async prepared(text: string): Promise<Prepared> {
		const found = this.kept.get(text)
		if (found) {
			// Maps keep insertion order: moved to the end, it is the most recently used.
			this.kept.delete(text)
			this.kept.set(text, found)
			return found
		}
		while (this.kept.size >= this.limit) await this.forget(this.kept.keys().next().value!)
		const name = `kept_${++this.next}`
		const { messages } = await this.pg.execProtocol(
			concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
			{ syncToFs: false },
		)
		const statement = { name, types: parse.parseDescribeStatementResults(messages) }
		this.kept.set(text, statement)
		return statement
	}

	private async forget(text: string) {
		const statement = this.kept.get(text)
		if (!statement) return
		this.kept.delete(text)
		await this.pg.execProtocol(concat([serialize.close({ type: 'S', name: statement.name }), serialize.sync()]), { syncToFs: false })
	}
}
