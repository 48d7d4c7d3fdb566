import type { PostHog } from 'posthog-node'
import { isAllowedDistinctId, truncateAnalyticsProperties } from '../contract/telemetry.ts'
import { errorFields, logger } from './logger.ts'

/** The events that matter to the business (spec section 7: a third-party analytics provider). */
export type AnalyticsEvent =
	| 'signed up'
	| 'kyc completed'
	| 'quote made'
	| 'cover purchased'
	| 'policy activated'
	| 'claim filed'
	| 'invoice paid'
	| 'withdrawal requested'

export type Analytics = {
	/**
	 * Queue one event for the customer `customerId`; never waits and never throws, so a request is
	 * never slowed or failed by analytics. Every property value is cut at 255 characters.
	 */
	track(customerId: string, event: AnalyticsEvent, properties?: Record<string, unknown>): void
	/** Send what is queued (on shutdown). */
	shutdown(timeoutMs?: number): Promise<void>
}

export const noAnalytics: Analytics = { track() {}, async shutdown() {} }

export type AnalyticsOptions = {
	/** POSTHOG_KEY: without it nothing is loaded and nothing is sent. */
	key: string | undefined
	host: string
	release: string
	/** Events queued before a batch goes out; 20 unless a test wants each at once. */
	flushAt?: number
	flushIntervalMs?: number
}

/** Product analytics through posthog-node (docs/decisions/061-product-analytics.md). */
export async function createAnalytics(options: AnalyticsOptions): Promise<Analytics> {
	if (!options.key) return noAnalytics
	const { PostHog } = await import('posthog-node')
	const client: PostHog = new PostHog(options.key, {
		host: options.host,
		flushAt: options.flushAt ?? 20,
		flushInterval: options.flushIntervalMs ?? 10_000,
		// Personal data stays here: PostHog does not guess a location from our servers' addresses either.
		disableGeoip: true,
	})
	client.on('error', (error: unknown) => logger.warn(errorFields(error), 'analytics could not send'))
	logger.info({ host: options.host }, 'analytics on')
	return {
		track(customerId, event, properties = {}) {
			if (!isAllowedDistinctId(customerId)) {
				logger.warn({ event }, 'analytics event dropped: its distinct id is not a customer id')
				return
			}
			try {
				client.capture({
					distinctId: customerId,
					event,
					properties: truncateAnalyticsProperties({ ...properties, release: options.release }),
				})
			} catch (error) {
				logger.warn(errorFields(error), 'analytics could not queue an event')
			}
		},
		async shutdown(timeoutMs = 3_000) {
			await client.shutdown(timeoutMs)
		},
	}
}
