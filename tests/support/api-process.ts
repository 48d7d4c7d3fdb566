import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:net'

/** A port nobody listens on now. */
export function freePort() {
	return new Promise<number>((resolve, reject) => {
		const server = createServer()
		server.once('error', reject)
		server.listen(0, '127.0.0.1', () => {
			const { port } = server.address() as { port: number }
			server.close(() => resolve(port))
		})
	})
}

/**
 * The API as production starts it (`api/main.ts`, through tsx) in a child process on a fixed port, so
 * a test can kill it without warning and start it again where clients expect it. `entry` runs another
 * script instead (`server.ts`: the portal with the API in it), ready once its output says `ready`.
 */
export class ApiProcess {
	private child: ChildProcess | null = null
	/** The child's output, kept for a failing test to show. */
	log = ''
	/** How the last child ended: its exit code, or the signal that ended it. */
	exited: { code: number | null; signal: NodeJS.Signals | null } | null = null

	constructor(
		readonly port: number,
		private readonly env: Record<string, string>,
		private readonly entry = { script: 'api/main.ts', ready: `listening on http://localhost:${port}/` },
	) {}

	/** Whether the child runs (it has not exited since it started). */
	get alive() {
		return this.child !== null && this.child.exitCode === null && this.child.signalCode === null
	}

	get url() {
		return `http://127.0.0.1:${this.port}/api/v1`
	}

	async start(timeoutMs = 30_000) {
		const child = spawn(process.execPath, ['--import', 'tsx', this.entry.script], {
			// The sandbox gateway and the outbox answer in demo mode only (decision 033): these processes are demos.
			env: {
				...process.env,
				API_PORT: String(this.port),
				HOST: '127.0.0.1',
				NODE_ENV: 'test',
				DEMO_MODE: 'true',
				// Inside the test runner logs default to warn: the line saying it listens is info.
				LOG_LEVEL: 'info',
				...this.env,
			},
			stdio: ['ignore', 'pipe', 'pipe'],
		})
		this.child = child
		this.exited = null
		child.once('exit', (code, signal) => {
			this.exited = { code, signal }
		})
		await new Promise<void>((resolve, reject) => {
			const timer = setTimeout(() => reject(new Error(`the API did not start in ${timeoutMs} ms:\n${this.log.slice(-2000)}`)), timeoutMs)
			const onData = (chunk: Buffer) => {
				this.log += chunk.toString()
				if (this.log.includes(this.entry.ready)) {
					clearTimeout(timer)
					resolve()
				}
			}
			child.stdout!.on('data', onData)
			child.stderr!.on('data', (chunk: Buffer) => {
				this.log += chunk.toString()
			})
			child.once('exit', (code, signal) => {
				clearTimeout(timer)
				reject(new Error(`the API exited (${code ?? signal}) before it listened:\n${this.log.slice(-2000)}`))
			})
		})
	}

	/** Stop it at once, as a crash or an out-of-memory kill would. */
	async kill(signal: NodeJS.Signals = 'SIGKILL') {
		const child = this.child
		if (!child || child.exitCode !== null || child.signalCode !== null) return
		const exited = new Promise((resolve) => child.once('exit', resolve))
		child.kill(signal)
		await exited
		this.child = null
	}
}
