import { z } from 'zod'
import {
	CreateKitSessionBody,
	CreatePartnerKeyBody,
	CreatedKitSession,
	CreatedPartnerKey,
	KitBuyBody,
	KitDraftBody,
	KitSession,
	OpenKitBody,
	PartnerKey,
} from '../contract/kit.ts'
import { defineRoute } from '../http.ts'
import { closeKitSession, createKitSession, getKitSession, kitBuy, openKitSession, saveKitDraft } from '../services/kit.ts'
import { createPartnerKey, listPartnerKeys, partnerOf, revokePartnerKey, serializePartnerKey } from '../services/partner-keys.ts'

const KeyParams = z.object({ id: z.uuid({ error: 'We could not find that partner key.' }) })
const SessionParams = z.object({ id: z.uuid({ error: 'We could not find that kit session.' }) })

export const kitRoutes = [
	defineRoute({
		method: 'get',
		path: '/partner-keys',
		summary: "The business's partner keys for the embedded kit, newest first, revoked ones included; never their secrets",
		tag: 'kit',
		auth: 'user',
		permission: 'business.manage',
		response: z.array(PartnerKey),
		handler: async ({ auth, deps }) => ({ data: (await listPartnerKeys(deps.db, auth.customerId)).map(serializePartnerKey) }),
	}),
	defineRoute({
		method: 'post',
		path: '/partner-keys',
		summary:
			'Make a partner key: a public key, a secret key for your server to open kit sessions and a secret that signs our webhooks to webhook_url. The secrets are in this answer only',
		tag: 'kit',
		auth: 'user',
		permission: 'business.manage',
		verified: true,
		body: CreatePartnerKeyBody,
		response: CreatedPartnerKey,
		status: 201,
		handler: async ({ body, auth, deps }) => {
			const key = await createPartnerKey(deps, auth, body)
			return { data: key, message: `Partner key ${key.name} created. Copy the secret key now: it is not shown again.` }
		},
	}),
	defineRoute({
		method: 'delete',
		path: '/partner-keys/:id',
		summary: 'Revoke a partner key: its secret opens no more sessions, and its open sessions end',
		tag: 'kit',
		auth: 'user',
		permission: 'business.manage',
		params: KeyParams,
		response: PartnerKey,
		handler: async ({ params, auth, deps }) => {
			const key = await revokePartnerKey(deps, auth, params.id)
			return { data: serializePartnerKey(key), message: `Partner key ${key.name} revoked.` }
		},
	}),
	defineRoute({
		method: 'post',
		path: '/kit/sessions',
		summary:
			"From the partner's server, with its secret key as the bearer token: open a kit session (action, product_id or policy_id, prefill, the origin that will frame the kit, your reference). The answer's inspection_sdk is the encrypted payload for the kit: valid 30 minutes, once, from that origin only",
		tag: 'kit',
		auth: 'public',
		body: CreateKitSessionBody,
		response: CreatedKitSession,
		status: 201,
		handler: async ({ body, deps, c }) => {
			const key = await partnerOf(deps.db, c.req.header('authorization'))
			return { data: await createKitSession(deps, key, body) }
		},
	}),
	defineRoute({
		method: 'post',
		path: '/kit/open',
		summary:
			'The kit page opens a payload: decrypted, checked (time, origin, not opened before) and marked opened. 400 tampered, 410 expired or used, 403 another origin',
		tag: 'kit',
		auth: 'public',
		body: OpenKitBody,
		response: KitSession,
		handler: async ({ body, deps }) => ({ data: await openKitSession(deps, body.token, body.host_origin) }),
	}),
	defineRoute({
		method: 'get',
		path: '/kit/sessions/:id',
		summary: "An opened kit session, as the kit's pages show it; a purchase waiting for the gateway is asked about first",
		tag: 'kit',
		auth: 'public',
		params: SessionParams,
		response: KitSession,
		handler: async ({ params, deps }) => ({ data: await getKitSession(deps, params.id) }),
	}),
	defineRoute({
		method: 'patch',
		path: '/kit/sessions/:id/draft',
		summary: "Keep the kit's quote fields or the customer's details (full_name, email, phone) on the session",
		tag: 'kit',
		auth: 'public',
		params: SessionParams,
		body: KitDraftBody,
		response: KitSession,
		handler: async ({ params, body, deps }) => ({ data: await saveKitDraft(deps, params.id, body) }),
	}),
	defineRoute({
		method: 'post',
		path: '/kit/sessions/:id/purchase',
		summary:
			"Buy the session's product with its quote and details, for the partner's business: from its wallet, or through the gateway (the answer holds the checkout)",
		tag: 'kit',
		auth: 'public',
		params: SessionParams,
		body: KitBuyBody,
		response: KitSession,
		status: 201,
		handler: async ({ params, body, deps }) => ({ data: await kitBuy(deps, params.id, body.idempotency_key) }),
	}),
	defineRoute({
		method: 'post',
		path: '/kit/sessions/:id/close',
		summary: 'The customer closed the kit: an open session without a purchase ends',
		tag: 'kit',
		auth: 'public',
		params: SessionParams,
		response: KitSession,
		handler: async ({ params, deps }) => ({ data: await closeKitSession(deps, params.id) }),
	}),
]
