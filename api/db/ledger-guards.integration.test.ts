import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { beforeAll, expect, test } from 'vitest'
import type { Db, Tx } from '#api/db/client.ts'
import { ledgerAccounts, ledgerEntries, ledgerTransfers } from '#api/db/schema.ts'
import { fundingTransfer, withdrawalTransfer } from '#api/domain/ledger.ts'
import { isOverdraft, postTransfer, walletBalance } from '#api/services/ledger.ts'
import { reconcile } from '#api/services/reconcile.ts'
import { postTransferAt, stampLedgerAt } from '#api/db/seed/ledger-time.ts'
import { describeApi, testApi } from '#tests/support/test-api.ts'

// What the database itself refuses, whatever the code above it does (migrations 0003_ledger_guards and
// 0029_ledger_seed_time).

type Ctx = Awaited<ReturnType<typeof testApi>>

/** The error a statement or transaction fails with, or null when it succeeds. */
async function failure(work: Promise<unknown>) {
	try {
		await work
		return null
	} catch (error) {
		let e = error as { message: string; cause?: unknown }
		while (e.cause) e = e.cause as typeof e
		return e.message
	}
}

/** Runs `fn` in a transaction that is always rolled back, answering what it answered. */
async function rolledBack<T>(db: Db, fn: (tx: Tx) => Promise<T>) {
	let result: T | undefined
	await db
		.transaction(async (tx) => {
			result = await fn(tx)
			throw new Error('roll back')
		})
		.catch((error: Error) => {
			if (error.message !== 'roll back') throw error
		})
	return result as T
}

