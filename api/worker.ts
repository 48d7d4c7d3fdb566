import { createServer } from 'node:http'
import { bootApi } from './bootstrap.ts'
import { readApiEnv } from './env.ts'
import { healthAnswer } from './health.ts'
import { startJobs } from './jobs/scheduler.ts'
import { createLifecycle } from './lifecycle.ts'
import { startErrorReporting, stopErrorReporting } from './telemetry/error-reporting.ts'
import { logger } from './telemetry/logger.ts'
import { releaseVersion } from './telemetry/release.ts'

/**
 * `npm run worker`: the jobs alone, for a deployment that runs them apart from the API and portal
 * (docs/decisions/090-job-runner.md). It serves only /healthz and /readyz, on WORKER_PORT.
 */
const env = readApiEnv()
const release = releaseVersion()
await startErrorReporting({ dsn: env.SENTRY_DSN, release, environment: env.SENTRY_ENVIRONMENT ?? env.NODE_ENV, tier: 'api' })
const lifecycle = createLifecycle()
const { database, deps } = await bootApi(env, release)
const jobs = await startJobs(deps, database)
const sources = { db: deps.db, jobs, draining: lifecycle.draining }
const port = Number(process.env.WORKER_PORT ?? 3002)
const server = createServer(async (req, res) => {
	const health = await healthAnswer(new URL(req.url ?? '/', 'http://worker').pathname, sources)
	res.writeHead(health?.status ?? 404, { 'content-type': 'application/json', 'cache-control': 'no-store' })
	res.end(JSON.stringify(health?.body ?? { status: 'not found' }))
})
server.listen(port, process.env.HOST ?? '0.0.0.0', () => logger.info({ port, release }, 'jobs worker running'))

lifecycle.attach(server, [
	['jobs', () => jobs.stop()],
	['analytics', () => deps.analytics?.shutdown() ?? Promise.resolve()],
	['error reporting', () => stopErrorReporting()],
	['database', () => database.close()],
])
