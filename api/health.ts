import { type Db, pendingMigrations, ping } from './db/client.ts'

/** What /readyz looks at (docs/decisions/062-logs-health-and-scale-out.md). */
export type ReadinessSources = {
	/** The database, when this process has one; a portal that calls a remote API checks that instead. */
	db?: Db
	jobs?: { readonly running: boolean }
	/** A portal started with API_BASE_URL: the API it depends on. */
	apiBaseUrl?: string
	/** Set once SIGTERM arrived: a balancer stops sending here while in-flight requests finish. */
	draining: () => boolean
}

type Check = 'ok' | 'unreachable' | 'pending' | 'stopped' | 'draining'

const withTimeout = <T>(promise: Promise<T>, ms: number) =>
	Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), ms).unref())])

/**
 * GET /healthz: the process is alive (200, always, no I/O). GET /readyz: it can serve: database
 * reachable, every migration applied, jobs scheduled, not shutting down; 503 with the failing check otherwise.
 * Any other path: null.
 */
export async function healthAnswer(pathname: string, sources: ReadinessSources): Promise<{ status: number; body: object } | null> {
	if (pathname === '/healthz') return { status: 200, body: { status: 'ok' } }
	if (pathname !== '/readyz') return null
	const checks: Record<string, Check> = {}
	if (sources.draining()) checks.shutdown = 'draining'
	if (sources.db) {
		try {
			await withTimeout(ping(sources.db), 2_000)
			checks.database = 'ok'
			checks.migrations = (await withTimeout(pendingMigrations(sources.db), 2_000)) === 0 ? 'ok' : 'pending'
		} catch {
			checks.database = 'unreachable'
		}
	}
	if (sources.jobs) checks.jobs = sources.jobs.running ? 'ok' : 'stopped'
	if (sources.apiBaseUrl) {
		try {
			const response = await withTimeout(fetch(`${sources.apiBaseUrl}/healthz`), 2_000)
			checks.api = response.ok ? 'ok' : 'unreachable'
		} catch {
			checks.api = 'unreachable'
		}
	}
	const ready = Object.values(checks).every((c) => c === 'ok')
	return { status: ready ? 200 : 503, body: { status: ready ? 'ready' : 'not ready', checks } }
}
