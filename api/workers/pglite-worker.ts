import { parentPort, workerData } from 'node:worker_threads'
import { PGlite, type Transaction } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle } from 'drizzle-orm/pglite'
import { PreparedStatements } from '../db/pglite-statements.ts'
import { type Answer, type Ask, type OpenOptions, type Opened, toWire } from '../db/pglite-wire.ts'

// The embedded database in a thread of its own (docs/decisions/136-work-off-the-rendering-thread.md): PGlite,
// its statements kept (api/db/pglite-statements.ts), answering what api/db/pglite-remote.ts asks.

const port = parentPort
if (!port) throw new Error('the database worker runs in a worker thread')
const options = workerData as OpenOptions

/** Parsers that hand a type's text back as it is, one object per list of types. */
const asTextParsers = new Map<string, Record<number, (value: string) => string>>()
function asText(types: number[]) {
	const key = types.join(',')
	let parsers = asTextParsers.get(key)
	if (!parsers) {
		parsers = Object.fromEntries(types.map((type) => [type, (value: string) => value]))
		asTextParsers.set(key, parsers)
	}
	return parsers
}

async function open() {
	const pg = await PGlite.create({
		dataDir: options.dataDir,
		loadDataDir: options.loadDataDir ? new Blob([options.loadDataDir]) : undefined,
		// Trigram indexes make the staff search indexed (migration perf_indexes, decision 119).
		extensions: { pg_trgm },
	})
	if (options.migrationsFolder) {
		const { migrate } = await import('drizzle-orm/pglite/migrator')
		await migrate(drizzle(pg), { migrationsFolder: options.migrationsFolder })
	}
	return pg
}

const pg = await open().catch((error: unknown) => {
	port.postMessage({ opened: false, error: toWire(error) } satisfies Opened)
	return null
})

if (pg) {
	// Drizzle's statements are prepared once and kept (decision 128); the migrations' DDL was not.
	const client = new PreparedStatements(pg).client()
	/** Transactions under way, each held open until the portal's thread says how it ends. */
	type Open = {
		tx: Transaction
		commit: () => void
		rollback: (reason: Error) => void
		ending?: { done: (value: null) => void; failed: (error: unknown) => void }
	}
	const transactions = new Map<number, Open>()
	const ROLLED_BACK = new Error('rolled back as asked')
	let nextTx = 0

	const on = (tx: number | undefined) => {
		if (tx === undefined) return client
		const open = transactions.get(tx)
		if (!open) throw new Error(`no transaction ${tx} is open`)
		return open.tx
	}

	/** A transaction ended: its commit's error, if it failed, goes to whoever asked it to end. */
	function finish(id: number, open: Open, error: unknown) {
		transactions.delete(id)
		if (error && error !== ROLLED_BACK) open.ending?.failed(error)
		else open.ending?.done(null)
	}

	async function answer(ask: Ask): Promise<unknown> {
		switch (ask.op) {
			case 'query':
				return on(ask.tx).query(ask.text, ask.params, {
					rowMode: ask.rowMode,
					parsers: ask.asText ? asText(ask.asText) : undefined,
				})
			case 'exec':
				return on(ask.tx).exec(ask.text)
			case 'begin':
				// PGlite runs one transaction at a time: this one may wait for another's end before it begins.
				return new Promise<number>((began, failed) => {
					const id = ++nextTx
					let open: Open | undefined
					client
						.transaction(
							(tx) =>
								new Promise<void>((commit, rollback) => {
									open = { tx, commit, rollback }
									transactions.set(id, open)
									began(id)
								}),
						)
						.then(
							() => finish(id, open!, null),
							(error: unknown) => (open ? finish(id, open, error) : failed(error)),
						)
				})
			case 'end': {
				const open = transactions.get(ask.tx)
				if (!open) throw new Error(`no transaction ${ask.tx} is open`)
				return new Promise<null>((done, failed) => {
					open.ending = { done, failed }
					if (ask.commit) open.commit()
					else open.rollback(ROLLED_BACK)
				})
			}
			case 'dump':
				return (await pg!.dumpDataDir(ask.compression)).arrayBuffer()
			case 'close':
				await pg!.close()
				return null
		}
	}

	/** An answer that cannot be copied to the other thread (a value structured cloning refuses) is sent as an error instead. */
	function reply(message: Answer, transfer: ArrayBuffer[] = []) {
		try {
			port!.postMessage(message, transfer)
		} catch (error) {
			port!.postMessage({ id: message.id, error: toWire(error) } satisfies Answer)
		}
	}

	port.on('message', (ask: Ask) => {
		answer(ask).then(
			(result) => reply({ id: ask.id, result }, result instanceof ArrayBuffer ? [result] : []),
			(error: unknown) => reply({ id: ask.id, error: toWire(error) }),
		)
	})
	port.postMessage({ opened: true } satisfies Opened)
}
