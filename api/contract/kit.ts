import { z } from 'zod'
import { Claim } from './claims.ts'
import { Email, Name } from './common.ts'
import { PAYMENT_OPTIONS } from './purchases.ts'
import { Phone } from './phone.ts'

// The embedded kit (docs/decisions/074-077): partner keys, kit sessions and what the kit's pages ask.

export const KIT_ACTIONS = ['purchase', 'inspect', 'claim'] as const
export type KitAction = (typeof KIT_ACTIONS)[number]

/** How long a kit payload may be opened after it was made: the spec's kit, within 30 minutes. */
export const KIT_SESSION_MINUTES = 30

const NAME_MESSAGE = 'Name the key, like "Website checkout".'

/** Hosts that never leave a developer's machine (RFC 6761 names included): plain http is allowed there. */
const isLocalHost = (host: string) => ['localhost', '127.0.0.1', '[::1]'].includes(host) || /\.(test|localhost)$/.test(host)

/** An https address, or http on this machine (a partner trying the kit locally). */
const WebUrl = (what: string) =>
	z
		.string({ message: `Enter the ${what}.` })
		.trim()
		.max(500, `The ${what} is too long.`)
		.refine((value) => {
			try {
				const url = new URL(value)
				return url.protocol === 'https:' || (url.protocol === 'http:' && isLocalHost(url.hostname))
			} catch {
				return false
			}
		}, `Enter the ${what} as https://… (http:// only for localhost).`)

export const CreatePartnerKeyBody = z.object({
	name: z.string({ message: NAME_MESSAGE }).trim().min(1, NAME_MESSAGE).max(60, 'Use at most 60 characters for the name.'),
	webhook_url: z.preprocess((v) => (v === '' ? undefined : v), WebUrl('webhook address').optional()),
})

export const PartnerKey = z.object({
	id: z.uuid(),
	name: z.string(),
	public_key: z.string(),
	/** The secret's last four characters. */
	secret_hint: z.string(),
	webhook_url: z.string().nullable(),
	created_at: z.string(),
	revoked_at: z.string().nullable(),
})
export type PartnerKey = z.infer<typeof PartnerKey>

/** Only the answer to its creation carries the secrets: they are never shown again. */
export const CreatedPartnerKey = PartnerKey.extend({ secret_key: z.string(), webhook_secret: z.string() })

/** An origin as a browser sends it: scheme, host and port, nothing more. */
export const Origin = z
	.string({ message: 'Give the origin of the page that embeds the kit, like https://bank.example.' })
	.trim()
	.transform((value, ctx) => {
		try {
			const url = new URL(value)
			if (
				(url.protocol === 'https:' || (url.protocol === 'http:' && isLocalHost(url.hostname))) &&
				url.origin === value.replace(/\/$/, '')
			) {
				return url.origin
			}
		} catch {}
		ctx.addIssue({
			code: 'custom',
			message: 'The origin is scheme, host and port only, like https://bank.example (http:// only for localhost).',
		})
		return z.NEVER
	})

const Prefill = z
	.record(z.string().max(60), z.string().max(200, 'A prefilled value is at most 200 characters.'), {
		message: 'prefill is an object of field names and text values.',
	})
	.refine((value) => Object.keys(value).length <= 30, 'prefill holds at most 30 fields.')

export const CreateKitSessionBody = z
	.object({
		action: z.enum(KIT_ACTIONS, { message: `action is one of ${KIT_ACTIONS.join(', ')}.` }).default('purchase'),
		product_id: z.coerce
			.number({ message: 'product_id is a product id, like 5.' })
			.int('product_id is a product id, like 5.')
			.positive('product_id is a product id, like 5.')
			.optional(),
		policy_id: z.uuid({ message: 'policy_id is a policy id.' }).optional(),
		claim_id: z.string().trim().max(80).optional(),
		payment_option: z.enum(PAYMENT_OPTIONS, { message: 'payment_option is wallet or gateway.' }).default('gateway'),
		origin: Origin,
		reference: z
			.string({ message: 'Give your reference for this session.' })
			.trim()
			.min(1, 'Give your reference for this session.')
			.max(100, 'The reference is at most 100 characters.'),
		prefill: Prefill.default({}),
	})
	.superRefine((value, ctx) => {
		if (value.action === 'purchase' && value.product_id === undefined) {
			ctx.addIssue({ code: 'custom', path: ['product_id'], message: 'A purchase needs the product_id to sell.' })
		}
		if (value.action !== 'purchase' && value.policy_id === undefined) {
			ctx.addIssue({
				code: 'custom',
				path: ['policy_id'],
				message: `To ${value.action === 'claim' ? 'make a claim' : 'inspect'}, give the policy_id.`,
			})
		}
	})

export const CreatedKitSession = z.object({
	id: z.uuid(),
	/** The encrypted payload: the `inspectionSdk` query parameter. */
	inspection_sdk: z.string(),
	/** The kit's address with the payload, for a link or an iframe. */
	url: z.string(),
	expires_at: z.string(),
})

export const OpenKitBody = z.object({
	token: z.string().min(1).max(8_000),
	/** The origin of the page that frames the kit, as kit.js tells it; null when it is not framed. */
	host_origin: z.string().max(300).nullable(),
})

export const KitDetailsBody = z.object({
	full_name: Name('your full name'),
	email: Email,
	phone: Phone,
})

export const KitQuoteDraft = z.record(z.string().max(60), z.string().max(200))

export const KitDraftBody = z.union([z.object({ quote: KitQuoteDraft }), z.object({ details: KitDetailsBody })])

export const KitSession = z.object({
	id: z.uuid(),
	action: z.enum(KIT_ACTIONS),
	status: z.enum(['created', 'open', 'completed', 'closed']),
	partner: z.string(),
	origin: z.string(),
	reference: z.string(),
	product_id: z.number().nullable(),
	policy_id: z.string().nullable(),
	payment_option: z.enum(PAYMENT_OPTIONS),
	prefill: z.record(z.string(), z.string()),
	draft: z.object({ quote: KitQuoteDraft.optional(), details: z.record(z.string(), z.string()).optional() }),
	expires_at: z.string(),
	purchase: z
		.object({
			id: z.uuid(),
			status: z.string(),
			amount: z.number(),
			policy_number: z.string().nullable(),
			payment: z.object({ reference: z.string(), authorization_url: z.string(), status: z.string() }).nullable(),
		})
		.nullable(),
})
export type KitSession = z.infer<typeof KitSession>

export const KitBuyBody = z.object({ idempotency_key: z.string().min(8).max(100) })

/** What the kit tells the partner's server, signed (docs/decisions/077-partner-webhooks.md). */
export const KIT_SIGNATURE_HEADER = 'x-kit-signature'

/** A claim session's page: its policy, and the claim made through it once there is one (docs/decisions/122-kit-claims.md). */
export const KitClaim = z.object({
	policy: z.object({
		id: z.uuid(),
		policy_number: z.string(),
		product_name: z.string(),
		incident_types: z.array(z.object({ value: z.string(), label: z.string() })),
	}),
	claim: Claim.nullable(),
})
export type KitClaim = z.infer<typeof KitClaim>
