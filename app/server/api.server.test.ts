import { describe, expect, test, vi } from 'vitest'
import { MESSAGES } from '#app/lib/errors.ts'
import { ApiCallError, ApiClient, REQUEST_TIMEOUT_MS, RETRY_DELAY_MS, ResponseCache, cacheTtl } from './api.server.ts'
import { insurerCalls } from './insurer.server.ts'

const json = (body: unknown, init: ResponseInit = {}) =>
	new Response(JSON.stringify(body), { ...init, headers: { 'content-type': 'application/json', ...init.headers } })

function client(transport: (r: Request) => Promise<Response>, extra: Partial<ConstructorParameters<typeof ApiClient>[0]> = {}) {
	const sleeps: number[] = []
	const c = new ApiClient({
		transport,
		baseUrl: 'http://api.test/api/v1',
		cache: new ResponseCache(),
		sleep: async (ms) => {
			sleeps.push(ms)
		},
		...extra,
	})
	return { c, sleeps }
}

describe('the section 7 wrapper', () => {
	test('sends the bearer token from the session and JSON bodies', async () => {
		const seen: Request[] = []
		const { c } = client(
			async (r) => {
				seen.push(r)
				return json({ data: { ok: true } })
			},
			{ token: 'tok-1' },
		)
		await c.call('POST', '/auth/confirm-password', { body: { password: 'x' } })
		expect(seen[0]!.url).toBe('http://api.test/api/v1/auth/confirm-password')
		expect(seen[0]!.headers.get('authorization')).toBe('Bearer tok-1')
		expect(await seen[0]!.json()).toEqual({ password: 'x' })
	})

	test("forwards the browser's address, and sends none when it is not known", async () => {
		const seen: Request[] = []
		const transport = async (r: Request) => {
			seen.push(r)
			return json({ data: { ok: true } })
		}
		await client(transport, { clientAddress: '203.0.113.9' }).c.call('POST', '/auth/sign-in', { body: {} })
		await client(transport).c.call('POST', '/auth/sign-in', { body: {} })
		expect(seen.map((r) => r.headers.get('x-forwarded-for'))).toEqual(['203.0.113.9', null])
	})

	test("sends the portal request's id with every call, so both logs name it alike", async () => {
		const seen: Request[] = []
		const transport = async (r: Request) => {
			seen.push(r)
			return json({ data: { ok: true } })
		}
		const { c } = client(transport, { requestId: 'portal-request-0001' })
		await c.call('GET', '/products')
		await c.call('POST', '/auth/sign-in', { body: {} })
		await client(transport).c.call('GET', '/products')
		expect(seen.map((r) => r.headers.get('x-request-id'))).toEqual(['portal-request-0001', 'portal-request-0001', null])
	})

	test('times out after 120000 ms with the catalogue text, and retries an idempotent call once after 1000 ms', async () => {
		vi.useFakeTimers()
		try {
			let calls = 0
			const { c, sleeps } = client(() => {
				calls++
				return new Promise<Response>(() => {})
			})
			const pending = c.call('GET', '/todos').catch((e: unknown) => e)
			await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS)
			await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS)
			const error = (await pending) as ApiCallError
			expect(error).toBeInstanceOf(ApiCallError)
			expect(error.message).toBe('Connection timed out. Try again later.')
			expect(calls).toBe(2)
			expect(sleeps).toEqual([RETRY_DELAY_MS])
		} finally {
			vi.useRealTimers()
		}
	})

	test('a network failure on GET is retried once and can succeed', async () => {
		let calls = 0
		const { c, sleeps } = client(async () => {
			calls++
			if (calls === 1) throw new TypeError('fetch failed')
			return json({ data: ['Healthcare'] })
		})
		expect((await c.call('GET', '/resources/sectors')).data).toEqual(['Healthcare'])
		expect(calls).toBe(2)
		expect(sleeps).toEqual([1000])
	})

	test('a network failure on POST is not retried and says Network error', async () => {
		let calls = 0
		const { c } = client(async () => {
			calls++
			throw new TypeError('fetch failed')
		})
		await expect(c.call('POST', '/auth/sign-in', { body: {} })).rejects.toThrow(MESSAGES.network)
		expect(calls).toBe(1)
	})

	test('X-New-Token replaces the token and marks the session to be written', async () => {
		const tokens: string[] = []
		const { c } = client(
			async (r) => {
				tokens.push(r.headers.get('authorization')!)
				return json({ data: {} }, { headers: { 'X-New-Token': 'tok-2' } })
			},
			{ token: 'tok-1', userId: 'u1' },
		)
		await c.call('GET', '/todos')
		expect(c.token).toBe('tok-2')
		expect(c.sessionChanged).toBe(true)
		await c.call('GET', '/todos')
		expect(tokens).toEqual(['Bearer tok-1', 'Bearer tok-2'])
	})

	test('the same token in X-New-Token changes nothing', async () => {
		const { c } = client(async () => json({ data: {} }, { headers: { 'X-New-Token': 'tok-1' } }), { token: 'tok-1' })
		await c.call('GET', '/todos')
		expect(c.sessionChanged).toBe(false)
	})

	test('response data with access_token and id is stored as the session', async () => {
		const { c } = client(async () => json({ data: { id: 'u9', access_token: 'tok-9', first_name: 'A' } }))
		await c.call('POST', '/auth/sign-in', { body: {} })
		expect(c.token).toBe('tok-9')
		expect(c.userId).toBe('u9')
		expect(c.sessionChanged).toBe(true)
	})

	test.each(['Missing authorization', 'Invalid token', 'Unauthorized', 'Not authorized', 'Token not found', 'User not found'])(
		'the text %s logs the user out',
		async (message) => {
			const { c } = client(async () => json({ message }, { status: 401 }), { token: 't', userId: 'u' })
			const error = (await c.call('GET', '/todos').catch((e: unknown) => e)) as ApiCallError
			expect(error.logout).toBe(true)
			expect(c.loggedOut).toBe(true)
			expect(c.token).toBeUndefined()
		},
	)

	test('other errors keep their message and field errors, and do not log out', async () => {
		const { c } = client(async () =>
			json({ message: 'Incorrect email or password.', errors: [{ path: 'email', message: 'x' }] }, { status: 400 }),
		)
		const error = (await c.call('POST', '/auth/sign-in', { body: {} }).catch((e: unknown) => e)) as ApiCallError
		expect(error.status).toBe(400)
		expect(error.message).toBe('Incorrect email or password.')
		expect(error.fieldErrors).toEqual([{ path: 'email', message: 'x' }])
		expect(error.logout).toBe(false)
	})

	test('an error without a message is "Unexpected error occurred."', async () => {
		const { c } = client(async () => new Response('<html>bad gateway</html>', { status: 502 }))
		await expect(c.call('GET', '/todos')).rejects.toThrow('Unexpected error occurred.')
	})
})

