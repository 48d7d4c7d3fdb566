import pino from 'pino'
import { isRouteErrorResponse } from 'react-router'
import { scrubString, shouldReportError } from '#api/contract/telemetry.ts'
import { ApiCallError } from './api.server.ts'

/** The portal's own log lines, in the API's JSON shape (docs/decisions/062-logs-health-and-scale-out.md). */
export const portalLogger = pino({
	level: process.env.LOG_LEVEL ?? (process.env.VITEST ? 'warn' : 'info'),
	base: { pid: process.pid, tier: 'portal' },
	timestamp: pino.stdTimeFunctions.isoTime,
	formatters: { level: (label) => ({ level: label }) },
})

/**
 * The status a failure of the portal answers with, or null when it is the API's answer passed on: the
 * API reports its own errors, so one failure is reported once. The API out of reach is the portal's to report.
 */
export function portalErrorStatus(error: unknown): number | null {
	if (isRouteErrorResponse(error)) return error.status
	if (error instanceof Response) return error.status
	// A thrown `data(value, { status })`.
	const init = (error as { type?: string; init?: { status?: number } } | null)?.init
	if ((error as { type?: string } | null)?.type === 'DataWithResponseInit') return init?.status ?? 500
	if (error instanceof ApiCallError) return error.status === 0 ? 502 : null
	return 500
}

/**
 * React Router's handleError: log the failure and report it unless the rule of section 8 keeps it back
 * (300 to 499). Sentry is loaded by server.ts, and only when SENTRY_DSN is set.
 */
export function reportPortalError(error: unknown, request: Request, requestId: string | null) {
	if (request.signal.aborted) return
	const status = portalErrorStatus(error)
	if (status === null) return
	const path = new URL(request.url).pathname
	if (status >= 500) {
		const message = scrubString(error instanceof Error ? error.message : String(error))
		portalLogger.error(
			{
				requestId,
				method: request.method,
				path,
				status,
				error: { message, stack: error instanceof Error && error.stack ? scrubString(error.stack) : undefined },
			},
			'request failed',
		)
	}
	if (!process.env.SENTRY_DSN || !shouldReportError(status)) return
	void import('@sentry/react-router').then((Sentry) => {
		if (!Sentry.getClient()) return
		Sentry.captureException(error, {
			tags: { status: String(status), ...(requestId ? { request_id: requestId } : {}) },
			extra: { method: request.method, path },
		})
	})
}
