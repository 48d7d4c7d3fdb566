import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { ApiError } from '../errors.ts'
import { chargeOf, PaystackCharge, parseWebhookEvent, sign } from './events.ts'
import { PAYMENT_UNAVAILABLE } from './gateway.ts'
import { createPaymentGateway } from './index.ts'
import { createPaystackGateway, PAYSTACK_URL } from './paystack.ts'
import recorded from './paystack.recorded.json' with { type: 'json' }
import { logger } from '#api/telemetry/logger.ts'

type Exchange = {
	request: { method: string; path: string; body?: unknown }
	response: { status: number; headers: Record<string, string>; body: unknown }
}
const exchanges = recorded.exchanges as Record<string, Exchange>
const KEY = 'sk_test_0123456789abcdef0123456789abcdef01234567'

/** Replays recorded exchanges in order at the HTTP boundary and keeps what was asked. */
function replay(...names: string[]) {
	const queue = [...names]
	const fetch = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => {
		const { response } = exchanges[queue.shift()!]!
		const body = typeof response.body === 'string' ? response.body : JSON.stringify(response.body)
		return new Response(body, { status: response.status, headers: response.headers })
	})
	vi.stubGlobal('fetch', fetch)
	return fetch
}

/** The nth call's method, URL, headers and JSON body, to compare with the recorded request. */
function asked(fetch: ReturnType<typeof replay>, n = 0) {
	const [url, init] = fetch.mock.calls[n]!
	return {
		method: init?.method,
		url: String(url),
		headers: new Headers(init?.headers),
		body: init?.body ? JSON.parse(String(init.body)) : undefined,
	}
}

const expectRequest = (fetch: ReturnType<typeof replay>, name: string, n = 0) => {
	const { request } = exchanges[name]!
	const call = asked(fetch, n)
	expect(call.method).toBe(request.method)
	expect(call.url).toBe(`${PAYSTACK_URL}${request.path}`)
	expect(call.headers.get('authorization')).toBe(`Bearer ${KEY}`)
	if (request.body) expect(call.body).toEqual(request.body)
}

async function failure(promise: Promise<unknown>) {
	const error = await promise.then(
		() => null,
		(e: unknown) => e,
	)
	expect(error).toBeInstanceOf(ApiError)
	return error as ApiError
}

const paystack = createPaystackGateway({ secretKey: KEY })

