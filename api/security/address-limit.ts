import { and, eq, gt, lte, sql } from 'drizzle-orm'
import { type Db, lockKey } from '../db/client.ts'
import { addressHits } from '../db/schema.ts'
import { ADDRESS_LIMITS, type AddressAction } from '../domain/auth-rules.ts'
import { ApiError } from '../errors.ts'
import { isLoopback } from './client-address.ts'

/**
 * Count one `action` from `address`, refusing with 429 once its window is full. The machine itself
 * (and an address not known) is not counted: without TRUST_PROXY a local proxy would put every client
 * on one loopback address and one limit. Returns the hit, so a sign-in that proves right can take it back.
 */
export async function takeAddressHit(db: Db, address: string | null, action: AddressAction, now: Date) {
	if (address === null || isLoopback(address)) return null
	const limit = ADDRESS_LIMITS[action]
	const since = new Date(now.getTime() - limit.windowMs)
	return db.transaction(async (tx) => {
		// Requests sent at once must not all count the same earlier hits.
		await lockKey(tx, 'address', `${action} ${address}`)
		await tx
			.delete(addressHits)
			.where(and(eq(addressHits.address, address), eq(addressHits.action, action), lte(addressHits.createdAt, since)))
		const [{ count }] = (await tx
			.select({ count: sql<number>`count(*)::int` })
			.from(addressHits)
			.where(and(eq(addressHits.address, address), eq(addressHits.action, action), gt(addressHits.createdAt, since)))) as [
			{ count: number },
		]
		if (count >= limit.max) throw new ApiError(429, limit.message)
		const [hit] = await tx.insert(addressHits).values({ address, action, createdAt: now }).returning({ id: addressHits.id })
		return hit!.id
	})
}

export async function forgetAddressHit(db: Db, hitId: string | null) {
	if (hitId) await db.delete(addressHits).where(eq(addressHits.id, hitId))
}
