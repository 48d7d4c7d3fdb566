import { and, desc, eq, inArray, isNull } from 'drizzle-orm'
import type { z } from 'zod'
import type { CreatePartnerKeyBody, PartnerKey } from '../contract/kit.ts'
import type { Db } from '../db/client.ts'
import { kitSessions, partnerKeys } from '../db/schema.ts'
import { hashSecretKey, newPartnerSecrets, secretKeyOf } from '../domain/kit.ts'
import type { Deps } from '../deps.ts'
import { ApiError, notFound } from '../errors.ts'
import type { AuthUser } from '../http.ts'
import { recordActivity } from './accounts.ts'

// Partner keys (docs/decisions/074-partner-keys.md): made, listed and revoked by a business in Settings,
// and the secret key that authenticates a partner's server.

export type KeyRow = typeof partnerKeys.$inferSelect

const KEY_NOT_FOUND = 'partner key'

export function serializePartnerKey(key: KeyRow): PartnerKey {
	return {
		id: key.id,
		name: key.name,
		public_key: key.publicKey,
		secret_hint: key.secretHint,
		webhook_url: key.webhookUrl,
		created_at: key.createdAt.toISOString(),
		revoked_at: key.revokedAt?.toISOString() ?? null,
	}
}

export async function listPartnerKeys(db: Db, customerId: string) {
	return db.select().from(partnerKeys).where(eq(partnerKeys.customerId, customerId)).orderBy(desc(partnerKeys.createdAt)).limit(100)
}

/** A new key pair; the secrets are in this answer and nowhere after it. */
export async function createPartnerKey(deps: Deps, auth: AuthUser, body: z.output<typeof CreatePartnerKeyBody>) {
	const secrets = newPartnerSecrets()
	const key = await deps.db.transaction(async (tx) => {
		const [made] = await tx
			.insert(partnerKeys)
			.values({
				customerId: auth.customerId,
				createdBy: auth.id,
				name: body.name,
				publicKey: secrets.publicKey,
				secretHash: hashSecretKey(secrets.secretKey),
				secretHint: secrets.secretKey.slice(-4),
				webhookUrl: body.webhook_url ?? null,
				webhookSecret: secrets.webhookSecret,
				createdAt: deps.now(),
			})
			.returning()
		await recordActivity(tx, {
			customerId: auth.customerId,
			actorUserId: auth.id,
			type: 'partner_keys.created',
			description: `${auth.firstName} created the partner key ${body.name} (${secrets.publicKey})`,
		})
		return made!
	})
	return { ...serializePartnerKey(key), secret_key: secrets.secretKey, webhook_secret: secrets.webhookSecret }
}

export async function revokePartnerKey(deps: Deps, auth: AuthUser, id: string) {
	return deps.db.transaction(async (tx) => {
		const [key] = await tx
			.select()
			.from(partnerKeys)
			.where(and(eq(partnerKeys.id, id), eq(partnerKeys.customerId, auth.customerId)))
		if (!key) throw notFound(KEY_NOT_FOUND)
		if (key.revokedAt) return key
		const [revoked] = await tx.update(partnerKeys).set({ revokedAt: deps.now() }).where(eq(partnerKeys.id, id)).returning()
		// Sessions it opened end with it.
		await tx
			.update(kitSessions)
			.set({ status: 'closed' })
			.where(and(eq(kitSessions.partnerKeyId, id), inArray(kitSessions.status, ['created', 'open'])))
		await recordActivity(tx, {
			customerId: auth.customerId,
			actorUserId: auth.id,
			type: 'partner_keys.revoked',
			description: `${auth.firstName} revoked the partner key ${key.name} (${key.publicKey})`,
		})
		return revoked!
	})
}

const SECRET_MISSING = 'Send your secret key: Authorization: Bearer sk_kit_….'
const SECRET_INVALID = 'That secret key is not valid, or it was revoked.'

/** The partner whose secret key is in the Authorization header, or a 401. */
export async function partnerOf(db: Db, header: string | undefined) {
	const secret = secretKeyOf(header)
	if (!secret) throw new ApiError(401, header ? SECRET_INVALID : SECRET_MISSING)
	const [key] = await db
		.select()
		.from(partnerKeys)
		.where(and(eq(partnerKeys.secretHash, hashSecretKey(secret)), isNull(partnerKeys.revokedAt)))
	if (!key) throw new ApiError(401, SECRET_INVALID)
	return key
}

/** A kit session, and its payload: the `inspectionSdk` value. */
