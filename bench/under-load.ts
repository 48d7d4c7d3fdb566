// `npm run bench -- --only=load` (or `npx tsx bench/under-load.ts`): issue 19 point 4, on real parts.
// One API process and two portal processes calling it over HTTP, on a new PostgreSQL database; 200
// signed-in sessions (each its own token and cookie) load signed-in `/` for 60 s, spread over both
// portals. Reported: errors, p95, and each process's resident memory before, right after the run and
// after 30 s idle (budget: at most 400 MiB after the run).
// Env: BENCH_DATABASE_URL (as bench/scale.ts), BENCH_LOAD_CONNECTIONS (200), BENCH_LOAD_DURATION (60),
// BENCH_LOAD_IDLE (30 seconds of idle before the last memory reading).
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { ACCEPT_ENCODING, percentile } from './load.ts'
import { adminQuery, benchDatabaseUrl, seedBusiness, sessionCookie, SCALE_SECRET } from './scale.ts'
import { makeTempDir, PORTAL_ARGS, PORTAL_DIR, runCommand, type Server, startServer } from './serve.ts'
import { openDatabase } from '../api/db/client.ts'
import { seedReferenceData } from '../api/db/seed/index.ts'
import { issueToken } from '../api/security/tokens.ts'

export const MEMORY_BUDGET_MIB = 400

/** Resident memory of a process in MiB, from /proc (Linux). */
export function rssMiB(pid: number | undefined) {
	if (!pid) return null
	try {
		const line = readFileSync(`/proc/${pid}/status`, 'utf8')
			.split('\n')
			.find((l) => l.startsWith('VmRSS:'))
		return line ? Math.round(Number(line.replace(/\D/g, '')) / 1024) : null
	} catch {
		return null
	}
}

async function buildApiIfMissing() {
	if (existsSync(join(PORTAL_DIR, 'build', 'api.js'))) return
	// As the Dockerfile builds it.
	await runCommand(
		'esbuild api/main.ts',
		join(PORTAL_DIR, 'node_modules', '.bin', 'esbuild'),
		['api/main.ts', '--bundle', '--platform=node', '--format=esm', '--packages=external', '--external:./build/*', '--outfile=build/api.js'],
		PORTAL_DIR,
	)
}

export async function runUnderLoad() {
	const connections = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 200)
	const durationS = Number(process.env.BENCH_LOAD_DURATION ?? 60)
	const idleS = Number(process.env.BENCH_LOAD_IDLE ?? 30)
	const name = `portal_bench_load_${process.pid}`
	await adminQuery(`drop database if exists ${name} with (force)`)
	await adminQuery(`create database ${name}`)
	const url = benchDatabaseUrl(name)
	const database = await openDatabase({ url })
	const servers: Server[] = []
	try {
		await seedReferenceData(database.db)
		const business = await seedBusiness(database.db, 'load', { staff: 100, entries: 100, policies: 100, claims: 100 })
		const cookies: string[] = []
		for (let i = 0; i < connections; i++)
			cookies.push(await sessionCookie(await issueToken(database.db, business.userId, new Date()), business.userId))
		await buildApiIfMissing()
		const env = { DATABASE_URL: url, SESSION_SECRET: SCALE_SECRET, DEMO_MODE: 'true', LOG_LEVEL: 'warn' }
		const api = await startServer({
			name: 'api',
			args: ['build/api.js'],
			cwd: PORTAL_DIR,
			env: { ...env, DATA_DIR: makeTempDir('bench-load-api-') },
			readyPath: '/readyz',
			timeoutMs: 90_000,
			portVariable: 'API_PORT',
		})
		servers.push(api)
		for (const n of [1, 2])
			servers.push(
				await startServer({
					name: `portal ${n}`,
					args: PORTAL_ARGS,
					cwd: PORTAL_DIR,
					env: { ...env, API_BASE_URL: api.baseUrl, DATA_DIR: makeTempDir(`bench-load-portal${n}-`) },
					readyPath: '/login',
					timeoutMs: 90_000,
				}),
			)
		const portals = servers.slice(1)
		const memory = () => Object.fromEntries(servers.map((s) => [s.name, rssMiB(s.pid)])) as Record<string, number | null>
		const before = memory()
		// One autocannon client per session (one connection, its own cookie), against the two portals in turn.
		const times: number[] = []
		const statuses = new Map<number, number>()
		let errors = 0
		let timeouts = 0
		const clients = cookies.map((cookie, i) => {
			const instance = autocannon({
				url: `${portals[i % 2]!.baseUrl}/`,
				connections: 1,
				duration: durationS,
				timeout: 10,
				headers: { accept: 'text/html', 'accept-encoding': ACCEPT_ENCODING, cookie },
			})
			instance.on('response', (_c: unknown, status: number, _b: number, ms: number) => {
				times.push(ms)
				statuses.set(status, (statuses.get(status) ?? 0) + 1)
			})
			return instance.then((r) => {
				errors += r.errors
				timeouts += r.timeouts
			})
		})
		await Promise.all(clients)
		const after = memory()
		await new Promise((r) => setTimeout(r, idleS * 1000))
		const idle = memory()
		times.sort((a, b) => a - b)
		const notOk = [...statuses].filter(([s]) => s !== 200).reduce((n, [, c]) => n + c, 0)
		return {
			database: 'postgresql',
			processes: 'one API process, two portal processes calling it over HTTP',
			connections,
			durationS,
			idleS,
			requests: times.length,
			errors,
			timeouts,
			notOk,
			/** Each status answered, and how often: what the answers other than 200 were. */
			statuses: Object.fromEntries(statuses) as Record<string, number>,
			p50Ms: percentile(times, 50),
			p95Ms: percentile(times, 95),
			maxMs: times.at(-1) ?? null,
			rssMiB: { before, after, idle },
			budgetMiB: MEMORY_BUDGET_MIB,
			pass: errors + timeouts + notOk === 0 && Object.values(after).every((v) => v !== null && v <= MEMORY_BUDGET_MIB),
		}
	} finally {
		for (const s of servers.reverse()) await s.stop()
		await database.close()
		await adminQuery(`drop database if exists ${name} with (force)`).catch(() => {})
	}
}

if (import.meta.url === `file://${process.argv[1]}`) {
	console.log(JSON.stringify(await runUnderLoad(), null, '\t'))
}
