import type { Server } from 'node:http'
import { serve } from '@hono/node-server'
import { bootApi } from './bootstrap.ts'
import { readApiEnv } from './env.ts'
import { healthAnswer } from './health.ts'
import { keepHeapNearLive } from './heap.ts'
import { jobsInProcess, startJobs } from './jobs/scheduler.ts'
import { createLifecycle } from './lifecycle.ts'
import { startErrorReporting, stopErrorReporting } from './telemetry/error-reporting.ts'
import { logger } from './telemetry/logger.ts'
import { releaseVersion } from './telemetry/release.ts'

/** `npm run start:api`: the insurer API alone, for a portal that reaches it over HTTP. */
keepHeapNearLive()
const env = readApiEnv()
const release = releaseVersion()
await startErrorReporting({ dsn: env.SENTRY_DSN, release, environment: env.SENTRY_ENVIRONMENT ?? env.NODE_ENV, tier: 'api' })
const lifecycle = createLifecycle()
// Alone, the API is not behind the portal's address: the sandbox's checkout links point here.
const { api, database, deps } = await bootApi(
	{ ...env, apiPublicUrl: env.API_PUBLIC_URL?.replace(/\/$/, '') ?? `http://localhost:${env.API_PORT}` },
	release,
)
// RUN_JOBS=false: a worker (`npm run worker`) runs them (docs/decisions/090-job-runner.md).
const jobs = jobsInProcess() ? await startJobs(deps, database) : null
const sources = { db: deps.db, ...(jobs ? { jobs } : {}), draining: lifecycle.draining }
const server = serve(
	{
		fetch: async (request, ...rest) => {
			const health = await healthAnswer(new URL(request.url).pathname, sources)
			return health ? Response.json(health.body, { status: health.status }) : api.fetch(request, ...rest)
		},
		port: env.API_PORT,
		hostname: process.env.HOST ?? '0.0.0.0',
	},
	(info) => logger.info({ port: info.port, release }, `API listening on http://localhost:${info.port}/api/v1`),
) as Server

lifecycle.attach(server, [
	['jobs', () => jobs?.stop() ?? Promise.resolve()],
	['analytics', () => deps.analytics?.shutdown() ?? Promise.resolve()],
	['error reporting', () => stopErrorReporting()],
	['database', () => database.close()],
])
