import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { getRequestListener } from '@hono/node-server'
import { createRequestHandler } from '@react-router/express'
import compression from 'compression'
import express from 'express'
import expressStaticGzip from 'express-static-gzip'
import { RouterContextProvider, type ServerBuild } from 'react-router'
import { bootApi } from './api/bootstrap.ts'
import { isRequestId, REQUEST_ID_HEADER } from './api/contract/telemetry.ts'
import type { Db } from './api/db/client.ts'
import { readApiEnv } from './api/env.ts'
import { healthAnswer } from './api/health.ts'
import { keepHeapNearLive } from './api/heap.ts'
import { jobsInProcess, startJobs } from './api/jobs/scheduler.ts'
import { createLifecycle } from './api/lifecycle.ts'
import { clientAddressOf } from './api/security/client-address.ts'
import { startErrorReporting, stopErrorReporting } from './api/telemetry/error-reporting.ts'
import { logger } from './api/telemetry/logger.ts'
import { releaseVersion } from './api/telemetry/release.ts'
import { portalBodyLimit } from './server/body-limit.ts'
import { loopWatch, PAGES_AT_ONCE, PAGES_WHILE_BUSY, requestGate } from './server/request-gate.ts'
import { securityHeaders } from './server/security-headers.ts'

/**
 * The one process: static files, the insurer API at /api/v1 (unless API_BASE_URL points the portal at
 * another process), and the portal's request handler for everything else.
 */
const dev = process.argv.includes('--dev')
keepHeapNearLive()
const env = readApiEnv()
const apiBaseUrl = process.env.API_BASE_URL?.replace(/\/$/, '')
const release = releaseVersion()
// The root loader hands the browser the same release its errors are filed under.
process.env.SENTRY_RELEASE = release
await startErrorReporting({ dsn: env.SENTRY_DSN, release, environment: env.SENTRY_ENVIRONMENT ?? env.NODE_ENV, tier: 'portal' })
const lifecycle = createLifecycle()

const app = express()
app.disable('x-powered-by')
// Behind a reverse proxy (TRUST_PROXY=true), X-Forwarded-Proto tells whether the visit came over HTTPS.
app.set('trust proxy', env.trustProxy)

// Every request gets an id (the proxy's, when it sent a plain one), sent on to the API and logged by both.
app.use((req, res, next) => {
	const started = performance.now()
	const incoming = req.get(REQUEST_ID_HEADER)
	const requestId = isRequestId(incoming) ? incoming : randomUUID()
	res.locals.requestId = requestId
	req.headers[REQUEST_ID_HEADER] = requestId
	res.setHeader('X-Request-Id', requestId)
	res.on('finish', () => {
		// The path without its query: a query may carry an email or a code.
		if (req.path.startsWith('/assets/')) return
		logger.info(
			{
				tier: 'portal',
				requestId,
				method: req.method,
				path: req.path,
				status: res.statusCode,
				ms: Math.round(performance.now() - started),
			},
			'request',
		)
	})
	next()
})
app.use(compression())

let transport: ((request: Request) => Promise<Response>) | null = null
let shutdownSteps: Array<[string, () => Promise<unknown>]> = []
let readiness: { db?: Db; jobs?: { readonly running: boolean }; apiBaseUrl?: string } = { apiBaseUrl }
if (!apiBaseUrl) {
	const { api, database, deps } = await bootApi(env, release)
	// RUN_JOBS=false: a worker (`npm run worker`) runs them (docs/decisions/090-job-runner.md).
	const jobs = jobsInProcess() ? await startJobs(deps, database) : null
	readiness = { db: deps.db, ...(jobs ? { jobs } : {}) }
	shutdownSteps = [
		['jobs', () => jobs?.stop() ?? Promise.resolve()],
		['analytics', () => deps.analytics?.shutdown() ?? Promise.resolve()],
		['database', () => database.close()],
	]
	// The portal calls the API in process: no network hop, the same wrapper.
	transport = async (request) => api.fetch(request)
	const listener = getRequestListener(api.fetch)
	app.use((req, res, next) => (req.path === '/api/v1' || req.path.startsWith('/api/v1/') ? listener(req, res) : next()))
}

