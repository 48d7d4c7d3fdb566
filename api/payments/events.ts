import { createHmac, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'
import { koboToNaira } from '../domain/ledger.ts'
import type { CardAuthorization, Charge, ChargeStatus, TransferStatus } from './gateway.ts'

// Webhooks in Paystack's shape, which the sandbox speaks too: `{ event, data }`, signed with
// HMAC-SHA512 of the raw body under the secret key, hex, in the `x-paystack-signature` header.

export const SIGNATURE_HEADER = 'x-paystack-signature'

export const sign = (rawBody: string, secret: string) => createHmac('sha512', secret).update(rawBody).digest('hex')

/** Constant-time: how much of a forged signature is right says nothing. */
export function signatureMatches(rawBody: string, signature: string | undefined, secret: string) {
	if (!signature) return false
	const expected = Buffer.from(sign(rawBody, secret), 'hex')
	const given = Buffer.from(signature.trim(), 'hex')
	return given.length === expected.length && timingSafeEqual(given, expected)
}

/** Paystack's `authorization` object, as verify and charge.success carry it. */
export const PaystackAuthorization = z.object({
	authorization_code: z.string().min(1),
	last4: z.string(),
	exp_month: z.coerce.number().int(),
	exp_year: z.coerce.number().int(),
	card_type: z.string().nullish(),
	brand: z.string().nullish(),
	bank: z.string().nullish(),
	channel: z.string().nullish(),
	reusable: z.boolean().nullish(),
	signature: z.string().nullish(),
})

/** A card we may charge again: reusable, from the card channel, with a fingerprint to save it once. */
export function cardOf(a: z.infer<typeof PaystackAuthorization> | null | undefined): CardAuthorization | null {
	if (a?.channel !== 'card' || !a.signature) return null
	const brand = (a.brand ?? a.card_type ?? 'card').trim().toLowerCase()
	return {
		authorizationCode: a.authorization_code,
		signature: a.signature,
		brand: brand.split(/\s+/)[0] || 'card',
		last4: a.last4,
		expMonth: a.exp_month,
		expYear: a.exp_year,
		bank: a.bank?.trim() || null,
		reusable: a.reusable === true,
	}
}

/** Paystack's transaction, as verify answers it and charge.success carries it. */
export const PaystackCharge = z.object({
	reference: z.string().min(1),
	status: z.string(),
	amount: z.number().int(),
	currency: z.string(),
	paid_at: z.string().nullish(),
	gateway_response: z.string().nullish(),
	authorization: PaystackAuthorization.nullish().catch(null),
})

const CHARGE_STATUSES: Record<string, ChargeStatus> = { success: 'success', failed: 'failed', reversed: 'failed', abandoned: 'abandoned' }

export function chargeOf(data: z.infer<typeof PaystackCharge>): Charge {
	const status = CHARGE_STATUSES[data.status] ?? 'pending'
	return {
		reference: data.reference,
		status,
		amount: koboToNaira(data.amount),
		currency: data.currency,
		paidAt: data.paid_at ? new Date(data.paid_at) : null,
		authorization: status === 'success' ? cardOf(data.authorization) : null,
		message: status === 'success' ? null : (data.gateway_response ?? null),
	}
}

export const PaystackTransfer = z.object({
	reference: z.string().min(1),
	transfer_code: z.string().min(1),
	status: z.string(),
	reason: z.string().nullish(),
	amount: z.number().int().optional(),
})

const TRANSFER_STATUSES: Record<string, TransferStatus> = {
	success: 'success',
	failed: 'failed',
	reversed: 'reversed',
	otp: 'otp',
	abandoned: 'failed',
	blocked: 'failed',
	rejected: 'failed',
}

export const transferOf = (data: z.infer<typeof PaystackTransfer>) => ({
	reference: data.reference,
	transferCode: data.transfer_code,
	status: TRANSFER_STATUSES[data.status] ?? ('pending' as const),
	reason: data.reason ?? null,
})

export const WebhookEvent = z.discriminatedUnion('event', [
	z.object({ event: z.literal('charge.success'), data: PaystackCharge }),
	z.object({ event: z.enum(['transfer.success', 'transfer.failed', 'transfer.reversed']), data: PaystackTransfer }),
])
export type WebhookEvent = z.infer<typeof WebhookEvent>

/** Events we act on, or null for the many others a gateway sends. */
export function parseWebhookEvent(rawBody: string): WebhookEvent | null | 'malformed' {
	let json: unknown
	try {
		json = JSON.parse(rawBody)
	} catch {
		return 'malformed'
	}
	const known = z.object({ event: z.string(), data: z.unknown() }).safeParse(json)
	if (!known.success) return 'malformed'
	const parsed = WebhookEvent.safeParse(json)
	if (parsed.success) return parsed.data
	return ['charge.success', 'transfer.success', 'transfer.failed', 'transfer.reversed'].includes(known.data.event) ? 'malformed' : null
}
