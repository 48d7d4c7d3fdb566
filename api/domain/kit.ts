import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

// The embedded kit's rules, without I/O (docs/decisions/074-077).

/** A new partner's keys: the public one names it, the secret ones are shown once. */
export function newPartnerSecrets() {
	return {
		publicKey: `pk_kit_${randomBytes(12).toString('hex')}`,
		secretKey: `sk_kit_${randomBytes(32).toString('base64url')}`,
		webhookSecret: `whsec_${randomBytes(32).toString('base64url')}`,
	}
}

/**
 * What is kept of a secret key: its SHA-256. The key is 256 random bits, so a slow password hash adds
 * nothing, and a lookup by hash stays one indexed read per call.
 */
export const hashSecretKey = (secretKey: string) => createHash('sha256').update(secretKey).digest('hex')

/** The secret key in an Authorization header, or null: `Bearer sk_kit_…`. */
export function secretKeyOf(header: string | undefined) {
	const key = header?.match(/^Bearer\s+(sk_kit_[\w-]{20,100})$/i)?.[1]
	return key ?? null
}

export type KitLaunchProblem = 'expired' | 'used' | 'closed' | 'origin'

export const KIT_PROBLEM_MESSAGES: Record<KitLaunchProblem | 'tampered', string> = {
	tampered: 'This kit link is not valid. Ask the site that sent you here to start again.',
	expired: 'This kit link has expired. Ask the site that sent you here to start again.',
	used: 'This kit link was already used. Ask the site that sent you here to start again.',
	closed: 'This kit session is over. Ask the site that sent you here to start again.',
	origin: 'This kit can only be opened from the site it was made for.',
}

/**
 * Whether a payload may launch the kit now. It is opened once; only until it expires; and only in a
 * frame of the origin it was made for, or, for a session made for the portal's own origin, as a page
 * of its own (the link in the portal without JavaScript).
 */
export function launchProblem(
	session: { expiresAt: Date; openedAt: Date | null; origin: string },
	at: { now: Date; hostOrigin: string | null; portalOrigin: string },
): KitLaunchProblem | null {
	if (at.now.getTime() >= session.expiresAt.getTime()) return 'expired'
	const host = at.hostOrigin ?? at.portalOrigin
	if (host !== session.origin) return 'origin'
	if (session.openedAt) return 'used'
	return null
}

/** Whether an opened session's pages still answer: until it expires, and not once it is over. */
export function sessionProblem(session: { expiresAt: Date; status: string }, now: Date): KitLaunchProblem | null {
	if (session.status === 'closed') return 'closed'
	// A finished purchase stays visible until the session expires, for the page that says so.
	if (now.getTime() >= session.expiresAt.getTime()) return 'expired'
	if (session.status === 'created') return 'closed'
	return null
}

/** The signature of a webhook body: HMAC-SHA512 in hex, keyed by the partner's webhook secret. */
export const webhookSignature = (secret: string, body: string) => createHmac('sha512', secret).update(body).digest('hex')

/** Whether a signature is the body's, compared in constant time: what a partner's server does. */
export function isWebhookSignature(secret: string, body: string, signature: string) {
	const expected = Buffer.from(webhookSignature(secret, body), 'hex')
	const given = Buffer.from(signature, 'hex')
	return given.length === expected.length && timingSafeEqual(given, expected)
}

const RETRY_DELAYS_S = [30, 120, 600, 1_800, 3_600, 7_200]
const MAX_DELAY_S = 6 * 3_600

/** How long to wait after the n-th failed attempt (1-based): longer each time, at most six hours. */
export function retryDelayMs(failedAttempts: number) {
	const seconds = RETRY_DELAYS_S[failedAttempts - 1] ?? MAX_DELAY_S
	return Math.min(seconds, MAX_DELAY_S) * 1000
}

/** A partner acknowledges a webhook with any 2xx answer. */
export const isAcknowledged = (status: number) => status >= 200 && status < 300
