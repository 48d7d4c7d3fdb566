import { scrubPersonalData, shouldReportError } from '../contract/telemetry.ts'
import { errorFields, logger } from './logger.ts'

type Sentry = typeof import('@sentry/react-router')

/** Integrations kept: error capture only, no tracing, no patched HTTP clients. */
const KEPT = new Set(['InboundFilters', 'FunctionToString', 'LinkedErrors', 'Dedupe', 'Context', 'ContextLines'])
const PROCESS_HANDLERS = new Set(['OnUncaughtException', 'OnUnhandledRejection'])

let sentry: Sentry | null = null

export type ErrorReportingOptions = {
	/** SENTRY_DSN: without it nothing is loaded and nothing is sent. */
	dsn: string | undefined
	release: string
	environment: string
	/** Which process reports: `portal` (with the API in it) or `api`. */
	tier: 'portal' | 'api'
	/** Also report what crashes the process; off in tests, which share their process. */
	processHandlers?: boolean
}

/**
 * Error reporting through @sentry/react-router (docs/decisions/060-error-reporting.md): loaded only when
 * SENTRY_DSN is set, every event scrubbed of personal data before it leaves.
 */
export async function startErrorReporting(options: ErrorReportingOptions) {
	if (!options.dsn) return false
	sentry = await import('@sentry/react-router')
	const keep = (name: string) => KEPT.has(name) || (options.processHandlers !== false && PROCESS_HANDLERS.has(name))
	sentry.init({
		dsn: options.dsn,
		release: options.release,
		environment: options.environment,
		sendDefaultPii: false,
		skipOpenTelemetrySetup: true,
		integrations: (defaults) => defaults.filter((i) => keep(i.name)),
		initialScope: { tags: { tier: options.tier } },
		beforeSend: (event) => scrubPersonalData(event),
		beforeBreadcrumb: (breadcrumb) => scrubPersonalData(breadcrumb),
	})
	logger.info({ release: options.release, tier: options.tier }, 'error reporting on')
	return true
}

export type ErrorContext = { status: number; requestId?: string; method?: string; path?: string }

/** Report an error unless its status is the user's to fix (300 to 499, spec section 8). */
export function reportError(error: unknown, context: ErrorContext) {
	if (!sentry || !shouldReportError(context.status)) return
	try {
		sentry.captureException(error, {
			tags: { status: String(context.status), ...(context.requestId ? { request_id: context.requestId } : {}) },
			extra: { method: context.method, path: context.path },
		})
	} catch (failure) {
		logger.warn(errorFields(failure), 'could not report an error')
	}
}

/** Send what is queued and wait for it (tests read what arrived). */
export async function flushErrorReporting(timeoutMs = 2_000) {
	await sentry?.flush(timeoutMs)
}

/** Send what is queued, then stop (on shutdown). */
export async function stopErrorReporting(timeoutMs = 2_000) {
	const current = sentry
	sentry = null
	await current?.close(timeoutMs)
}
