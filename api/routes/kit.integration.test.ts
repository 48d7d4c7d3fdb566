import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { beforeAll, expect, test } from 'vitest'
import { webhookDeliveries } from '#api/db/schema.ts'
import { isWebhookSignature } from '#api/domain/kit.ts'
import { describeApi, testApi } from '#tests/support/test-api.ts'
import { checkout, fund } from '#tests/support/wallet.ts'

type Ctx = Awaited<ReturnType<typeof testApi>>
type Account = Awaited<ReturnType<Ctx['createAccount']>>

const ORIGIN = 'https://bank.example'
const GADGET = { gadget_type: 'phone', device_value: '₦450,000', period: 'annual' }
const DETAILS = { full_name: 'Chidi Obi', email: 'chidi@example.test', phone: '08031234567' }

describeApi('partner keys and kit sessions', () => {
	let ctx: Ctx
	let owner: Account
	let stranger: Account
	const sent: Array<{ url: string; body: string; signature: string; eventId: string }> = []
	let answer = 200

	beforeAll(async () => {
		ctx = await testApi({
			webhooks: async (url, init) => {
				const headers = new Headers(init?.headers)
				sent.push({
					url: String(url),
					body: String(init?.body),
					signature: headers.get('x-kit-signature') ?? '',
					eventId: headers.get('x-kit-event-id') ?? '',
				})
				return new Response('', { status: answer })
			},
		})
		;[owner, stranger] = await Promise.all([ctx.createAccount(), ctx.createAccount()])
	})

	const newKey = async (
		account = owner,
		body: Record<string, unknown> = { name: 'Website', webhook_url: 'https://bank.example/hooks' },
	) => {
		const res = await ctx.call('POST', '/partner-keys', { token: account.token, body })
		expect(res.status).toBe(201)
		return res.body.data as { id: string; public_key: string; secret_key: string; webhook_secret: string; secret_hint: string }
	}
	const session = (secret: string | undefined, body: Record<string, unknown>) =>
		ctx.call('POST', '/kit/sessions', { body, headers: secret ? { authorization: `Bearer ${secret}` } : {} })
	const purchaseSession = async (secret: string, extra: Record<string, unknown> = {}) => {
		const res = await session(secret, { product_id: 5, origin: ORIGIN, reference: `order-${randomUUID()}`, ...extra })
		expect(res.status).toBe(201)
		return res.body.data as { id: string; inspection_sdk: string; url: string; expires_at: string }
	}
	const open = (token: string, host: string | null = ORIGIN) => ctx.call('POST', '/kit/open', { body: { token, host_origin: host } })

	test.each([
		['GET', '/partner-keys'],
		['POST', '/partner-keys'],
		['DELETE', `/partner-keys/${randomUUID()}`],
	])('%s %s needs a valid bearer token', async (method, path) => {
		expect(await ctx.call(method, path)).toMatchObject({ status: 401, body: { message: 'Missing authorization' } })
		expect(await ctx.call(method, path, { token: 'garbage' })).toMatchObject({ status: 401, body: { message: 'Invalid token' } })
	})

	test('a key is made with its secrets shown once, listed without them, and stored hashed', async () => {
		const made = await newKey()
		expect(made.public_key).toMatch(/^pk_kit_[0-9a-f]{24}$/)
		expect(made.secret_key).toMatch(/^sk_kit_[\w-]{43}$/)
		expect(made.webhook_secret).toMatch(/^whsec_/)
		expect(made.secret_hint).toBe(made.secret_key.slice(-4))
		const list = await ctx.call('GET', '/partner-keys', { token: owner.token })
		expect(list.status).toBe(200)
		const listed = list.body.data.find((k: { id: string }) => k.id === made.id)
		expect(listed).toMatchObject({ public_key: made.public_key, revoked_at: null, webhook_url: 'https://bank.example/hooks' })
		expect(JSON.stringify(list.body)).not.toContain(made.secret_key)
		const stored = await ctx.db.execute(`select secret_hash from partner_keys where id = '${made.id}'`)
		const hash = (stored as unknown as { rows: Array<{ secret_hash: string }> }).rows[0]!.secret_hash
		expect(hash).toMatch(/^[0-9a-f]{64}$/)
		expect(hash).not.toContain(made.secret_key)
	})

	test('bad input gets a message per field', async () => {
		const res = await ctx.call('POST', '/partner-keys', { token: owner.token, body: { name: ' ', webhook_url: 'ftp://x' } })
		expect(res.status).toBe(400)
		expect(res.body.errors).toEqual([
			{ path: 'name', message: 'Name the key, like "Website checkout".' },
			{ path: 'webhook_url', message: 'Enter the webhook address as https://… (http:// only for localhost).' },
		])
	})

	test('a viewer may not see or make keys; another business cannot revoke them', async () => {
		const viewer = await ctx.createMember(owner, 'Viewer')
		expect(await ctx.call('GET', '/partner-keys', { token: viewer.token })).toMatchObject({ status: 403 })
		expect(await ctx.call('POST', '/partner-keys', { token: viewer.token, body: { name: 'x' } })).toMatchObject({ status: 403 })
		const made = await newKey()
		expect(await ctx.call('DELETE', `/partner-keys/${made.id}`, { token: stranger.token })).toMatchObject({
			status: 404,
			body: { message: 'We could not find that partner key.' },
		})
		const mine = await ctx.call('GET', '/partner-keys', { token: stranger.token })
		expect(mine.body.data.map((k: { id: string }) => k.id)).not.toContain(made.id)
	})

	test('a revoked key opens no more sessions, and its open sessions end', async () => {
		const made = await newKey()
		const kit = await purchaseSession(made.secret_key)
		const opened = await open(kit.inspection_sdk)
		expect(opened.status).toBe(200)
		const revoked = await ctx.call('DELETE', `/partner-keys/${made.id}`, { token: owner.token })
		expect(revoked).toMatchObject({ status: 200, body: { message: 'Partner key Website revoked.' } })
		expect(revoked.body.data.revoked_at).not.toBeNull()
		expect(await session(made.secret_key, { product_id: 5, origin: ORIGIN, reference: 'x' })).toMatchObject({
			status: 401,
			body: { message: 'That secret key is not valid, or it was revoked.' },
		})
		expect(await ctx.call('GET', `/kit/sessions/${kit.id}`)).toMatchObject({ status: 200, body: { data: { status: 'closed' } } })
		expect(await ctx.call('PATCH', `/kit/sessions/${kit.id}/draft`, { body: { quote: GADGET } })).toMatchObject({
			status: 410,
			body: { message: expect.stringContaining('session is over') },
		})
	})

	test('a session needs the secret key and a valid body', async () => {
		expect(await session(undefined, { product_id: 5, origin: ORIGIN, reference: 'x' })).toMatchObject({
			status: 401,
			body: { message: 'Send your secret key: Authorization: Bearer sk_kit_….' },
		})
		expect(
			await session('sk_kit_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', { product_id: 5, origin: ORIGIN, reference: 'x' }),
		).toMatchObject({
			status: 401,
		})
		const made = await newKey()
		const bad = await session(made.secret_key, { origin: 'https://bank.example/path', reference: '' })
		expect(bad.status).toBe(400)
		expect(bad.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['origin', 'reference'])
		expect(await session(made.secret_key, { origin: ORIGIN, reference: 'r' })).toMatchObject({
			status: 400,
			body: { errors: [{ path: 'product_id', message: 'A purchase needs the product_id to sell.' }] },
		})
		// A policy of another business is not one to inspect.
		expect(await session(made.secret_key, { action: 'inspect', policy_id: randomUUID(), origin: ORIGIN, reference: 'r' })).toMatchObject({
			status: 400,
			body: { errors: [{ path: 'policy_id', message: 'We could not find that policy.' }] },
		})
	})

	test('a payload opens once, from its origin only, within its time', async () => {
		const made = await newKey()
		const kit = await purchaseSession(made.secret_key)
		expect(kit.url).toBe(`http://portal.test/kit?inspectionSdk=${encodeURIComponent(kit.inspection_sdk)}`)
		const minutes = (Date.parse(kit.expires_at) - Date.now()) / 60_000
		expect(minutes).toBeGreaterThan(29)
		expect(minutes).toBeLessThanOrEqual(30)
		expect(await open(kit.inspection_sdk, 'https://evil.example')).toMatchObject({
			status: 403,
			body: { message: 'This kit can only be opened from the site it was made for.' },
		})
		// Not framed: only a session made for the portal's own origin opens as a page of its own.
		expect(await open(kit.inspection_sdk, null)).toMatchObject({ status: 403 })
		// One character changed: the third from the end, to a letter it is not. Choosing by the last character
		// instead left it as it was whenever it was already 'A', about one run in 64.
		const tampered = `${kit.inspection_sdk.slice(0, -3)}${kit.inspection_sdk.at(-3) === 'A' ? 'B' : 'A'}${kit.inspection_sdk.slice(-2)}`
		expect(tampered).not.toBe(kit.inspection_sdk)
		expect(await open(tampered)).toMatchObject({ status: 400, body: { message: expect.stringContaining('not valid') } })
		const first = await open(kit.inspection_sdk)
		expect(first).toMatchObject({ status: 200, body: { data: { id: kit.id, status: 'open', action: 'purchase', product_id: 5 } } })
		expect(await open(kit.inspection_sdk)).toMatchObject({ status: 410, body: { message: expect.stringContaining('already used') } })

		const later = await purchaseSession(made.secret_key)
		ctx.advanceClock(31 * 60_000)
		try {
			expect(await open(later.inspection_sdk)).toMatchObject({ status: 410, body: { message: expect.stringContaining('expired') } })
		} finally {
			ctx.advanceClock(-31 * 60_000)
		}
		const portal = await purchaseSession(made.secret_key, { origin: 'http://portal.test' })
		expect(await open(portal.inspection_sdk, null)).toMatchObject({ status: 200 })
	})

	test('a purchase through the kit is paid from the wallet, and the webhook is signed, retried and sent once', async () => {
		const buyer = await ctx.createAccount({ kyc: true })
		await fund(ctx, buyer, 100_000)
		const made = await newKey(buyer)
		const kit = await purchaseSession(made.secret_key, { payment_option: 'wallet', prefill: { full_name: 'Chidi Obi' } })
		expect((await open(kit.inspection_sdk)).body.data.prefill).toEqual({ full_name: 'Chidi Obi' })
		expect(await ctx.call('POST', `/kit/sessions/${kit.id}/purchase`, { body: { idempotency_key: 'kit-buy-1' } })).toMatchObject({
			status: 400,
			body: { message: 'Get a price first.' },
		})
		const badDetails = await ctx.call('PATCH', `/kit/sessions/${kit.id}/draft`, { body: { details: { ...DETAILS, email: 'nope' } } })
		expect(badDetails.status).toBe(400)
		expect(await ctx.call('PATCH', `/kit/sessions/${kit.id}/draft`, { body: { quote: GADGET } })).toMatchObject({ status: 200 })
		expect(await ctx.call('PATCH', `/kit/sessions/${kit.id}/draft`, { body: { details: DETAILS } })).toMatchObject({ status: 200 })
		answer = 500
		const bought = await ctx.call('POST', `/kit/sessions/${kit.id}/purchase`, { body: { idempotency_key: 'kit-buy-1' } })
		expect(bought.status).toBe(201)
		expect(bought.body.data).toMatchObject({ status: 'completed', purchase: { status: 'paid', policy_number: expect.any(String) } })
		// The same click again buys nothing more.
		expect(await ctx.call('POST', `/kit/sessions/${kit.id}/purchase`, { body: { idempotency_key: 'kit-buy-1' } })).toMatchObject({
			status: 409,
		})
		const { deliverDueWebhooks } = await import('#api/services/kit.ts')
		await deliverDueWebhooks(ctx.deps)
		// The first try starts as the purchase commits and may still hold its lease: wait for its answer.
		const read = async () =>
			(
				await ctx.db
					.select()
					.from(webhookDeliveries)
					.where(eq(webhookDeliveries.eventId, `evt_kit_${kit.id}_completed`))
			)[0]
		await expect.poll(async () => (await read())?.lastStatus, { timeout: 10_000 }).toBe(500)
		const delivery = await read()
		expect(delivery).toMatchObject({ deliveredAt: null, lastStatus: 500 })
		expect(delivery!.attempts).toBeGreaterThanOrEqual(1)
		// Not due again until its backoff has passed.
		const before = sent.length
		expect(await deliverDueWebhooks(ctx.deps)).toEqual({ delivered: 0, failed: 0 })
		expect(sent.length).toBe(before)
		answer = 200
		ctx.advanceClock(61 * 60_000)
		try {
			expect((await deliverDueWebhooks(ctx.deps)).delivered).toBeGreaterThanOrEqual(1)
		} finally {
			ctx.advanceClock(-61 * 60_000)
		}
		const mine = sent.filter((s) => s.eventId === `evt_kit_${kit.id}_completed`)
		expect(mine.length).toBeGreaterThanOrEqual(2)
		const last = mine.at(-1)!
		expect(last.url).toBe('https://bank.example/hooks')
		expect(isWebhookSignature(made.webhook_secret, last.body, last.signature)).toBe(true)
		expect(isWebhookSignature(made.webhook_secret, last.body.replace('Chidi', 'Chioma'), last.signature)).toBe(false)
		expect(JSON.parse(last.body)).toMatchObject({
			id: `evt_kit_${kit.id}_completed`,
			type: 'kit.purchase.completed',
			data: { session_id: kit.id, customer: DETAILS, purchase: { payment_option: 'wallet' } },
		})
		const after = sent.length
		ctx.advanceClock(7 * 3_600_000)
		try {
			await deliverDueWebhooks(ctx.deps)
		} finally {
			ctx.advanceClock(-7 * 3_600_000)
		}
		expect(sent.length).toBe(after)
	})

	test('through the gateway the payer comes back to the kit, and the session completes when paid', async () => {
		const buyer = await ctx.createAccount({ kyc: true })
		const made = await newKey(buyer)
		const kit = await purchaseSession(made.secret_key)
		await open(kit.inspection_sdk)
		await ctx.call('PATCH', `/kit/sessions/${kit.id}/draft`, { body: { quote: GADGET } })
		await ctx.call('PATCH', `/kit/sessions/${kit.id}/draft`, { body: { details: DETAILS } })
		const bought = await ctx.call('POST', `/kit/sessions/${kit.id}/purchase`, { body: { idempotency_key: 'kit-gw-1' } })
		expect(bought.status).toBe(201)
		expect(bought.body.data).toMatchObject({ status: 'open', purchase: { status: 'awaiting_payment', payment: { status: 'pending' } } })
		const reference = bought.body.data.purchase.payment.reference
		const paid = await checkout(ctx, reference, 'approve')
		expect(paid.headers.get('location')).toMatch(new RegExp(`^http://portal.test/kit/${kit.id}/callback\\?.*reference=${reference}`))
		await ctx.sandbox.idle()
		expect(await ctx.call('GET', `/kit/sessions/${kit.id}`)).toMatchObject({
			status: 200,
			body: { data: { status: 'completed', purchase: { status: 'paid' } } },
		})
	})

	test('inspect and claim sessions open with their policy', async () => {
		const buyer = await ctx.createAccount({ kyc: true })
		await fund(ctx, buyer, 100_000)
		const bought = await ctx.call('POST', '/purchases', {
			token: buyer.token,
			body: { product_id: 5, ...GADGET, payment_option: 'wallet', idempotency_key: `buy-${randomUUID()}` },
		})
		const made = await newKey(buyer)
		const res = await session(made.secret_key, {
			action: 'claim',
			policy_id: bought.body.data.policy.id,
			origin: ORIGIN,
			reference: 'claim-1',
		})
		expect(res.status).toBe(201)
		expect(await open(res.body.data.inspection_sdk)).toMatchObject({ status: 200, body: { data: { action: 'claim' } } })
	})
})
