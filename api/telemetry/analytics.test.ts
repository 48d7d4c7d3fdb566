import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { TelemetryReceiver } from '#tests/support/telemetry-receiver.ts'
import { createAnalytics, noAnalytics } from './analytics.ts'
import { logger } from './logger.ts'

let receiver: TelemetryReceiver
beforeAll(async () => {
	receiver = await new TelemetryReceiver().start()
})
afterAll(() => receiver.stop())

test('without POSTHOG_KEY nothing is loaded or sent', async () => {
	expect(await createAnalytics({ key: undefined, host: receiver.url, release: 'r' })).toBe(noAnalytics)
})

test('an event under a device id is dropped; the queue is flushed on shutdown', async () => {
	const warn = vi.spyOn(logger, 'warn').mockImplementation(() => {})
	const analytics = await createAnalytics({ key: 'phc_unit', host: receiver.url, release: 'cover-portal@unit' })
	analytics.track('$device:18f2a9c', 'quote made', { product_id: 5 })
	analytics.track('0b9a4c1e-7f0e-4c4e-9a51-6a1e2f3d4c5b', 'quote made', { product_id: 5, note: 'n'.repeat(300) })
	// Queued, not sent: the batch waits for 20 events or 10 s, or for shutdown.
	expect(receiver.events).toHaveLength(0)
	await analytics.shutdown()
	expect(receiver.events.map((e) => [e.distinct_id, e.event])).toEqual([['0b9a4c1e-7f0e-4c4e-9a51-6a1e2f3d4c5b', 'quote made']])
	expect(receiver.events[0]!.properties).toMatchObject({ product_id: 5, note: 'n'.repeat(255), release: 'cover-portal@unit' })
	expect(warn).toHaveBeenCalledWith({ event: 'quote made' }, 'analytics event dropped: its distinct id is not a customer id')
})