describe('the Paystack adapter', () => {
	beforeEach(() => {
		vi.spyOn(logger, 'warn').mockImplementation(() => {})
	})
	afterEach(() => {
		vi.unstubAllGlobals()
		vi.restoreAllMocks()
	})

	test('initialize sends the amount in kobo with the reference and callback, and answers the checkout URL', async () => {
		const fetch = replay('initialize')
		const started = await paystack.initialize({
			amount: 7_500,
			email: 'ngozi@example.com',
			reference: 'fund_4b94961c598c81ce8ce9a418',
			callbackUrl: 'https://portal.example.com/fund-wallet/callback',
		})
		expect(started).toEqual({ authorizationUrl: 'https://checkout.paystack.com/0peioxfhpn' })
		expectRequest(fetch, 'initialize')
		expect(asked(fetch).headers.get('content-type')).toBe('application/json')
		expect(fetch.mock.calls[0]![1]?.signal).toBeInstanceOf(AbortSignal)
	})

	test('verify answers the charge in Naira with its reusable card', async () => {
		const fetch = replay('verify-success')
		expect(await paystack.verify('fund_4b94961c598c81ce8ce9a418')).toEqual({
			reference: 'fund_4b94961c598c81ce8ce9a418',
			status: 'success',
			amount: 7_500,
			currency: 'NGN',
			paidAt: new Date('2026-03-02T09:14:05.000Z'),
			message: null,
			authorization: {
				authorizationCode: 'AUTH_pmx3mgawyd',
				signature: 'SIG_yEXu7dLBeqG0kU7g95Ke',
				brand: 'visa',
				last4: '4081',
				expMonth: 12,
				expYear: 2030,
				bank: 'TEST BANK',
				reusable: true,
			},
		})
		expectRequest(fetch, 'verify-success')
	})

	test('a declined charge says why and saves no card; an unknown reference is null', async () => {
		replay('verify-failed', 'verify-not-found')
		expect(await paystack.verify('fund_declined0000000000000000')).toMatchObject({
			status: 'failed',
			amount: 3_000,
			authorization: null,
			message: 'Declined',
		})
		expect(await paystack.verify('fund_nobody_knows')).toBeNull()
	})

	test('a saved card is charged by its authorization code, in kobo, under our reference', async () => {
		const fetch = replay('charge-authorization')
		const charge = await paystack.chargeAuthorization({
			authorizationCode: 'AUTH_pmx3mgawyd',
			email: 'ngozi@example.com',
			amount: 42_500,
			reference: 'card_9e1f0c6a2b7d4e8f1a3c5b7d',
		})
		expect(charge).toMatchObject({
			reference: 'card_9e1f0c6a2b7d4e8f1a3c5b7d',
			status: 'success',
			amount: 42_500,
			currency: 'NGN',
			message: null,
			authorization: { authorizationCode: 'AUTH_pmx3mgawyd', last4: '4081', reusable: true },
		})
		expectRequest(fetch, 'charge-authorization')
		expect(asked(fetch).body.amount).toBe('4250000')
	})

	test('a declined saved card is a failed charge with the reason the bank gave, not an error', async () => {
		replay('charge-authorization-declined')
		expect(
			await paystack.chargeAuthorization({
				authorizationCode: 'AUTH_pmx3mgawyd',
				email: 'ngozi@example.com',
				amount: 42_500,
				reference: 'card_2d4f6a8c0e1b3d5f7a9c1e3b',
			}),
		).toMatchObject({ status: 'failed', amount: 42_500, authorization: null, message: 'Insufficient Funds' })
	})

	test('an authorization Paystack refuses is a failed charge with its reason, once verify shows nothing was charged', async () => {
		const fetch = replay('charge-authorization-invalid', 'verify-not-found')
		expect(
			await paystack.chargeAuthorization({
				authorizationCode: 'AUTH_pmx3mgawyd',
				email: 'ngozi@example.com',
				amount: 42_500,
				reference: 'card_5b7d9f1a3c5e7a9b1d3f5a7c',
			}),
		).toMatchObject({ status: 'failed', amount: 42_500, message: 'Invalid authorization code' })
		expectRequest(fetch, 'charge-authorization-invalid', 0)
		expect(asked(fetch, 1)).toMatchObject({ method: 'GET', url: `${PAYSTACK_URL}/transaction/verify/card_5b7d9f1a3c5e7a9b1d3f5a7c` })
	})

	test('the bank list follows the cursor, drops inactive and deleted banks, and is kept an hour', async () => {
		const fetch = replay('banks-page-1', 'banks-page-2')
		const gateway = createPaystackGateway({ secretKey: KEY })
		const banks = await gateway.listBanks()
		expect(banks).toEqual([
			{ code: '044', name: 'Access Bank' },
			{ code: '058', name: 'Guaranty Trust Bank' },
			{ code: '50211', name: 'Kuda Bank' },
			{ code: '057', name: 'Zenith Bank' },
		])
		expectRequest(fetch, 'banks-page-1', 0)
		expectRequest(fetch, 'banks-page-2', 1)
		expect(await gateway.listBanks()).toBe(banks)
		expect(fetch).toHaveBeenCalledTimes(2)
	})

	test('account resolution answers the name, or null when the bank has no such account', async () => {
		const fetch = replay('resolve', 'resolve-not-found')
		expect(await paystack.resolveAccount({ bankCode: '058', accountNumber: '0123456780' })).toEqual({ accountName: 'NGOZI ADAEZE EZE' })
		expectRequest(fetch, 'resolve')
		expect(await paystack.resolveAccount({ bankCode: '058', accountNumber: '0000000000' })).toBeNull()
	})

	test('a payout: a NUBAN recipient, then a transfer in kobo under our reference', async () => {
		const fetch = replay('recipient', 'transfer', 'transfer-verify', 'transfer-verify-not-found')
		expect(await paystack.createRecipient({ name: 'NGOZI ADAEZE EZE', accountNumber: '0123456780', bankCode: '058' })).toEqual({
			recipientCode: 'RCP_t0ya41mp35flk40',
		})
		expectRequest(fetch, 'recipient', 0)
		const transfer = await paystack.initiateTransfer({
			amount: 5_000,
			recipientCode: 'RCP_t0ya41mp35flk40',
			reference: 'wd_5f0c2d8e1a7b9c3d4e6f8a0b',
			reason: 'Wallet withdrawal wd_5f0c2d8e1a7b9c3d4e6f8a0b',
		})
		expect(transfer).toEqual({
			reference: 'wd_5f0c2d8e1a7b9c3d4e6f8a0b',
			transferCode: 'TRF_v5r1m0kf8x2q6u4d',
			status: 'pending',
			reason: 'Wallet withdrawal wd_5f0c2d8e1a7b9c3d4e6f8a0b',
		})
		expectRequest(fetch, 'transfer', 1)
		expect(await paystack.verifyTransfer('wd_5f0c2d8e1a7b9c3d4e6f8a0b')).toMatchObject({
			status: 'failed',
			reason: 'Could not complete transfer: beneficiary account is dormant',
		})
		expectRequest(fetch, 'transfer-verify', 2)
		expect(await paystack.verifyTransfer('wd_never_sent')).toBeNull()
	})

	test('a transfer held for an OTP is finalized with it', async () => {
		const fetch = replay('transfer-otp', 'finalize')
		const held = await paystack.initiateTransfer({
			amount: 5_000,
			recipientCode: 'RCP_t0ya41mp35flk40',
			reference: 'wd_5f0c2d8e1a7b9c3d4e6f8a0b',
			reason: 'x',
		})
		expect(held.status).toBe('otp')
		expect(await paystack.finalizeTransfer({ transferCode: held.transferCode, otp: '928783' })).toMatchObject({ status: 'success' })
		expectRequest(fetch, 'finalize', 1)
	})

	test('a webhook is verified by HMAC-SHA512 of its raw body under the secret key', () => {
		const raw = JSON.stringify(exchanges['webhook-charge-success']!.response.body)
		const signature = sign(raw, KEY)
		expect(signature).toMatch(/^[0-9a-f]{128}$/)
		expect(paystack.verifyWebhook(raw, signature)).toBe(true)
		expect(paystack.verifyWebhook(raw, signature.toUpperCase())).toBe(true)
		expect(paystack.verifyWebhook(`${raw} `, signature)).toBe(false)
		expect(paystack.verifyWebhook(raw, sign(raw, 'sk_test_other'))).toBe(false)
		expect(paystack.verifyWebhook(raw, signature.slice(0, 64))).toBe(false)
		expect(paystack.verifyWebhook(raw, undefined)).toBe(false)
		expect(paystack.verifyWebhook(raw, 'not hex at all')).toBe(false)
		const event = parseWebhookEvent(raw)
		expect(event).toMatchObject({ event: 'charge.success' })
		expect(chargeOf(PaystackCharge.parse((event as { data: unknown }).data))).toMatchObject({
			amount: 7_500,
			status: 'success',
			authorization: { last4: '4081' },
		})
	})

	test.each([
		['unauthorized', () => paystack.verify('fund_4b94961c598c81ce8ce9a418')],
		['server-error', () => paystack.initialize({ amount: 100, email: 'a@b.c', reference: 'r', callbackUrl: 'https://x.test' })],
	])('%s is a 502 the user can retry; the log says why without the key', async (name, call) => {
		replay(name)
		const error = await failure(call())
		expect(error).toMatchObject({ status: 502, message: PAYMENT_UNAVAILABLE })
		expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining('[payments] paystack'))
		expect(JSON.stringify(vi.mocked(logger.warn).mock.calls)).not.toContain(KEY)
	})

	test('a network failure or a timeout is a 502 too', async () => {
		vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('fetch failed')))
		expect((await failure(paystack.listBanks())).status).toBe(502)
		vi.stubGlobal(
			'fetch',
			vi.fn(
				(_url: string, init: RequestInit) =>
					new Promise((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(init.signal!.reason))),
			),
		)
		const slow = createPaystackGateway({ secretKey: KEY, timeoutMs: 20 })
		expect(await failure(slow.verifyTransfer('wd_x'))).toMatchObject({ status: 502, message: PAYMENT_UNAVAILABLE })
	})

	test('PAYMENT_GATEWAY picks the adapter; paystack needs its key', () => {
		const db = {} as never
		expect(createPaymentGateway({ db, gateway: 'paystack', paystackSecretKey: KEY, apiUrl: 'http://x.test' }).name).toBe('paystack')
		expect(createPaymentGateway({ db, gateway: 'sandbox', apiUrl: 'http://x.test' }).name).toBe('sandbox')
		expect(() => createPaymentGateway({ db, gateway: 'paystack', apiUrl: 'http://x.test' })).toThrow('PAYSTACK_SECRET_KEY')
	})
})
