import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { CacRegistry } from '#api/cac/registry.ts'
import { DEVICE_ID_PREFIX } from '#api/contract/telemetry.ts'
import { productById } from '#api/domain/catalogue/index.ts'
import { describeApi, testApi } from '#tests/support/test-api.ts'
import { TelemetryReceiver } from '#tests/support/telemetry-receiver.ts'
import { type Analytics, createAnalytics } from './analytics.ts'
import { flushErrorReporting, startErrorReporting, stopErrorReporting } from './error-reporting.ts'

// The real Sentry and PostHog clients, sending over HTTP to a local receiver that speaks their
// endpoints: what arrives is what a real service would get.

const RELEASE = `cover-portal@test-${randomUUID().slice(0, 8)}`

/** A CAC registry that fails as a bug would: a plain error, not one the API expects. */
const brokenRegistry: CacRegistry = {
	async lookup() {
		throw new TypeError('registry exploded while charging card 4084 0840 8408 4081 for ada@example.com')
	},
}

describeApi('telemetry at the HTTP boundary', () => {
	let receiver: TelemetryReceiver
	let analytics: Analytics
	let ctx: Awaited<ReturnType<typeof testApi>>

	beforeAll(async () => {
		receiver = await new TelemetryReceiver().start()
		await startErrorReporting({ dsn: receiver.dsn(), release: RELEASE, environment: 'test', tier: 'api', processHandlers: false })
		analytics = await createAnalytics({ key: 'phc_test_key', host: receiver.url, release: RELEASE, flushAt: 1, flushIntervalMs: 50 })
		ctx = await testApi({ cac: brokenRegistry, analytics })
	})

	afterAll(async () => {
		await stopErrorReporting()
		await analytics?.shutdown()
		await receiver?.stop()
	})

	test('a 500 is reported once, with its release and request id and without personal data; a 404 and a 409 are not', async () => {
		const account = await ctx.createAccount()
		const kyc = await ctx.call('POST', `/business/${account.customerId}`, {
			token: account.token,
			body: {
				sector: 'Healthcare',
				state: 'Lagos',
				lga: 'Ikeja',
				address: '1 Awolowo Way',
				phone: '08031234567',
				business_type: 'RC',
				registration_number: 'RC7654321',
			},
		})
		expect(kyc.status).toBe(200)
		const before = receiver.errorEvents.length

		const missing = await ctx.call('GET', `/policies/${randomUUID()}`, { token: account.token })
		expect(missing.status).toBe(404)
		const taken = await ctx.call('POST', '/auth/sign-up', {
			body: {
				account_type: 'individual',
				first_name: 'Ngozi',
				last_name: 'Eze',
				email: account.email,
				phone: '08031234567',
				password: 'Test-pass-1234',
			},
		})
		expect(taken.status).toBe(409)
		const failed = await ctx.call('POST', `/business/${account.customerId}/cac/lookup`, {
			token: account.token,
			headers: { 'x-request-id': 'telemetry-test-500' },
		})
		expect(failed.status).toBe(500)
		expect(failed.body).toEqual({ message: 'Something went wrong.', request_id: 'telemetry-test-500' })

		await flushErrorReporting()
		await receiver.waitFor(() => receiver.errorEvents.length > before)
		const events = receiver.errorEvents.slice(before)
		expect(events).toHaveLength(1)
		const [event] = events
		expect(event.release).toBe(RELEASE)
		expect(event.tags).toMatchObject({ status: '500', request_id: 'telemetry-test-500', tier: 'api' })
		expect(event.exception.values[0].type).toBe('TypeError')
		// The card number and the email in the message never left.
		expect(event.exception.values[0].value).toBe('registry exploded while charging card [Filtered] for [email]')
		// Neither the number, however spaced, nor its first group standing alone. (A bare '4084' turns up
		// by chance inside the event's memory figures and ids.)
		expect(JSON.stringify(event)).not.toMatch(/4084\D{0,2}0840\D{0,2}8408\D{0,2}4081/)
		expect(JSON.stringify(event)).not.toMatch(/(?<![\da-f])4084(?![\da-f])/i)
		expect(JSON.stringify(event)).not.toContain('ada@example.com')
		// The envelope went to the DSN's project.
		expect(receiver.envelopes.at(-1)!.path).toBe('/api/42/envelope/')
	})

	test('a purchase event arrives for the customer, every property cut at 255 characters', async () => {
		const account = await ctx.createAccount({ kind: 'individual', kyc: true })
		const bought = await ctx.call('POST', '/purchases', {
			token: account.token,
			body: {
				product_id: 2,
				vehicle_class: 'private_car',
				vehicle_value: 4_500_000,
				payment_option: 'gateway',
				idempotency_key: `telemetry-${randomUUID()}`,
			},
		})
		expect(bought.status).toBe(201)

		const purchase = await receiver.waitFor(() =>
			receiver.events.find((e) => e.event === 'cover purchased' && e.distinct_id === account.customerId),
		)
		expect(purchase.api_key).toBe('phc_test_key')
		expect(purchase.distinct_id.startsWith(DEVICE_ID_PREFIX)).toBe(false)
		const benefits = productById(2)!.benefits.join('; ')
		expect(benefits.length).toBeGreaterThan(255)
		expect(purchase.properties).toMatchObject({
			product_id: 2,
			product: 'Comprehensive Motor',
			category: 'auto',
			amount: bought.body.data.purchase.amount,
			payment_option: 'gateway',
			status: bought.body.data.purchase.status,
			benefits: benefits.slice(0, 255),
			release: RELEASE,
		})
		for (const [key, value] of Object.entries(purchase.properties)) {
			if (typeof value === 'string' && !key.startsWith('$')) expect(value.length, key).toBeLessThanOrEqual(255)
		}
		// The events before it came for the same customer: sign-up and KYC.
		const earlier = receiver.events.filter((e) => e.distinct_id === account.customerId).map((e) => e.event)
		expect(earlier).toEqual(expect.arrayContaining(['signed up', 'kyc completed', 'cover purchased']))
	})
})
