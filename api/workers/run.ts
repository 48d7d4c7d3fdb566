import { existsSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { createRequire } from 'node:module'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { parentPort, Worker } from 'node:worker_threads'

// Work on files from users runs in a worker thread with a time limit and a memory cap
// (docs/decisions/028-reading-uploaded-files.md), so one hostile upload never stalls other requests.

export type WorkerLimits = { timeMs: number; memoryMb: number }

/** The worker ran out of its time or memory: the input is too much to handle. */
export class WorkerLimitError extends Error {
	constructor(readonly limit: 'time' | 'memory') {
		super(`The worker ran out of ${limit}`)
	}
}

/**
 * A worker's entry by name: `build/<name>.js` beside the bundled server (the build bundles it there),
 * else the source `api/workers/<name>.ts` beside this file, run through tsx's loader (dev and tests).
 */
export function spawn(name: string, options: ConstructorParameters<typeof Worker>[1]) {
	const bundled = new URL(`./${name}.js`, import.meta.url)
	if (existsSync(fileURLToPath(bundled))) return new Worker(bundled, options)
	const source = new URL(`./${name}.ts`, import.meta.url).href
	const tsx = tsxApi()
	const boot = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(source)}) })`
	return new Worker(boot, { ...options, eval: true })
}

/**
 * tsx's loader API as a module. Vite's module runner (Vitest's global setup) has no `import.meta.resolve`:
 * require's resolution finds the package's CommonJS build, beside which its module build sits.
 */
function tsxApi() {
	try {
		return import.meta.resolve('tsx/esm/api')
	} catch {
		return pathToFileURL(
			createRequire(import.meta.url)
				.resolve('tsx/esm/api')
				.replace(/\.cjs$/, '.mjs'),
		).href
	}
}

/** Workers at once: more would only share the same cores, each with its memory. */
const MAX_RUNNING = Math.max(2, availableParallelism())
let running = 0
const waiting: Array<() => void> = []

async function slot() {
	if (running < MAX_RUNNING) running++
	else await new Promise<void>((resolve) => waiting.push(resolve))
	return () => {
		const next = waiting.shift()
		if (next) next()
		else running--
	}
}

/** Loading a worker's code is no part of its time limit, but it has one of its own. */
const STARTUP_MS = 30_000

/**
 * Run the worker `name` (a module calling `serve`) on `input` and answer its one reply. The time
 * limit runs from when the worker is ready: past it the worker is stopped; past its memory it dies;
 * both reject with WorkerLimitError. Any other failure of the worker rejects with its error.
 */
export async function runWorker<T>(name: string, input: unknown, limits: WorkerLimits): Promise<T> {
	const release = await slot()
	try {
		return await new Promise<T>((resolve, reject) => {
			const worker = spawn(name, {
				resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb, maxYoungGenerationSizeMb: Math.ceil(limits.memoryMb / 8) },
			})
			let ready = false
			let settled = false
			let timer = setTimeout(() => settle(() => reject(new Error(`The worker ${name} did not start in time`))), STARTUP_MS)
			const settle = (outcome: () => void) => {
				if (settled) return
				settled = true
				clearTimeout(timer)
				outcome()
				void worker.terminate()
			}
			worker.on('message', (message: T) => {
				if (ready) return settle(() => resolve(message))
				ready = true
				clearTimeout(timer)
				timer = setTimeout(() => settle(() => reject(new WorkerLimitError('time'))), limits.timeMs)
				worker.postMessage(input)
			})
			worker.once('error', (error: Error & { code?: string }) =>
				settle(() => reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new WorkerLimitError('memory') : error)),
			)
			worker.once('exit', (code) => settle(() => reject(new Error(`The worker ${name} stopped (exit code ${code}) without an answer`))))
		})
	} finally {
		release()
	}
}

/** In a worker: say it is ready, take the one input, answer what `handle` makes of it. */
export function serve<I>(handle: (input: I) => Promise<unknown>) {
	const port = parentPort
	if (!port) throw new Error('serve() runs in a worker thread')
	port.once('message', async (input: I) => port.postMessage(await handle(input)))
	port.postMessage('ready')
}
