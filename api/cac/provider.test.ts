import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { ApiError } from '../errors.ts'
import { createCacRegistry } from './index.ts'
import { CAC_UNAVAILABLE, createProviderCacRegistry } from './provider.ts'
import recorded from './provider.recorded.json' with { type: 'json' }
import { logger } from '#api/telemetry/logger.ts'

type Exchange = { request: { method: string; path: string }; response: { status: number; headers: Record<string, string>; body: unknown } }
const exchanges = recorded.exchanges as Record<string, Exchange>

const URL_BASE = 'https://cac.provider.test/v1'
const KEY = 'test-key-123'

/** Replays one recorded exchange at the HTTP boundary and keeps what was asked. */
function replay(name: string) {
	const { response } = exchanges[name]!
	const fetch = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => {
		const body = typeof response.body === 'string' ? response.body : JSON.stringify(response.body)
		return new Response(body, { status: response.status, headers: response.headers })
	})
	vi.stubGlobal('fetch', fetch)
	return fetch
}

const registry = createProviderCacRegistry({ url: `${URL_BASE}/`, key: KEY })

async function failure(promise: Promise<unknown>) {
	const error = await promise.then(
		() => null,
		(e: unknown) => e,
	)
	expect(error).toBeInstanceOf(ApiError)
	return error as ApiError
}

describe('the CAC provider adapter', () => {
	beforeEach(() => {
		vi.spyOn(logger, 'warn').mockImplementation(() => {})
	})
	afterEach(() => {
		vi.unstubAllGlobals()
		vi.restoreAllMocks()
	})

	test('asks GET {url}/cac/{number}?type= with the bearer key and answers the registered company', async () => {
		const fetch = replay('found')
		const company = await registry.lookup({ businessType: 'RC', registrationNumber: ' rc 765 4321 ' })
		expect(company).toEqual({ name: 'Eze Foods Ltd', registrationNumber: 'RC7654321', businessType: 'RC' })
		expect(fetch).toHaveBeenCalledTimes(1)
		const [url, init] = fetch.mock.calls[0]!
		expect(String(url)).toBe(`${URL_BASE}${exchanges.found!.request.path}`)
		expect(new Headers(init?.headers).get('authorization')).toBe(`Bearer ${KEY}`)
		expect(new Headers(init?.headers).get('accept')).toBe('application/json')
		expect(init?.signal).toBeInstanceOf(AbortSignal)
	})

	test('a number answered as digits gets the prefix of its type; the type is read in any case', async () => {
		const fetch = replay('found-digits-only')
		const company = await registry.lookup({ businessType: 'BN', registrationNumber: 'BN2345678' })
		expect(company).toEqual({ name: 'BAKARE STORES', registrationNumber: 'BN2345678', businessType: 'BN' })
		expect(String(fetch.mock.calls[0]![0])).toBe(`${URL_BASE}${exchanges['found-digits-only']!.request.path}`)
	})

	test('404 means no company has the number', async () => {
		replay('not-found')
		expect(await registry.lookup({ businessType: 'RC', registrationNumber: 'RC1111111' })).toBeNull()
	})

	test.each(['unauthorized', 'upstream-down', 'unexpected-shape'])('%s is a 502 the user can retry', async (name) => {
		replay(name)
		const error = await failure(registry.lookup({ businessType: 'RC', registrationNumber: 'RC7654321' }))
		expect(error.status).toBe(502)
		expect(error.message).toBe(CAC_UNAVAILABLE)
		// The operator's log says why, without the key.
		expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining('[cac] provider lookup failed'))
		expect(JSON.stringify(vi.mocked(logger.warn).mock.calls)).not.toContain(KEY)
	})

	test('a network failure or a timeout is a 502 too', async () => {
		vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('fetch failed')))
		expect((await failure(registry.lookup({ businessType: 'IT', registrationNumber: 'IT3456789' }))).status).toBe(502)
		vi.stubGlobal(
			'fetch',
			vi.fn(
				(_url: string, init: RequestInit) =>
					new Promise((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(init.signal!.reason))),
			),
		)
		const slow = createProviderCacRegistry({ url: URL_BASE, key: KEY, timeoutMs: 20 })
		const error = await failure(slow.lookup({ businessType: 'RC', registrationNumber: 'RC7654321' }))
		expect(error).toMatchObject({ status: 502, message: CAC_UNAVAILABLE })
	})

	test('createCacRegistry picks the provider only when its URL is set', async () => {
		const fetch = replay('found')
		const db = {
			select: () => {
				throw new Error('the local registry was used')
			},
		} as never
		const provider = createCacRegistry({ db, providerUrl: URL_BASE, providerKey: KEY })
		expect(await provider.lookup({ businessType: 'RC', registrationNumber: 'RC7654321' })).toMatchObject({ name: 'Eze Foods Ltd' })
		expect(fetch).toHaveBeenCalledTimes(1)
		const local = createCacRegistry({ db })
		await expect(local.lookup({ businessType: 'RC', registrationNumber: 'RC7654321' })).rejects.toThrow('the local registry was used')
		expect(fetch).toHaveBeenCalledTimes(1)
	})
})
