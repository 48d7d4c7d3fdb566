import { serve } from '@hono/node-server'
import { bootApi } from './bootstrap.ts'
import { readApiEnv } from './env.ts'
import { startJobs } from './jobs/scheduler.ts'

/** `npm run start:api`: the insurer API alone, for a portal that reaches it over HTTP. */
const env = readApiEnv()
// Alone, the API is not behind the portal's address: the sandbox's checkout links point here.
const { api, database, deps } = await bootApi({
	...env,
	apiPublicUrl: env.API_PUBLIC_URL?.replace(/\/$/, '') ?? `http://localhost:${env.API_PORT}`,
})
const jobs = startJobs(deps)
const server = serve({ fetch: api.fetch, port: env.API_PORT, hostname: process.env.HOST ?? '0.0.0.0' }, (info) => {
	console.log(`API listening on http://localhost:${info.port}/api/v1`)
})

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
	process.on(signal, () => {
		server.close(
			() =>
				void jobs
					.stop()
					.then(database.close)
					.then(() => process.exit(0)),
		)
	})
}
