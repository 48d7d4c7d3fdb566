// Builds and runs the two servers under test (the portal and the floor) as child processes.
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

export const BENCH_DIR = dirname(fileURLToPath(import.meta.url))
export const REPO_DIR = resolve(BENCH_DIR, '..')
export const FLOOR_DIR = join(BENCH_DIR, 'floor')
const BIN = join(REPO_DIR, 'node_modules', '.bin')
/** Where the portal is built and run from; BENCH_PORTAL_DIR points at another checkout (default: this repo). */
export const PORTAL_DIR = resolve(process.env.BENCH_PORTAL_DIR ?? REPO_DIR)

/** The Node flags of `npm start` (package.json) before `build/server.js`: the bench runs the portal as it is run. */
export function startFlags(startScript: string): string[] {
	const flags = / node ((?:--\S+ )*)build\/server\.js/.exec(startScript)
	if (!flags) throw new Error(`npm start does not run node build/server.js: ${startScript}`)
	return flags[1]!.split(' ').filter(Boolean)
}

/** How the bench starts a portal process: `node`, then these (from the start script of the checkout it runs). */
export const PORTAL_ARGS = [
	...startFlags(JSON.parse(readFileSync(join(PORTAL_DIR, 'package.json'), 'utf8')).scripts.start),
	'build/server.js',
]

export type Server = { name: string; baseUrl: string; pid: number | undefined; stop: () => Promise<void> }

const running = new Set<ChildProcess>()
const tempDirs = new Set<string>()

/** Runs a command to completion, echoing its output prefixed; rejects on a non-zero exit. */
export function runCommand(label: string, cmd: string, args: string[], cwd: string): Promise<void> {
	return new Promise((ok, fail) => {
		const child = spawn(cmd, args, { cwd, env: { ...process.env, NODE_ENV: 'production' }, stdio: ['ignore', 'pipe', 'pipe'] })
		let tail = ''
		const keep = (chunk: Buffer) => {
			tail = (tail + chunk.toString()).slice(-4000)
		}
		child.stdout.on('data', keep)
		child.stderr.on('data', keep)
		child.on('error', fail)
		child.on('exit', (code, signal) => {
			if (code === 0) ok()
			else fail(new Error(`${label} failed (${signal ?? `exit ${code}`}):\n${tail}`))
		})
	})
}

/** `npm run build` in the portal checkout if its build is missing (or always, with force). */
export async function buildPortalIfMissing(force = false): Promise<void> {
	if (!force && existsSync(join(PORTAL_DIR, 'build', 'server.js'))) return
	console.log(`bench: building the portal (npm run build in ${PORTAL_DIR})…`)
	await runCommand('npm run build', 'npm', ['run', 'build'], PORTAL_DIR)
}

/** Builds the floor with the repo's own react-router/vite into bench/floor/build. It takes a second or two. */
export async function buildFloor(): Promise<void> {
	console.log('bench: building the floor…')
	await runCommand('floor build', join(BIN, 'react-router'), ['build'], FLOOR_DIR)
}

export function freePort(): Promise<number> {
	return new Promise((ok, fail) => {
		const srv = createServer()
		srv.unref()
		srv.on('error', fail)
		srv.listen(0, '127.0.0.1', () => {
			const address = srv.address()
			const port = typeof address === 'object' && address ? address.port : 0
			srv.close(() => (port ? ok(port) : fail(new Error('no free port'))))
		})
	})
}

export function makeTempDir(prefix: string): string {
	const dir = mkdtempSync(join(tmpdir(), prefix))
	tempDirs.add(dir)
	return dir
}

async function waitFor200(url: string, timeoutMs: number, child: ChildProcess, log: () => string): Promise<void> {
	const deadline = Date.now() + timeoutMs
	let last = 'no answer yet'
	while (Date.now() < deadline) {
		if (child.exitCode !== null || child.signalCode !== null) {
			throw new Error(`server exited (${child.signalCode ?? `exit ${child.exitCode}`}) before ${url} answered:\n${log()}`)
		}
		try {
			const res = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(5000) })
			await res.arrayBuffer()
			if (res.status === 200) return
			last = `status ${res.status}`
		} catch (error) {
			last = (error as Error).message
		}
		await new Promise((r) => setTimeout(r, 250))
	}
	throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s (${last}):\n${log()}`)
}

type StartOptions = {
	name: string
	args: string[]
	cwd: string
	env?: Record<string, string>
	readyPath: string
	timeoutMs: number
	/** The variable the process reads its port from (PORT; the API process reads API_PORT). */
	portVariable?: string
}

/** Starts `node <args>` on a free port and waits until readyPath answers 200. */
export async function startServer(o: StartOptions): Promise<Server> {
	const port = await freePort()
	const env = { ...process.env, ...o.env, [o.portVariable ?? 'PORT']: String(port), NODE_ENV: 'production' }
	const child = spawn(process.execPath, o.args, { cwd: o.cwd, env, stdio: ['ignore', 'pipe', 'pipe'] })
	running.add(child)
	let output = ''
	const keep = (chunk: Buffer) => {
		output = (output + chunk.toString()).slice(-6000)
	}
	child.stdout?.on('data', keep)
	child.stderr?.on('data', keep)
	child.on('exit', () => running.delete(child))
	const baseUrl = `http://localhost:${port}`
	const stop = () => stopChild(child)
	try {
		await waitFor200(baseUrl + o.readyPath, o.timeoutMs, child, () => output)
	} catch (error) {
		await stop()
		throw error
	}
	return { name: o.name, baseUrl, pid: child.pid, stop }
}

function stopChild(child: ChildProcess): Promise<void> {
	if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
	return new Promise((ok) => {
		const force = setTimeout(() => child.kill('SIGKILL'), 5000)
		child.once('exit', () => {
			clearTimeout(force)
			ok()
		})
		child.kill('SIGTERM')
	})
}

export function startPortal(): Promise<Server> {
	const dataDir = makeTempDir('bench-portal-data-')
	return startServer({
		name: 'portal',
		args: PORTAL_ARGS,
		cwd: PORTAL_DIR,
		env: { DATA_DIR: dataDir },
		readyPath: '/login',
		timeoutMs: 90_000,
	})
}

export function startFloor(): Promise<Server> {
	return startServer({ name: 'floor', args: ['server.mjs'], cwd: FLOOR_DIR, readyPath: '/', timeoutMs: 30_000 })
}

/** Stops every child still running and removes temp dirs; safe to call more than once. */
export async function cleanup(): Promise<void> {
	await Promise.all([...running].map(stopChild))
	for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true })
	tempDirs.clear()
}

/** Last resort on exit: synchronous, kills only the children this process started. */
export function killChildrenSync(): void {
	for (const child of running) child.kill('SIGKILL')
	for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true })
}
