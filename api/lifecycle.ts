import type { Server } from 'node:http'
import { errorFields, logger } from './telemetry/logger.ts'

/**
 * Graceful shutdown (docs/decisions/062-logs-health-and-scale-out.md). On SIGTERM or SIGINT: /readyz
 * answers 503 so a balancer stops sending, the server stops accepting connections and closes idle
 * ones, requests in flight finish, then `steps` run in order (jobs, analytics and error reporting
 * flushed, the database closed) and the process exits 0. Past `graceMs` it exits 1 anyway.
 */
export function createLifecycle({ graceMs = Number(process.env.SHUTDOWN_GRACE_MS ?? 10_000) } = {}) {
	let draining = false
	return {
		draining: () => draining,
		attach(server: Server, steps: Array<[name: string, step: () => Promise<unknown>]>) {
			const stop = (signal: NodeJS.Signals) => {
				if (draining) return
				draining = true
				logger.info({ signal }, 'shutting down: finishing requests in flight')
				setTimeout(() => {
					logger.warn({ graceMs }, 'requests in flight did not finish in time: exiting')
					process.exit(1)
				}, graceMs).unref()
				server.close(async () => {
					for (const [name, step] of steps) {
						await step().catch((error: unknown) => logger.warn({ step: name, ...errorFields(error) }, 'a shutdown step failed'))
					}
					logger.info('stopped')
					process.exit(0)
				})
				server.closeIdleConnections()
			}
			process.on('SIGTERM', stop)
			process.on('SIGINT', stop)
		},
	}
}