describeApi('the ledger in the database', () => {
	let ctx: Ctx
	let customerId: string
	let transferId: string

	beforeAll(async () => {
		ctx = await testApi()
		;({ customerId } = await ctx.createAccount())
		;({ id: transferId } = await ctx.db.transaction((tx) =>
			postTransfer(tx, fundingTransfer({ customerId, amount: 10_000, reference: `ref-${randomUUID()}` })),
		))
	})

	const wallet = async () =>
		(
			await ctx.db
				.select()
				.from(ledgerAccounts)
				.where(and(eq(ledgerAccounts.kind, 'wallet'), eq(ledgerAccounts.customerId, customerId)))
		)[0]!

	test('a transfer posts its entries and moves the balances with them; its key makes it happen once', async () => {
		expect(await walletBalance(ctx.db, customerId)).toBe(10_000)
		const draft = fundingTransfer({ customerId, amount: 500, reference: `ref-${randomUUID()}` })
		const first = await ctx.db.transaction((tx) => postTransfer(tx, draft))
		const again = await ctx.db.transaction((tx) => postTransfer(tx, draft))
		expect(first.created).toBe(true)
		expect(again).toEqual({ id: first.id, created: false })
		expect(await walletBalance(ctx.db, customerId)).toBe(10_500)
	})

	test('entries and transfers are never updated, deleted or truncated', async () => {
		expect(await failure(ctx.db.update(ledgerEntries).set({ amount: 1 }).where(eq(ledgerEntries.transferId, transferId)))).toBe(
			'the ledger is append-only: UPDATE on ledger_entries is refused',
		)
		expect(await failure(ctx.db.delete(ledgerEntries).where(eq(ledgerEntries.transferId, transferId)))).toBe(
			'the ledger is append-only: DELETE on ledger_entries is refused',
		)
		expect(await failure(ctx.db.update(ledgerTransfers).set({ description: 'changed' }).where(eq(ledgerTransfers.id, transferId)))).toBe(
			'the ledger is append-only: UPDATE on ledger_transfers is refused',
		)
		expect(await failure(ctx.db.delete(ledgerTransfers).where(eq(ledgerTransfers.id, transferId)))).toContain('append-only')
		expect(await failure(ctx.db.execute(sql`truncate ledger_entries, ledger_transfers cascade`))).toContain('append-only')
	})

	test('a balance changes only by entries, and an account opens at ₦0', async () => {
		const { id } = await wallet()
		expect(await failure(ctx.db.update(ledgerAccounts).set({ balance: 1_000_000 }).where(eq(ledgerAccounts.id, id)))).toBe(
			'a ledger balance changes only by inserting entries',
		)
		expect(
			await failure(
				ctx.db.insert(ledgerAccounts).values({ kind: 'wallet', customerId: (await ctx.createAccount()).customerId, balance: 5 }),
			),
		).toBe('a ledger account opens with a balance of 0')
		expect(await failure(ctx.db.insert(ledgerAccounts).values({ kind: 'fees' }))).toContain('duplicate key')
	})

	test("a transfer's entries must sum to zero, two or more, when the transaction commits; nothing of it stays", async () => {
		const { id, balance } = await wallet()
		const [clearing] = await ctx.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.kind, 'gateway_clearing'))
		const attempt = (amounts: number[]) =>
			failure(
				ctx.db.transaction(async (tx) => {
					const [t] = await tx
						.insert(ledgerTransfers)
						.values({ idempotencyKey: `bad-${randomUUID()}`, kind: 'funding', customerId, reference: 'bad', description: 'bad' })
						.returning()
					const accounts = [id, clearing!.id]
					if (amounts.length)
						await tx.insert(ledgerEntries).values(amounts.map((amount, i) => ({ transferId: t!.id, accountId: accounts[i]!, amount })))
				}),
			)
		expect(await attempt([100, -99])).toMatch(/^ledger transfer [0-9a-f-]+ does not balance: 2 entries summing to 1$/)
		expect(await attempt([100])).toMatch(/does not balance: 1 entries summing to 100$/)
		expect(await attempt([])).toMatch(/does not balance: 0 entries summing to 0$/)
		expect(await attempt([0, 0])).toContain('ledger_entries_not_zero')
		expect((await wallet()).balance).toBe(balance)
		expect(await ctx.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.reference, 'bad'))).toEqual([])
	})

	test('entries join only a transfer written in their own transaction', async () => {
		const { id } = await wallet()
		const [clearing] = await ctx.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.kind, 'gateway_clearing'))
		const late = ctx.db.insert(ledgerEntries).values([
			{ transferId, accountId: id, amount: 50 },
			{ transferId, accountId: clearing!.id, amount: -50 },
		])
		expect(await failure(late)).toBe(`entries are written with their transfer, in its transaction (transfer ${transferId})`)
	})

	test('a transaction may date its transfers earlier (the demo seed does), never later, and only itself', async () => {
		const stampOf = async (id: string) =>
			(await ctx.db.select({ at: ledgerTransfers.createdAt }).from(ledgerTransfers).where(eq(ledgerTransfers.id, id)))[0]!.at
		const monthAgo = new Date(Date.now() - 30 * 86_400_000)
		const dated = await ctx.db.transaction((tx) =>
			postTransferAt(tx, fundingTransfer({ customerId, amount: 5, reference: `ref-${randomUUID()}` }), monthAgo),
		)
		expect((await stampOf(dated.id)).toISOString()).toBe(monthAgo.toISOString())
		const { rows } = (await ctx.db.execute(sql`select current_setting('ledger.seed_time', true) as seed`)) as unknown as {
			rows: [{ seed: string | null }]
		}
		expect(rows[0].seed ?? '').toBe('')
		// A time to come is not taken: the transfer is stamped with its transaction's start.
		const before = Date.now()
		const future = await ctx.db.transaction((tx) =>
			postTransferAt(tx, fundingTransfer({ customerId, amount: 5, reference: `ref-${randomUUID()}` }), new Date(Date.now() + 86_400_000)),
		)
		expect((await stampOf(future.id)).getTime()).toBeLessThanOrEqual(Date.now())
		expect((await stampOf(future.id)).getTime()).toBeGreaterThanOrEqual(before - 1_000)
		// The next transaction, with no stamp of its own, is stamped with its own start.
		const plain = await ctx.db.transaction((tx) =>
			postTransfer(tx, fundingTransfer({ customerId, amount: 5, reference: `ref-${randomUUID()}` })),
		)
		expect((await stampOf(plain.id)).getTime()).toBeGreaterThanOrEqual(before - 1_000)
		// A dated transaction still cannot add entries to a transfer of another.
		const { id } = await wallet()
		const [clearing] = await ctx.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.kind, 'gateway_clearing'))
		const earlier = await stampOf(dated.id)
		const late = ctx.db.transaction(async (tx) => {
			await stampLedgerAt(tx, earlier)
			await tx.insert(ledgerEntries).values([
				{ transferId: plain.id, accountId: id, amount: 5 },
				{ transferId: plain.id, accountId: clearing!.id, amount: -5 },
			])
		})
		expect(await failure(late)).toBe(`entries are written with their transfer, in its transaction (transfer ${plain.id})`)
	})

	test('a wallet never goes below zero', async () => {
		const { balance } = await wallet()
		const draft = withdrawalTransfer({ id: randomUUID(), customerId, amount: balance, fee: 10, reference: `wd-${randomUUID()}` })
		let error: unknown
		await ctx.db
			.transaction((tx) => postTransfer(tx, draft))
			.catch((e: unknown) => {
				error = e
			})
		expect(isOverdraft(error)).toBe(true)
		expect((await wallet()).balance).toBe(balance)
	})

	test('reconciliation finds a balance that differs from its entries, and a transfer that does not balance', async () => {
		expect((await reconcile(ctx.db)).problems).toEqual([])
		const { id } = await wallet()
		const problems = await rolledBack(ctx.db, async (tx) => {
			// Only a superuser turning the triggers off can do this; reconciliation still notices.
			await tx.execute(sql`set local session_replication_role = replica`)
			await tx
				.update(ledgerAccounts)
				.set({ balance: sql`${ledgerAccounts.balance} + 7` })
				.where(eq(ledgerAccounts.id, id))
			const [t] = await tx
				.insert(ledgerTransfers)
				.values({ idempotencyKey: `forged-${randomUUID()}`, kind: 'funding', customerId, reference: 'forged', description: 'forged' })
				.returning()
			await tx.insert(ledgerEntries).values({ transferId: t!.id, accountId: id, amount: 3 })
			return (await reconcile(tx)).problems
		})
		expect(problems).toEqual([
			expect.stringMatching(
				new RegExp(`^account ${id} \\(wallet of customer ${customerId}\\): balance \\d+ but its entries sum to \\d+ \\(difference 4\\)$`),
			),
			expect.stringMatching(/^transfer [0-9a-f-]+ \(forged-[0-9a-f-]+\): 1 entries summing to 3$/),
			'all balances sum to 7, not 0: Naira were created or lost',
		])
		expect((await reconcile(ctx.db)).problems).toEqual([])
	})
})
