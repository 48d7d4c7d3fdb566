import { and, desc, eq } from 'drizzle-orm'
import { z } from 'zod'
import { Id } from '../contract/common.ts'
import { Card } from '../contract/wallet.ts'
import { type Db, lockKey, type Tx } from '../db/client.ts'
import { cards } from '../db/schema.ts'
import { defineRoute } from '../http.ts'
import { notFound } from '../errors.ts'
import { recordActivity } from '../services/accounts.ts'
import { listCards, serializeCard } from '../services/payments.ts'
import { capitalized } from '../domain/text.ts'

const IdParams = z.object({ id: Id })
const CardsResponse = z.array(Card)

/** Changes to a business's cards one at a time, so there is never more than one default. */
function withCards<T>(db: Db, customerId: string, fn: (tx: Tx) => Promise<T>) {
	return db.transaction(async (tx) => {
		await lockKey(tx, 'cards', customerId)
		return fn(tx)
	})
}

const describe = (card: typeof cards.$inferSelect) => `${capitalized(card.brand)} card ending ${card.last4}`

export const cardRoutes = [
	defineRoute({
		method: 'get',
		path: '/cards',
		summary: 'The cards saved from successful payments, the default first',
		tag: 'cards',
		auth: 'user',
		permission: 'wallet.view',
		response: CardsResponse,
		handler: async ({ auth, deps }) => ({ data: (await listCards(deps.db, auth.customerId)).map(serializeCard) }),
	}),
	defineRoute({
		method: 'post',
		path: '/cards/:id/default',
		summary: 'Make a saved card the default',
		tag: 'cards',
		auth: 'user',
		permission: 'cards.manage',
		params: IdParams,
		response: CardsResponse,
		handler: async ({ params, auth, deps }) => {
			await withCards(deps.db, auth.customerId, async (tx) => {
				const [card] = await tx
					.select()
					.from(cards)
					.where(and(eq(cards.id, params.id), eq(cards.customerId, auth.customerId)))
				if (!card) throw notFound('card')
				if (card.isDefault) return
				await tx
					.update(cards)
					.set({ isDefault: false })
					.where(and(eq(cards.customerId, auth.customerId), eq(cards.isDefault, true)))
				await tx.update(cards).set({ isDefault: true }).where(eq(cards.id, card.id))
				await recordActivity(tx, {
					customerId: auth.customerId,
					actorUserId: auth.id,
					type: 'cards.default_changed',
					description: `${auth.firstName} made the ${describe(card)} the default card`,
				})
			})
			return { data: (await listCards(deps.db, auth.customerId)).map(serializeCard), message: 'Default card changed.' }
		},
	}),
	defineRoute({
		method: 'delete',
		path: '/cards/:id',
		summary: 'Remove a saved card; the newest other card becomes the default',
		tag: 'cards',
		auth: 'user',
		permission: 'cards.manage',
		params: IdParams,
		response: CardsResponse,
		handler: async ({ params, auth, deps }) => {
			await withCards(deps.db, auth.customerId, async (tx) => {
				const [card] = await tx
					.delete(cards)
					.where(and(eq(cards.id, params.id), eq(cards.customerId, auth.customerId)))
					.returning()
				if (!card) throw notFound('card')
				if (card.isDefault) {
					const [next] = await tx
						.select({ id: cards.id })
						.from(cards)
						.where(eq(cards.customerId, auth.customerId))
						.orderBy(desc(cards.createdAt))
						.limit(1)
					if (next) await tx.update(cards).set({ isDefault: true }).where(eq(cards.id, next.id))
				}
				await recordActivity(tx, {
					customerId: auth.customerId,
					actorUserId: auth.id,
					type: 'cards.removed',
					description: `${auth.firstName} removed the ${describe(card)}`,
				})
			})
			return { data: (await listCards(deps.db, auth.customerId)).map(serializeCard), message: 'Card removed.' }
		},
	}),
]