app.get(['/healthz', '/readyz'], async (req, res) => {
	const answer = (await healthAnswer(req.path, { ...readiness, draining: lifecycle.draining }))!
	res.status(answer.status).setHeader('Cache-Control', 'no-store').json(answer.body)
})

// The API answers with its own headers; everything after it gets the portal's.
app.use(securityHeaders({ csp: !dev, sentryDsn: env.SENTRY_DSN }))

type ContextKey = Parameters<RouterContextProvider['set']>[0]
type BuildWithContext = ServerBuild & {
	entry: {
		module: {
			transportContext: ContextKey
			clientAddressContext: ContextKey
			nonceContext: ContextKey
			requestIdContext: ContextKey
			pageMarkupContext: ContextKey
		}
	}
}
let getBuild: () => Promise<BuildWithContext>
// In production the build is handed over itself, not as a function: React Router then prepares its
// routes once, where a function makes it flatten and rank every route again on each request.
let productionBuild: BuildWithContext | undefined

if (dev) {
	const vite = await import('vite')
	const viteServer = await vite.createServer({ server: { middlewareMode: true } })
	app.use(viteServer.middlewares)
	getBuild = () => viteServer.ssrLoadModule('virtual:react-router/server-build') as Promise<BuildWithContext>
} else {
	const clientDir = path.resolve('build/client')
	// Source maps go to error reporting only (the build deletes them); never serve one left behind.
	app.use((req, res, next) => (req.path.endsWith('.map') ? res.status(404).end() : next()))
	// Hashed files never change: cache them for a year. Each is sent as the Brotli or gzip the build made
	// beside it when the browser takes it (scripts/precompress.ts); the compression middleware leaves an
	// answer that already has its encoding as it is.
	app.use(
		'/assets',
		expressStaticGzip(path.join(clientDir, 'assets'), {
			enableBrotli: true,
			orderPreference: ['br', 'gzip'],
			index: false,
			serveStatic: { immutable: true, maxAge: '1y', index: false },
		}),
	)
	// The static folder holds files only (sw.js, the manifest, icons): a path without a file extension is a
	// page, and asking the disk about it on every request (fstat) cost a visible share of a page's time.
	const serveStatic = express.static(clientDir, {
		maxAge: '1h',
		index: false,
		setHeaders: (res, file) => {
			// The service worker and the version file must be fetched fresh to notice new builds.
			if (file.endsWith('sw.js') || file.endsWith('latest.json')) res.setHeader('Cache-Control', 'no-cache')
		},
	})
	app.use((req, res, next) => (/\.[^/]+$/.test(req.path) ? serveStatic(req, res, next) : next()))
	const buildPath = path.resolve('build/server/index.js')
	const build = (await import(buildPath)) as BuildWithContext
	productionBuild = build
	getBuild = async () => build
}

// A few pages at once while the processor is busy, more while they wait; the rest wait in line with little
// held (decisions 128 and 132).
const loop = loopWatch()
app.use(requestGate(PAGES_AT_ONCE, { whileBusy: PAGES_WHILE_BUSY, busy: () => loop.busy }))
app.use(portalBodyLimit)
app.all(
	/.*/,
	createRequestHandler({
		build: productionBuild ?? getBuild,
		getLoadContext: async (req, res) => {
			const build = await getBuild()
			const context = new RouterContextProvider()
			context.set(build.entry.module.transportContext, transport)
			context.set(build.entry.module.clientAddressContext, clientAddressOf(req, env.trustProxy))
			context.set(build.entry.module.nonceContext, res.locals.cspNonce)
			context.set(build.entry.module.requestIdContext, res.locals.requestId)
			// A document's render reads some markup from here, and its data leaves it out (decision 148).
			context.set(build.entry.module.pageMarkupContext, req.path.endsWith('.data') ? null : new Map())
			return context
		},
	}),
)

const port = env.PORT
const server = app.listen(port, process.env.HOST ?? '0.0.0.0', () => {
	logger.info(
		{ port, release, api: apiBaseUrl ?? '/api/v1' },
		`Portal on http://localhost:${port}${transport ? ' (API at /api/v1)' : ` (API at ${apiBaseUrl})`}`,
	)
})

lifecycle.attach(server, [...shutdownSteps, ['error reporting', () => stopErrorReporting()]])
