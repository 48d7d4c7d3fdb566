import path from 'node:path'
import { getRequestListener } from '@hono/node-server'
import { createRequestHandler } from '@react-router/express'
import compression from 'compression'
import express from 'express'
import { RouterContextProvider, type ServerBuild } from 'react-router'
import { bootApi } from './api/bootstrap.ts'
import { readApiEnv } from './api/env.ts'
import { clientAddressOf } from './api/security/client-address.ts'
import { startJobs } from './api/jobs/scheduler.ts'
import { portalBodyLimit } from './server/body-limit.ts'
import { securityHeaders } from './server/security-headers.ts'

/**
 * The one process: static files, the insurer API at /api/v1 (unless API_BASE_URL points the portal at
 * another process), and the portal's request handler for everything else.
 */
const dev = process.argv.includes('--dev')
const env = readApiEnv()
const apiBaseUrl = process.env.API_BASE_URL

const app = express()
app.disable('x-powered-by')
// Behind a reverse proxy (TRUST_PROXY=true), X-Forwarded-Proto tells whether the visit came over HTTPS.
app.set('trust proxy', env.trustProxy)
app.use(compression())

let transport: ((request: Request) => Promise<Response>) | null = null
let shutdownDatabase = async () => {}
let stopJobs = async () => {}
if (!apiBaseUrl) {
	const { api, database, deps } = await bootApi(env)
	stopJobs = startJobs(deps).stop
	// The portal calls the API in process: no network hop, the same wrapper.
	transport = async (request) => api.fetch(request)
	shutdownDatabase = database.close
	const listener = getRequestListener(api.fetch)
	app.use((req, res, next) => (req.path === '/api/v1' || req.path.startsWith('/api/v1/') ? listener(req, res) : next()))
}

// The API answers with its own headers; everything after it gets the portal's.
app.use(securityHeaders({ csp: !dev }))

type ContextKey = Parameters<RouterContextProvider['set']>[0]
type BuildWithContext = ServerBuild & {
	entry: { module: { transportContext: ContextKey; clientAddressContext: ContextKey; nonceContext: ContextKey } }
}
let getBuild: () => Promise<BuildWithContext>

if (dev) {
	const vite = await import('vite')
	const viteServer = await vite.createServer({ server: { middlewareMode: true } })
	app.use(viteServer.middlewares)
	getBuild = () => viteServer.ssrLoadModule('virtual:react-router/server-build') as Promise<BuildWithContext>
} else {
	const clientDir = path.resolve('build/client')
	// Hashed files never change: cache them for a year.
	app.use('/assets', express.static(path.join(clientDir, 'assets'), { immutable: true, maxAge: '1y', index: false }))
	app.use(
		express.static(clientDir, {
			maxAge: '1h',
			index: false,
			setHeaders: (res, file) => {
				// The service worker and the version file must be fetched fresh to notice new builds.
				if (file.endsWith('sw.js') || file.endsWith('latest.json')) res.setHeader('Cache-Control', 'no-cache')
			},
		}),
	)
	const buildPath = path.resolve('build/server/index.js')
	const build = (await import(buildPath)) as BuildWithContext
	getBuild = async () => build
}

app.use(portalBodyLimit)
app.all(
	/.*/,
	createRequestHandler({
		build: getBuild,
		getLoadContext: async (req, res) => {
			const build = await getBuild()
			const context = new RouterContextProvider()
			context.set(build.entry.module.transportContext, transport)
			context.set(build.entry.module.clientAddressContext, clientAddressOf(req, env.trustProxy))
			context.set(build.entry.module.nonceContext, res.locals.cspNonce)
			return context
		},
	}),
)

const port = env.PORT
const server = app.listen(port, process.env.HOST ?? '0.0.0.0', () => {
	console.log(`Portal on http://localhost:${port}${transport ? ' (API at /api/v1)' : ` (API at ${apiBaseUrl})`}`)
})

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
	process.on(signal, () => {
		server.close(
			() =>
				void stopJobs()
					.then(shutdownDatabase)
					.then(() => process.exit(0)),
		)
		setTimeout(() => process.exit(0), 5_000).unref()
	})
}
