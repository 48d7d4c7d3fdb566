import { eq } from 'drizzle-orm'
import { beforeAll, expect, test } from 'vitest'
import { ledgerTransfers, payments, withdrawals } from '#api/db/schema.ts'
import { chargeSuccessEvent } from '#api/payments/sandbox.ts'
import { reconcile } from '#api/services/reconcile.ts'
import { describeApi, testApi } from '#tests/support/test-api.ts'
import { balanceOf, fund, newKey, startFunding, webhook } from '#tests/support/wallet.ts'

// Requests sent at once against one wallet. On PGlite they run one after another; on PostgreSQL they
// race for the same rows, which is what this is for.

type Ctx = Awaited<ReturnType<typeof testApi>>
type Account = Awaited<ReturnType<Ctx['createAccount']>>

describeApi('money moved at once', () => {
	let ctx: Ctx
	let owner: Account

	beforeAll(async () => {
		ctx = await testApi()
		owner = await ctx.createAccount()
	})

	test('12 withdrawals at once from a wallet that holds 4 of them: 4 are debited, the rest refused, never below zero', async () => {
		await fund(ctx, owner, 10_000)
		// Different members: each may receive 3 codes in 15 minutes.
		const members: Account[] = []
		for (let i = 0; i < 12; i++) members.push(await ctx.createMember(owner, 'Finance'))
		const results = await Promise.all(
			members.map((m) =>
				ctx.call('POST', '/wallet/withdraw', {
					token: m.token,
					body: { amount: 2_000, bank_code: '058', account_number: '0123456780', idempotency_key: newKey() },
				}),
			),
		)
		const statuses = results.map((r) => r.status).sort()
		expect(statuses).toEqual([...Array(4).fill(201), ...Array(8).fill(400)])
		for (const refused of results.filter((r) => r.status === 400)) {
			expect(refused.body.message).toMatch(/^Your wallet has ₦\d[\d,]*: not enough for ₦2,000 plus the ₦10 transfer fee\.$/)
		}
		expect(await balanceOf(ctx, owner)).toBe(10_000 - 4 * 2_010)
		expect(await ctx.db.select().from(withdrawals).where(eq(withdrawals.customerId, owner.customerId))).toHaveLength(4)
		expect((await reconcile(ctx.db)).problems).toEqual([])
	})

	test('one idempotency key sent 10 times at once makes one payment', async () => {
		const key = newKey()
		const results = await Promise.all(Array.from({ length: 10 }, () => startFunding(ctx, owner, 3_000, key)))
		expect(results.map((r) => r.status)).toEqual(Array(10).fill(201))
		expect(new Set(results.map((r) => r.body.data.reference)).size).toBe(1)
		expect(await ctx.db.select().from(payments).where(eq(payments.idempotencyKey, key))).toHaveLength(1)
	})

	test('webhooks for 8 payments, each delivered 4 times at once and mixed with callbacks, credit each once', async () => {
		const account = await ctx.createAccount()
		const references: string[] = []
		for (let i = 1; i <= 8; i++) references.push((await startFunding(ctx, account, i * 1_000)).body.data.reference)
		const events = references.map((reference, i) =>
			chargeSuccessEvent({ reference, amountKobo: (i + 1) * 100_000, email: account.email, paidAt: new Date() }),
		)
		const calls = events.flatMap((event) => [
			...Array.from({ length: 4 }, () => () => webhook(ctx, event)),
			() => ctx.call('POST', '/payments/verify', { body: { reference: event.data.reference } }),
		])
		calls.sort(() => Math.random() - 0.5)
		const results = await Promise.all(calls.map((call) => call()))
		expect(results.every((r) => r.status === 200)).toBe(true)
		expect(await balanceOf(ctx, account)).toBe(36_000)
		for (const reference of references) {
			expect(await ctx.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.reference, reference))).toHaveLength(1)
		}
		expect((await reconcile(ctx.db)).problems).toEqual([])
	})
})
