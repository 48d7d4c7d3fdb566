import type { Server } from 'node:http'
import { errorFields, logger } from './telemetry/logger.ts'

/**
 * How long an idle keep-alive connection stays open: longer than a balancer's idle timeout (60 s on the
 * common ones), so the server never closes a connection just as the balancer, or any client reusing it,
 * sends the next request on it (which the client sees as a reset). Node's default is 5 s.
 */
export const KEEP_ALIVE_MS = 65_000

/**
 * Graceful shutdown (docs/decisions/062-logs-health-and-scale-out.md), and connections kept open past a
 * balancer's idle timeout (KEEP_ALIVE_MS). On SIGTERM or SIGINT: /readyz
 * answers 503 so a balancer stops sending, the server stops accepting connections and closes idle
 * ones, requests in flight finish, then `steps` run in order (jobs, analytics and error reporting
 * flushed, the database closed) and the process exits 0. Past `graceMs` it exits 1 anyway.
 */
export function createLifecycle({ graceMs = Number(process.env.SHUTDOWN_GRACE_MS ?? 10_000) } = {}) {
	let draining = false
	return {
		draining: () => draining,
		attach(server: Server, steps: Array<[name: string, step: () => Promise<unknown>]>) {
			server.keepAliveTimeout = KEEP_ALIVE_MS
			// The headers of a request on a kept connection must be allowed longer than the connection is kept.
			server.headersTimeout = KEEP_ALIVE_MS + 1_000
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
				// A connection whose request finishes after this is kept alive for KEEP_ALIVE_MS: close each
				// as it goes idle, so the server closes once the requests in flight are answered.
				server.closeIdleConnections()
				setInterval(() => server.closeIdleConnections(), 100).unref()
			}
			process.on('SIGTERM', stop)
			process.on('SIGINT', stop)
		},
	}
}
