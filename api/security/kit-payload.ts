import { EncryptJWT, jwtDecrypt } from 'jose'
import { KIT_SESSION_MINUTES, type KitAction } from '../contract/kit.ts'

/**
 * The kit payload, the `inspectionSdk` query parameter (docs/decisions/075-kit-sessions.md): a JWE
 * (dir, A256GCM) under a key only the API holds, so a partner's page carries it but cannot read or
 * change it. The spec's fields, with the session's id as `jti` and its origin.
 */
export type KitClaims = {
	pk: string
	reference: string
	action: KitAction
	payment_option: 'wallet' | 'gateway'
	origin: string
	pid?: number
	policy_id?: string
	claim_id?: string
	progress?: number
}

export const KIT_PAYLOAD_HEADER = { alg: 'dir', enc: 'A256GCM' } as const

export async function sealKitPayload(key: Uint8Array, claims: KitClaims, session: { id: string; createdAt: Date; expiresAt: Date }) {
	const lifetime = session.expiresAt.getTime() - session.createdAt.getTime()
	if (lifetime <= 0 || lifetime > KIT_SESSION_MINUTES * 60_000)
		throw new Error(`A kit payload lives at most ${KIT_SESSION_MINUTES} minutes.`)
	return new EncryptJWT({ ...claims })
		.setProtectedHeader(KIT_PAYLOAD_HEADER)
		.setJti(session.id)
		.setIssuedAt(Math.floor(session.createdAt.getTime() / 1000))
		.setExpirationTime(Math.floor(session.expiresAt.getTime() / 1000))
		.encrypt(key)
}

export type OpenedPayload = { ok: true; sessionId: string; claims: KitClaims } | { ok: false; problem: 'tampered' | 'expired' }

/** Decrypt and check a payload: anything changed, made with another key or past its time is refused. */
export async function openKitPayload(key: Uint8Array, token: string, now: Date): Promise<OpenedPayload> {
	try {
		const { payload } = await jwtDecrypt(token, key, {
			currentDate: now,
			keyManagementAlgorithms: ['dir'],
			contentEncryptionAlgorithms: ['A256GCM'],
			maxTokenAge: `${KIT_SESSION_MINUTES}m`,
			requiredClaims: ['jti', 'exp', 'iat'],
		})
		if (typeof payload.jti !== 'string' || typeof payload.origin !== 'string') return { ok: false, problem: 'tampered' }
		return { ok: true, sessionId: payload.jti, claims: payload as unknown as KitClaims }
	} catch (error) {
		const code = (error as { code?: string }).code
		return { ok: false, problem: code === 'ERR_JWT_EXPIRED' ? 'expired' : 'tampered' }
	}
}
