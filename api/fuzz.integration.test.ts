import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { testApi } from '#tests/support/test-api.ts'
import { fund, newKey } from '#tests/support/wallet.ts'

/**
 * Hostile input never makes the API answer 5xx: every operation of its OpenAPI document, anonymous and
 * signed in, gets bodies that are not JSON, JSON of the wrong shape, NUL characters, broken multipart
 * and garbage path ids. Fixed seed, so a failure repeats; it runs on PGlite only, to stay fast.
 */

const SEED = 20261123
const RUNS_PER_OPERATION = 10

type Operation = {
	requestBody?: { content: Record<string, { schema?: { properties?: Record<string, unknown> } }> }
	parameters?: Array<{ name: string; in: string }>
}
type Sent = { method: string; path: string; contentType?: string; body?: string | FormData; signedIn: boolean }

const ids = fc.constantFrom(
	'1',
	'0',
	'-1',
	'99999999999999999999',
	'1.5',
	'abc',
	'00000000-0000-0000-0000-000000000000',
	'%00',
	'a%00b',
	'%E0%A4%A',
	'%ZZ',
	'..%2F..%2Fetc',
	"1'%20or%20'1'='1",
	'x'.repeat(600),
)

const hostileStrings = fc.oneof(
	fc.string(),
	fc.constantFrom('\u0000', 'a\u0000b', '', ' ', '-1', '1e309', 'NaN', 'x'.repeat(20_000), '<script>alert(1)</script>', '2026-02-30'),
)

const hostileValues = fc.oneof(
	hostileStrings,
	fc.integer(),
	fc.double(),
	fc.boolean(),
	fc.constant(null),
	fc.array(hostileStrings, { maxLength: 3 }),
	fc.dictionary(hostileStrings, hostileStrings, { maxKeys: 3 }),
)

function brokenMultipart() {
	return `--x\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nfirst_name\r\n--`
}

/** A body for an operation that knows the names of its JSON fields (empty when it takes none). */
const bodies = (fields: string[]) =>
	fc.oneof(
		fc.constantFrom(
			{ contentType: 'application/json', body: 'not json' },
			{ contentType: 'application/json', body: '{"a":' },
			{ contentType: 'application/json', body: '' },
			{ contentType: 'application/json', body: '"\\u0000"' },
			{ contentType: 'application/json', body: '{"\\u0000":1}' },
			{ contentType: 'text/plain', body: 'hello' },
			{ contentType: undefined, body: 'a=b' },
			{ contentType: 'application/x-www-form-urlencoded', body: 'outcome=approve%00&a=%00' },
			{ contentType: 'multipart/form-data; boundary=x', body: brokenMultipart() },
			{ contentType: 'multipart/form-data', body: 'no boundary' },
		),
		fc.jsonValue().map((value) => ({ contentType: 'application/json', body: JSON.stringify(value) })),
		(fields.length ? fc.dictionary(fc.constantFrom(...fields), hostileValues) : fc.dictionary(hostileStrings, hostileValues)).map(
			(value) => ({ contentType: 'application/json', body: JSON.stringify(value) }),
		),
		(fields.length ? fc.dictionary(fc.constantFrom(...fields), hostileStrings) : fc.constant({ file: 'x' })).map((value) => {
			const form = new FormData()
			for (const [name, text] of Object.entries(value)) form.append(name, name === 'file' ? new File([text], 'staff.csv') : text)
			return { contentType: undefined, body: form }
		}),
	)

