import { randomUUID } from 'node:crypto'
import sharp from 'sharp'
import { createOperator } from '#api/db/seed/index.ts'
import { policies, purchases } from '#api/db/schema.ts'
import type { testApi } from './test-api.ts'

type Ctx = Awaited<ReturnType<typeof testApi>>

/** A policy written straight to the database, as a purchase would leave it: what claims tests start from. */
export async function insertPolicy(
	ctx: Ctx,
	customerId: string,
	options: {
		productId?: number
		status?: 'pending' | 'active'
		coverStart?: string
		coverEnd?: string
		input?: Record<string, unknown>
	} = {},
) {
	const productId = options.productId ?? 5
	const input = options.input ?? { product_id: productId, gadget_type: 'phone', device_value: 250_000, period: 'annual' }
	const [purchase] = await ctx.db
		.insert(purchases)
		.values({
			customerId,
			idempotencyKey: randomUUID(),
			productId,
			input,
			quote: {},
			amount: 0,
			paymentOption: 'subscription',
			status: 'subscribed',
		})
		.returning()
	const [policy] = await ctx.db
		.insert(policies)
		.values({
			customerId,
			purchaseId: purchase!.id,
			kind: 'policy',
			productId,
			policyNumber: `CP-TEST-${randomUUID().slice(0, 12)}`,
			status: options.status ?? 'active',
			premium: 10_000,
			period: 'annual',
			coverStart: options.coverStart ?? '2026-01-01',
			coverEnd: options.coverEnd ?? '2099-12-31',
		})
		.returning()
	return policy!
}

/** A new operator of the claims desk, signed in. */
export async function signInOperator(ctx: Ctx, name = 'Ifeoma') {
	const email = `operator-${randomUUID().slice(0, 8)}@desk.test`
	const password = 'Desk-pass-2026'
	const id = await createOperator(ctx.db, { email, firstName: name, lastName: 'Nwosu', password })
	const res = await ctx.call('POST', '/desk/sign-in', { body: { email, password } })
	if (res.status !== 200) throw new Error(`operator sign-in: ${res.status} ${JSON.stringify(res.body)}`)
	return { id, email, password, token: res.body.data.token as string }
}

export const png = async () =>
	new Uint8Array(
		await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2c7be5' } })
			.png()
			.toBuffer(),
	)
export const pdf = () => new TextEncoder().encode('%PDF-1.4\n%%EOF\n')

/** POST one file to a claim, as the portal does. */
export async function uploadTo(ctx: Ctx, token: string, path: string, bytes: Uint8Array, filename: string) {
	const form = new FormData()
	form.set('file', new File([bytes as Uint8Array<ArrayBuffer>], filename))
	const res = await ctx.api.request(`/api/v1${path}`, {
		method: 'POST',
		headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '127.0.0.1' },
		body: form,
	})
	const text = await res.text()
	return { status: res.status, body: text ? JSON.parse(text) : null }
}

/**
 * A gadget theft claim (documents only) taken through the API to an accepted offer: assessed at
 * `assessed`, less the ₦5,000-or-10% excess. Where it is paid is chosen by `payout` before acceptance.
 */
export async function acceptedClaim(
	ctx: Ctx,
	customer: { token: string },
	operator: { token: string },
	policyId: string,
	options: { assessed?: number; payout?: Record<string, unknown> } = {},
) {
	const assessed = options.assessed ?? 50_000
	const ok = <T extends { status: number; body: unknown }>(res: T, what: string) => {
		if (res.status >= 300) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`)
		return res
	}
	const made = ok(
		await ctx.call('POST', '/claims', {
			token: customer.token,
			body: {
				policy_id: policyId,
				incident_type: 'theft',
				incident_date: '2026-03-10',
				place: 'Yaba, Lagos',
				description: 'The phone was taken from my bag on the bus.',
				amount: assessed,
			},
		}),
		'claim',
	)
	const id = made.body.data.id as string
	for (const name of ['police_report', 'proof_of_purchase']) {
		ok(await uploadTo(ctx, customer.token, `/claims/${id}/files/${name}`, pdf(), `${name}.pdf`), name)
	}
	ok(await ctx.call('POST', `/claims/${id}/submit`, { token: customer.token }), 'submit')
	ok(await ctx.call('POST', `/desk/claims/${id}/decision`, { token: operator.token, body: { decision: 'approve' } }), 'approve')
	ok(await ctx.call('POST', `/desk/claims/${id}/offer`, { token: operator.token, body: { assessed } }), 'offer')
	if (options.payout) ok(await ctx.call('PUT', `/claims/${id}/payout`, { token: customer.token, body: options.payout }), 'payout')
	ok(await ctx.call('POST', `/claims/${id}/offer/accept`, { token: customer.token }), 'accept')
	return id
}