describe('caches', () => {
	test('lifetimes: users 2 s, states-with-lga 30 s, team 80 s, otherwise 60 s', () => {
		expect(cacheTtl('/users/abc')).toBe(2_000)
		expect(cacheTtl('/notifications/unread-count')).toBe(2_000)
		expect(cacheTtl('/states-with-lga')).toBe(30_000)
		expect(cacheTtl('/team/abc')).toBe(80_000)
		expect(cacheTtl('/team/member/abc')).toBe(80_000)
		expect(cacheTtl('/resources/sectors')).toBe(60_000)
	})

	test('a cached GET is served from the cache for its lifetime, per token', async () => {
		let now = 0
		let calls = 0
		const cache = new ResponseCache()
		const transport = async () => json({ data: { n: ++calls } })
		const a = new ApiClient({ transport, baseUrl: 'http://x', cache, token: 'A', now: () => now })
		const b = new ApiClient({ transport, baseUrl: 'http://x', cache, token: 'B', now: () => now })
		expect((await a.call('GET', '/users/1', { cache: true })).data).toEqual({ n: 1 })
		now = 1_999
		expect((await a.call('GET', '/users/1', { cache: true })).data).toEqual({ n: 1 })
		expect((await b.call('GET', '/users/1', { cache: true })).data).toEqual({ n: 2 })
		now = 2_000
		expect((await a.call('GET', '/users/1', { cache: true })).data).toEqual({ n: 3 })
	})

	test('the cache holds answers up to its byte budget, dropping the oldest, and never one larger than an eighth of it', async () => {
		const cache = new ResponseCache(100, 8_000)
		const big = 'x'.repeat(900)
		const transport = async (r: Request) => json({ data: { path: new URL(r.url).pathname, big } })
		const tokens = Array.from({ length: 12 }, (_, i) => new ApiClient({ transport, baseUrl: 'http://x', cache, token: `T${i}` }))
		for (const c of tokens) await c.call('GET', '/users/1', { cache: true })
		// Each answer is about 930 bytes of JSON: eight fit in 8,000 bytes, the four oldest were dropped.
		expect(cache.size.entries).toBe(8)
		expect(cache.size.bytes).toBeLessThanOrEqual(8_000)
		const huge = new ApiClient({ transport: async () => json({ data: 'y'.repeat(2_000) }), baseUrl: 'http://x', cache, token: 'H' })
		await huge.call('GET', '/policies', { cache: true })
		expect(cache.size.entries).toBe(8)
		tokens[11]!.logout()
		expect(cache.size.entries).toBe(7)
	})

	test("a change made with a token clears that token's cache", async () => {
		let calls = 0
		const cache = new ResponseCache()
		const a = new ApiClient({ transport: async () => json({ data: { n: ++calls } }), baseUrl: 'http://x', cache, token: 'A' })
		await a.call('GET', '/users/1', { cache: true })
		await a.call('PATCH', '/users/1', { body: {} })
		expect((await a.call('GET', '/users/1', { cache: true })).data).toEqual({ n: 3 })
	})

	test('GET /team/{id} and GET /team/member/{id} are cached 80 s', async () => {
		let now = 0
		const seen: string[] = []
		const transport = async (r: Request) => {
			seen.push(new URL(r.url).pathname)
			return json({ data: { members: [], invitations: [], n: seen.length } })
		}
		const api = insurerCalls(new ApiClient({ transport, baseUrl: 'http://x', cache: new ResponseCache(), token: 'A', now: () => now }))
		await api.getTeam('biz-1')
		await api.getTeamMember('user-1')
		now = 79_999
		await api.getTeam('biz-1')
		await api.getTeamMember('user-1')
		expect(seen).toEqual(['/team/biz-1', '/team/member/user-1'])
		now = 80_000
		await api.getTeam('biz-1')
		await api.getTeamMember('user-1')
		expect(seen).toEqual(['/team/biz-1', '/team/member/user-1', '/team/biz-1', '/team/member/user-1'])
	})

	test('a change to the team, by any member or by an invited person, clears every cached team, and only such a change', async () => {
		let calls = 0
		const cache = new ResponseCache()
		const transport = async () => json({ data: { n: ++calls } })
		const owner = insurerCalls(new ApiClient({ transport, baseUrl: 'http://x', cache, token: 'owner' }))
		const admin = insurerCalls(new ApiClient({ transport, baseUrl: 'http://x', cache, token: 'admin' }))
		const invited = insurerCalls(new ApiClient({ transport, baseUrl: 'http://x', cache }))
		const changes: Array<[string, () => Promise<unknown>]> = [
			['an invitation', () => admin.createInvitation({ email: 'new@example.com', role_id: 'role-1' })],
			['a resent invitation', () => admin.resendInvitation('inv-1')],
			['a revoked invitation', () => admin.revokeInvitation('inv-1')],
			['an accepted invitation', () => invited.activateInvitation({ token: 't', first_name: 'A', last_name: 'B', password: 'p' })],
			['a member changed', () => admin.updateTeamMember('user-1', { status: 'deactivated' })],
			['a role renamed', () => admin.updateRole('role-1', { name: 'Finance' })],
			['a name changed', () => admin.updateUser('user-2', { first_name: 'Bolu' })],
		]
		for (const [change, make] of changes) {
			const team = (await owner.getTeam('biz-1')).data
			const member = (await owner.getTeamMember('user-1')).data
			expect((await owner.getTeam('biz-1')).data, change).toBe(team)
			await make()
			expect((await owner.getTeam('biz-1')).data, change).not.toEqual(team)
			expect((await owner.getTeamMember('user-1')).data, change).not.toEqual(member)
		}
		// Any change clears the caller's own cache; a change elsewhere keeps the other members' team.
		const team = (await owner.getTeam('biz-1')).data
		await admin.fundWallet({ amount: 1000, idempotency_key: 'fund-1' })
		expect((await owner.getTeam('biz-1')).data).toBe(team)
	})

	test('cached GETs under way at once share one request', async () => {
		let calls = 0
		const cache = new ResponseCache()
		const a = new ApiClient({
			transport: async () => {
				calls++
				await new Promise((r) => setTimeout(r, 5))
				return json({ data: { n: calls } })
			},
			baseUrl: 'http://x',
			cache,
			token: 'A',
		})
		const [one, two] = await Promise.all([a.call('GET', '/users/1', { cache: true }), a.call('GET', '/users/1', { cache: true })])
		expect(calls).toBe(1)
		expect(one).toBe(two)
	})

	test('an anonymous call sends no token, even with a session', async () => {
		const seen: Request[] = []
		const { c } = client(
			async (r) => {
				seen.push(r)
				return json({ data: { status: 'success', amount: 100 } })
			},
			{ token: 'tok-1' },
		)
		await c.call('POST', '/payments/verify', { body: { reference: 'fund_1' }, anonymous: true })
		expect(seen[0]!.headers.get('authorization')).toBeNull()
		expect(c.token).toBe('tok-1')
	})

	test('a download answers the file unread, with the filters that are set; a failure reads as any call', async () => {
		const seen: Request[] = []
		const { c } = client(
			async (r) => {
				seen.push(r)
				if (r.url.includes('from=bad'))
					return json(
						{ message: 'Use a date like 2026-01-31.', errors: [{ path: 'from', message: 'Use a date like 2026-01-31.' }] },
						{ status: 400 },
					)
				return new Response('date,reference\r\n', { headers: { 'content-type': 'text/csv', 'x-new-token': 'tok-2' } })
			},
			{ token: 'tok-1' },
		)
		const file = await c.download('/transactions.csv', { type: 'funding', status: '' })
		expect(seen[0]!.url).toBe('http://api.test/api/v1/transactions.csv?type=funding')
		expect(seen[0]!.headers.get('authorization')).toBe('Bearer tok-1')
		expect(await file.text()).toBe('date,reference\r\n')
		expect(c.token).toBe('tok-2')
		const error = (await c.download('/transactions.csv', { from: 'bad' }).catch((e: unknown) => e)) as ApiCallError
		expect(error).toBeInstanceOf(ApiCallError)
		expect(error.status).toBe(400)
		expect(error.fieldErrors).toEqual([{ path: 'from', message: 'Use a date like 2026-01-31.' }])
	})
})