describe.skipIf(process.env.TEST_DB !== 'pglite')('fuzz: hostile requests to every API operation', () => {
	test('no operation answers 5xx', { timeout: 120_000 }, async () => {
		const ctx = await testApi()
		const document = (await ctx.call('GET', '/openapi.json')).body as { paths: Record<string, Record<string, Operation>> }
		let account = await ctx.createAccount({ kyc: true })
		const failures: string[] = []

		async function send({ method, path, contentType, body, signedIn }: Sent) {
			const headers: Record<string, string> = {}
			if (contentType) headers['content-type'] = contentType
			if (signedIn) headers.authorization = `Bearer ${account.token}`
			const bodyless = method === 'get' || method === 'head'
			const response = await ctx.api.request(`/api/v1${path}`, { method: method.toUpperCase(), headers, body: bodyless ? undefined : body })
			const text = await response.text()
			if (response.status >= 500)
				failures.push(
					`${response.status} ${method.toUpperCase()} ${path} ${contentType ?? '-'} ${String(body).slice(0, 80)}: ${text.slice(0, 200)}`,
				)
			return response.status
		}

		for (const [template, methods] of Object.entries(document.paths)) {
			for (const [method, operation] of Object.entries(methods)) {
				const content = operation.requestBody?.content ?? {}
				const fields = Object.keys(Object.values(content)[0]?.schema?.properties ?? {})
				const queryNames = (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name)
				const query = fc.dictionary(fc.constantFrom('page', 'limit', 'cursor', ...queryNames), hostileStrings, { maxKeys: 3 })
				const path = fc.tuple(fc.array(ids, { minLength: 4, maxLength: 4 }), query).map(([values, params]) => {
					let i = 0
					const search = new URLSearchParams(params as Record<string, string>).toString()
					return `${template.replace(/\{\w+\}/g, () => values[i++]!)}${search ? `?${search}` : ''}`
				})
				await fc.assert(
					fc.asyncProperty(path, bodies(fields), fc.boolean(), async (p, body, signedIn) => {
						await send({ method, path: p, ...body, signedIn })
						return true
					}),
					{ seed: SEED, numRuns: RUNS_PER_OPERATION },
				)
				// An operation that signs out or closes the account leaves the next without a session: start again.
				if ((await ctx.call('GET', '/users/me', { token: account.token })).status === 401) account = await ctx.createAccount({ kyc: true })
			}
		}
		expect(failures).toEqual([])
	})
})

describe.skipIf(process.env.TEST_DB !== 'pglite')('NUL characters', () => {
	test('a NUL in an otherwise valid body is a 400 naming the field, and nothing is written', async () => {
		const ctx = await testApi()
		const email = `nul-${Date.now()}@example.test`
		const body = {
			account_type: 'individual',
			first_name: 'A\u0000da',
			last_name: 'Eze',
			email,
			phone: '08031234567',
			password: 'Test-pass-1234',
		}
		const res = await ctx.call('POST', '/auth/sign-up', { body })
		expect(res).toMatchObject({ status: 400, body: { errors: [{ path: 'first_name' }] } })
		// The same email signs up afterwards: the refused request wrote nothing.
		expect((await ctx.call('POST', '/auth/sign-up', { body: { ...body, first_name: 'Ada' } })).status).toBe(201)
	})

	test('a NUL in the path or query is a 400', async () => {
		const ctx = await testApi()
		expect((await ctx.call('GET', '/dev/outbox?to=%00')).status).toBe(400)
		expect((await ctx.call('GET', '/sandbox/checkout/a%00b')).status).toBe(400)
	})
})

describe.skipIf(process.env.TEST_DB !== 'pglite')('NUL characters in uploads', () => {
	test("a NUL in an activation's text field is a 400 naming it, and the policy stays pending", async () => {
		const ctx = await testApi()
		const owner = await ctx.createAccount({ kyc: true })
		await fund(ctx, owner, 40_000)
		const bought = await ctx.call('POST', '/purchases', {
			token: owner.token,
			body: {
				product_id: 5,
				gadget_type: 'phone',
				device_value: 450_000,
				period: 'annual',
				payment_option: 'wallet',
				idempotency_key: newKey('buy'),
			},
		})
		const policyId: string = bought.body.data.policy.id
		const form = new FormData()
		form.set('brand_and_model', 'Samsung\u0000 Galaxy A54')
		form.set('serial_number', '356938035643809')
		const jpg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46])
		for (const name of ['receipt', 'photo', 'proof_of_ownership']) form.set(name, new File([jpg], `${name}.jpg`))
		const res = await ctx.api.request(`/api/v1/policies/${policyId}/activate`, {
			method: 'POST',
			headers: { authorization: `Bearer ${owner.token}` },
			body: form,
		})
		expect(res.status).toBe(400)
		expect(await res.json()).toMatchObject({ errors: [{ path: 'brand_and_model' }] })
		expect((await ctx.call('GET', `/policies/${policyId}`, { token: owner.token })).body.data.status).toBe('pending')
	})
})
