import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { preparedOnce } from '../db/prepared-once.ts'
import { rolePermissions, tokens, users } from '../db/schema.ts'
import { TOKEN_ROTATION_GRACE_MS, TOKEN_TTL_MS, shouldRotate } from '../domain/auth-rules.ts'
import type { AuthUser } from '../http.ts'

export function randomToken() {
	return randomBytes(32).toString('base64url')
}

export function sha256(value: string) {
	return createHash('sha256').update(value).digest('hex')
}

export async function issueToken(db: Db, userId: string, now: Date) {
	const token = randomToken()
	await db.insert(tokens).values({
		userId,
		tokenHash: sha256(token),
		createdAt: now,
		expiresAt: new Date(now.getTime() + TOKEN_TTL_MS),
	})
	return token
}

/** The lookup of a token, built once: every signed-in request makes it (decision 131). */
const tokenLookup = (db: Db) =>
	preparedOnce(db, 'token', () =>
		db
			.select({
				tokenId: tokens.id,
				createdAt: tokens.createdAt,
				rotatedAt: tokens.rotatedAt,
				id: users.id,
				customerId: users.customerId,
				roleId: users.roleId,
				email: users.email,
				firstName: users.firstName,
				emailVerifiedAt: users.emailVerifiedAt,
				permissions: sql<
					string[]
				>`coalesce((select array_agg(${rolePermissions.permission}) from ${rolePermissions} where ${rolePermissions.roleId} = ${users.roleId}), '{}')`,
			})
			.from(tokens)
			.innerJoin(users, eq(users.id, tokens.userId))
			.where(
				and(
					eq(tokens.tokenHash, sql.placeholder('hash')),
					isNull(tokens.revokedAt),
					gt(tokens.expiresAt, sql.placeholder('now')),
					eq(users.status, 'active'),
				),
			),
	)

/** The user behind a bearer token, with a replacement token when this one is due for rotation. */
export async function authenticate(db: Db, token: string, now: Date): Promise<{ auth: AuthUser; newToken?: string } | null> {
	const [row] = await tokenLookup(db).execute({ hash: sha256(token), now: now.toISOString() })
	if (!row) return null
	const { createdAt, rotatedAt, ...auth } = row
	if (!shouldRotate(createdAt, rotatedAt, now)) return { auth }
	const newToken = await db.transaction(async (tx) => {
		const claimed = await tx
			.update(tokens)
			.set({
				rotatedAt: now,
				expiresAt: sql`least(${tokens.expiresAt}, ${new Date(now.getTime() + TOKEN_ROTATION_GRACE_MS)})`,
			})
			.where(and(eq(tokens.id, row.tokenId), isNull(tokens.rotatedAt)))
			.returning({ id: tokens.id })
		// Another request rotated it first: this one carries on with the old token's grace.
		if (claimed.length === 0) return undefined
		return issueToken(tx, row.id, now)
	})
	return { auth, newToken }
}

export async function revokeToken(db: Db, tokenId: string, now: Date) {
	await db.update(tokens).set({ revokedAt: now }).where(eq(tokens.id, tokenId))
}

/** Revoke every token of a user, but the one named in `except`. */
export async function revokeAllTokens(db: Db, userId: string, now: Date, except?: string) {
	await db
		.update(tokens)
		.set({ revokedAt: now })
		.where(and(eq(tokens.userId, userId), isNull(tokens.revokedAt), except ? sql`${tokens.id} <> ${except}` : undefined))
}
