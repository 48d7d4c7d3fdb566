import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { beforeAll, expect, test } from 'vitest'
import { claims, kitSessions, webhookDeliveries } from '#api/db/schema.ts'
import { isWebhookSignature } from '#api/domain/kit.ts'
import { insertPolicy, pdf } from '#tests/support/claims.ts'
import { describeApi, testApi } from '#tests/support/test-api.ts'

// A claim made through the kit (docs/decisions/122-kit-claims.md): the session's policy, the claim made,
// its documents, sent to the desk; the session completes and the partner's signed webhook goes out.
// Bad input, a session of another kind, an unknown one and an expired one are refused with a message.

type Ctx = Awaited<ReturnType<typeof testApi>>
type Account = Awaited<ReturnType<Ctx['createAccount']>>

const ORIGIN = 'https://bank.example'
const THEFT = {
	incident_type: 'theft',
	incident_date: '2026-03-10',
	place: 'Yaba, Lagos',
	description: 'The phone was taken from my bag on the bus.',
	amount: '₦40,000',
}

describeApi('claims through the kit', () => {
	let ctx: Ctx
	let owner: Account
	let key: { id: string; secret_key: string; webhook_secret: string }
	const sent: Array<{ body: string; signature: string }> = []

	beforeAll(async () => {
		ctx = await testApi({
			webhooks: async (_url, init) => {
				sent.push({ body: String(init?.body), signature: new Headers(init?.headers).get('x-kit-signature') ?? '' })
				return new Response('', { status: 200 })
			},
		})
		owner = await ctx.createAccount({ kyc: true })
		const made = await ctx.call('POST', '/partner-keys', {
			token: owner.token,
			body: { name: 'Bank app', webhook_url: 'https://bank.example/hooks' },
		})
		expect(made.status).toBe(201)
		key = made.body.data
	})

	/** An opened session of an action on a new gadget policy of the owner. */
	async function openSession(action: 'claim' | 'purchase' = 'claim') {
		const policy = await insertPolicy(ctx, owner.customerId)
		const res = await ctx.call('POST', '/kit/sessions', {
			headers: { authorization: `Bearer ${key.secret_key}` },
			body:
				action === 'claim'
					? { action, policy_id: policy.id, origin: ORIGIN, reference: `claim-${randomUUID()}` }
					: { product_id: 5, origin: ORIGIN, reference: `order-${randomUUID()}` },
		})
		expect(res.status).toBe(201)
		const opened = await ctx.call('POST', '/kit/open', { body: { token: res.body.data.inspection_sdk, host_origin: ORIGIN } })
		expect(opened.status).toBe(200)
		return { id: res.body.data.id as string, policy }
	}

	async function upload(path: string, bytes: Uint8Array, filename: string) {
		const form = new FormData()
		form.set('file', new File([bytes as Uint8Array<ArrayBuffer>], filename))
		const res = await ctx.api.request(`/api/v1${path}`, { method: 'POST', headers: { 'x-forwarded-for': '127.0.0.1' }, body: form })
		const text = await res.text()
		return { status: res.status, body: text ? JSON.parse(text) : null }
	}

	test('a theft claim is made, documented and sent; the session completes and the signed webhook goes once', async () => {
		const { id, policy } = await openSession()
		const page = await ctx.call('GET', `/kit/sessions/${id}/claim`)
		expect(page.status).toBe(200)
		expect(page.body.data).toMatchObject({ policy: { id: policy.id, policy_number: policy.policyNumber }, claim: null })
		expect(page.body.data.policy.incident_types).toContainEqual({ value: 'theft', label: expect.any(String) })

		const made = await ctx.call('POST', `/kit/sessions/${id}/claim`, { body: THEFT })
		expect(made.status).toBe(200)
		expect(made.body.data).toMatchObject({ status: 'pending', amount: 40_000, policy: { id: policy.id } })
		expect(made.body.data.checklist.map((d: { name: string }) => d.name)).toEqual(['police_report', 'proof_of_purchase'])
		// A second save changes the same claim; it does not make another.
		const again = await ctx.call('POST', `/kit/sessions/${id}/claim`, { body: { ...THEFT, amount: 45_000 } })
		expect(again.body.data).toMatchObject({ id: made.body.data.id, amount: 45_000 })
		expect(await ctx.db.select().from(claims).where(eq(claims.policyId, policy.id))).toHaveLength(1)

		const early = await ctx.call('POST', `/kit/sessions/${id}/claim/submit`)
		expect(early).toMatchObject({ status: 400, body: { message: expect.stringContaining('police report') } })

		for (const name of ['police_report', 'proof_of_purchase']) {
			const res = await upload(`/kit/sessions/${id}/claim/files/${name}`, pdf(), `${name}.pdf`)
			expect(res).toMatchObject({ status: 201, body: { data: { field: name, media_type: 'application/pdf' } } })
		}
		const submitted = await ctx.call('POST', `/kit/sessions/${id}/claim/submit`)
		expect(submitted).toMatchObject({ status: 200, body: { data: { status: 'documented' } } })

		const [session] = await ctx.db.select().from(kitSessions).where(eq(kitSessions.id, id))
		expect(session!.status).toBe('completed')
		const deliveries = await ctx.db
			.select()
			.from(webhookDeliveries)
			.where(eq(webhookDeliveries.eventId, `evt_kit_${id}_completed`))
		expect(deliveries).toHaveLength(1)
		const event = JSON.parse(deliveries[0]!.body)
		expect(event).toMatchObject({
			type: 'kit.claim.submitted',
			data: { session_id: id, claim: { id: made.body.data.id, status: 'documented', amount: 45_000 }, policy: { id: policy.id } },
		})
		await expect.poll(() => sent.find((s) => s.body === deliveries[0]!.body)).toBeTruthy()
		const delivered = sent.find((s) => s.body === deliveries[0]!.body)!
		expect(isWebhookSignature(key.webhook_secret, delivered.body, delivered.signature)).toBe(true)

		// Completed: the page still shows the claim; nothing more can be sent through the session.
		const after = await ctx.call('GET', `/kit/sessions/${id}/claim`)
		expect(after).toMatchObject({ status: 200, body: { data: { claim: { status: 'documented' } } } })
		expect(await ctx.call('POST', `/kit/sessions/${id}/claim/submit`)).toMatchObject({
			status: 409,
			body: { message: 'This claim was sent already; you can close this window.' },
		})
		expect((await upload(`/kit/sessions/${id}/claim/files/police_report`, pdf(), 'again.pdf')).status).toBe(409)
	})

	test('bad input gets a message per field, and nothing is made', async () => {
		const { id, policy } = await openSession()
		const res = await ctx.call('POST', `/kit/sessions/${id}/claim`, { body: { ...THEFT, amount: 'lots', place: '' } })
		expect(res.status).toBe(400)
		expect(JSON.stringify(res.body)).toContain('whole Naira')
		const outside = await ctx.call('POST', `/kit/sessions/${id}/claim`, { body: { ...THEFT, incident_type: 'stolen_vehicle' } })
		expect(outside).toMatchObject({ status: 400, body: { message: expect.stringContaining('Choose what happened') } })
		const tooMuch = await ctx.call('POST', `/kit/sessions/${id}/claim`, { body: { ...THEFT, amount: 90_000_000 } })
		expect(tooMuch.status).toBe(400)
		expect(await ctx.db.select().from(claims).where(eq(claims.policyId, policy.id))).toHaveLength(0)
		// Files and the submit wait for the claim; a file that is not a document is refused.
		expect(await upload(`/kit/sessions/${id}/claim/files/police_report`, pdf(), 'p.pdf')).toMatchObject({ status: 409 })
		expect((await ctx.call('POST', `/kit/sessions/${id}/claim/submit`)).status).toBe(409)
		await ctx.call('POST', `/kit/sessions/${id}/claim`, { body: THEFT })
		const text = await upload(`/kit/sessions/${id}/claim/files/police_report`, new TextEncoder().encode('not a pdf'), 'p.pdf')
		expect(text).toMatchObject({ status: 400, body: { message: expect.stringContaining('JPG, PNG or PDF') } })
		expect((await upload(`/kit/sessions/${id}/claim/files/vehicle_papers`, pdf(), 'v.pdf')).status).toBe(404)
	})

	test('an unknown, malformed, other-kind or expired session is refused', async () => {
		expect((await ctx.call('GET', `/kit/sessions/${randomUUID()}/claim`)).status).toBe(404)
		expect((await ctx.call('POST', `/kit/sessions/${randomUUID()}/claim`, { body: THEFT })).status).toBe(404)
		expect((await ctx.call('GET', '/kit/sessions/not-an-id/claim')).status).toBe(400)
		const purchase = await openSession('purchase')
		expect(await ctx.call('POST', `/kit/sessions/${purchase.id}/claim`, { body: THEFT })).toMatchObject({
			status: 409,
			body: { message: 'This kit session is not a claim.' },
		})
		const { id } = await openSession()
		await ctx.db
			.update(kitSessions)
			.set({ expiresAt: new Date(Date.now() - 60_000) })
			.where(eq(kitSessions.id, id))
		expect((await ctx.call('GET', `/kit/sessions/${id}/claim`)).status).toBe(410)
		expect((await ctx.call('POST', `/kit/sessions/${id}/claim`, { body: THEFT })).status).toBe(410)
		expect((await upload(`/kit/sessions/${id}/claim/files/police_report`, pdf(), 'p.pdf')).status).toBe(410)
	})
})
