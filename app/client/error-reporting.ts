import { scrubPersonalData, shouldReportError } from '#api/contract/telemetry.ts'

/** What the root loader tells the browser (docs/decisions/060-error-reporting.md). */
export type ErrorReportingConfig = { dsn: string; release: string; environment: string }

type BrowserSentry = typeof import('@sentry/react-router')
let loaded: Promise<BrowserSentry> | null = null

/**
 * Load and start Sentry in the browser. Called from an effect, so after the first paint, and through a
 * dynamic import, so none of it is in the first-load JavaScript. Nothing happens without a DSN.
 */
export function startBrowserErrorReporting(config: ErrorReportingConfig) {
	loaded ??= import('@sentry/react-router').then((Sentry) => {
		Sentry.init({
			dsn: config.dsn,
			release: config.release,
			environment: config.environment,
			sendDefaultPii: false,
			// Errors only: no tracing, no replays, no breadcrumbs of what was typed.
			integrations: (defaults) => defaults.filter((i) => !['BrowserTracing', 'Replay', 'BrowserSession'].includes(i.name)),
			initialScope: { tags: { tier: 'browser' } },
			beforeSend: (event) => scrubPersonalData(event),
			beforeBreadcrumb: (breadcrumb) => (breadcrumb.category === 'ui.input' ? null : scrubPersonalData(breadcrumb)),
		})
		return Sentry
	})
	return loaded
}

/** The root error boundary's error, reported by the rule of section 8 once Sentry has loaded. */
export function reportBoundaryError(error: unknown, status: number | null) {
	if (!loaded || (status !== null && !shouldReportError(status))) return
	void loaded.then((Sentry) => Sentry.captureException(error, { tags: { status: String(status ?? 'offline') } }))
}
