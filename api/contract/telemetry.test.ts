import { describe, expect, test } from 'vitest'
import {
	FILTERED,
	isAllowedDistinctId,
	isRequestId,
	scrubPersonalData,
	scrubString,
	shouldReportError,
	truncateAnalyticsProperties,
	truncateAnalyticsValue,
} from './telemetry.ts'

describe('telemetry rules', () => {
	test('errors from 300 to 499 are not reported (section 8)', () => {
		expect(shouldReportError(200)).toBe(true)
		expect(shouldReportError(299)).toBe(true)
		expect(shouldReportError(300)).toBe(false)
		expect(shouldReportError(404)).toBe(false)
		expect(shouldReportError(409)).toBe(false)
		expect(shouldReportError(499)).toBe(false)
		expect(shouldReportError(500)).toBe(true)
		expect(shouldReportError(503)).toBe(true)
	})

	test('analytics values are cut at 255 characters (section 9)', () => {
		expect(truncateAnalyticsValue('a'.repeat(300))).toHaveLength(255)
		expect(truncateAnalyticsValue('short')).toBe('short')
		// A naira sign or an emoji counts once and is never split in half.
		const cut = truncateAnalyticsValue(`${'₦'.repeat(254)}😀😀`)
		expect(Array.from(cut)).toHaveLength(255)
		expect(cut.endsWith('😀')).toBe(true)
		expect(
			truncateAnalyticsProperties({
				name: 'x'.repeat(400),
				amount: 450_000,
				paid: true,
				none: null,
				skipped: undefined,
				list: ['y'.repeat(300)],
			}),
		).toEqual({ name: 'x'.repeat(255), amount: 450_000, paid: true, none: null, list: `["${'y'.repeat(253)}` })
	})

	test('a distinct id never starts with the device prefix (section 5)', () => {
		expect(isAllowedDistinctId('0b9a4c1e-7f0e-4c4e-9a51-6a1e2f3d4c5b')).toBe(true)
		expect(isAllowedDistinctId('$device:18f2a')).toBe(false)
		expect(isAllowedDistinctId('$DEVICE:18f2a')).toBe(false)
		expect(isAllowedDistinctId('')).toBe(false)
	})

	test('a request id from outside is short and plain', () => {
		expect(isRequestId('5f0c2a9e-1b7d-4f3e-8c21-0d9e8f7a6b5c')).toBe(true)
		expect(isRequestId('abc')).toBe(false)
		expect(isRequestId('line\nbreak-injected')).toBe(false)
		expect(isRequestId(null)).toBe(false)
	})
})

describe('personal data leaves the machine scrubbed', () => {
	test('secret and personal keys are filtered, wherever they sit', () => {
		const event = {
			request: {
				url: 'https://portal.test/reset?code=123456&step=2',
				headers: { Authorization: 'Bearer abc.def', Cookie: '__session=xyz', 'User-Agent': 'Chrome' },
				data: { password: 'Demo-pass-2026', otp: '123456', bvn: '22212345678', card_number: '4084084084084081', amount: 5000 },
			},
			contexts: { response: { status_code: 500 } },
			extra: { user: { email: 'ada@example.com', first_name: 'Ada', id: 'u-1' } },
		}
		const scrubbed = scrubPersonalData(event)
		expect(scrubbed.request.url).toBe('https://portal.test/reset?code=[Filtered]&step=2')
		expect(scrubbed.request.headers).toEqual({ Authorization: FILTERED, Cookie: FILTERED, 'User-Agent': 'Chrome' })
		expect(scrubbed.request.data).toEqual({ password: FILTERED, otp: FILTERED, bvn: FILTERED, card_number: FILTERED, amount: 5000 })
		expect(scrubbed.contexts.response.status_code).toBe(500)
		expect(scrubbed.extra.user).toEqual({ email: FILTERED, first_name: FILTERED, id: 'u-1' })
		// The original is left as it was.
		expect(event.request.data.password).toBe('Demo-pass-2026')
	})

	test('secrets inside messages are cut out', () => {
		expect(scrubString('Your code is 482913, valid 10 minutes')).toBe('Your code is [Filtered], valid 10 minutes')
		expect(scrubString('charge failed for card 4084 0840 8408 4081')).toBe('charge failed for card [Filtered]')
		expect(scrubString('BVN 22212345678 did not match')).toBe('BVN [Filtered] did not match')
		expect(scrubString('sent to ada.okafor@example.com')).toBe('sent to [email]')
		expect(scrubString('Authorization: Bearer eyJhbGciOi.x.y')).toBe('Authorization: Bearer [Filtered]')
		// Amounts, ids and dates stay readable.
		expect(scrubString('₦450,000 on 2026-11-25 for policy 8c4fa39')).toBe('₦450,000 on 2026-11-25 for policy 8c4fa39')
	})
})
