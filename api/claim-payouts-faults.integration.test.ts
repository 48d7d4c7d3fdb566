import { randomUUID } from 'node:crypto'
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { type Database, openDatabase } from '#api/db/client.ts'
import { createOperator } from '#api/db/seed/index.ts'
import { claimPayouts, claims, customers, ledgerAccounts, ledgerTransfers, roles, users } from '#api/db/schema.ts'
import { claimReserveTransfer } from '#api/domain/ledger.ts'
import { ApiError } from '#api/errors.ts'
import { PENDING_MAX_AGE_MS, recoverPayouts } from '#api/jobs/recovery.ts'
import type { PaymentGateway } from '#api/payments/index.ts'
import { SIGNATURE_HEADER, sign } from '#api/payments/events.ts'
import { transferEvent } from '#api/payments/sandbox.ts'
import { postTransfer } from '#api/services/ledger.ts'
import { reconcile } from '#api/services/reconcile.ts'
import { issueToken } from '#api/security/tokens.ts'
import { acceptedClaim, insertPolicy, signInOperator } from '#tests/support/claims.ts'
import { ApiProcess, freePort } from '#tests/support/api-process.ts'
import { createTestDatabase } from '#tests/support/postgres.ts'
import { retryingClient } from '#tests/support/retrying-client.ts'
import { TEST_WEBHOOK_SECRET, testApi } from '#tests/support/test-api.ts'
import { balanceOf } from '#tests/support/wallet.ts'

// Claims paid at once from many sides on PostgreSQL, where requests race for the same rows (PGlite
// runs them one after another: skipped there). Two operators approve and pay every claim several
// times at once, the bank's webhooks arrive twice, and the gateway fails in the two ways a crash
// looks like: before it took the transfer, and after it took it but before we heard. The recovery
// job then finishes what was left. Each claim is paid exactly once and the ledger reconciles.

const describePostgres = process.env.TEST_DB === 'postgres' && inject('postgresTemplate') ? describe : describe.skip

const CLAIMS = 16
const ATTEMPTS = 6
const THRESHOLD = 60_000

describePostgres('claim payouts under faults', () => {
	type Ctx = Awaited<ReturnType<typeof testApi>>
	let ctx: Ctx
	let owner: Awaited<ReturnType<Ctx['createAccount']>>
	let first: Awaited<ReturnType<typeof signInOperator>>
	let second: Awaited<ReturnType<typeof signInOperator>>
	const faults = { before: 0, after: 0 }

	beforeAll(async () => {
		const base = await testApi()
		let calls = 0
		const payments: PaymentGateway = {
			...base.sandbox,
			async initiateTransfer(input) {
				// Each call's own turn: read after the await, the shared count has moved on with the calls made meanwhile.
				const turn = ++calls
				// By turns: the gateway takes it and we never hear back; it never hears of it; it answers.
				if (turn % 3 === 2) {
					faults.before++
					throw new ApiError(502, 'The payment service did not answer.')
				}
				const transfer = await base.sandbox.initiateTransfer(input)
				if (turn % 3 === 1) {
					faults.after++
					throw new ApiError(502, 'The payment service did not answer.')
				}
				return transfer
			},
		}
		ctx = await testApi({ payments, env: { claimPayoutThreshold: THRESHOLD } })
		owner = await ctx.createAccount({ kyc: true })
		first = await signInOperator(ctx, 'Ifeoma')
		second = await signInOperator(ctx, 'Kunle')
	}, 60_000)

	const claimsPayable = async () =>
		Number((await ctx.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.kind, 'claims_payable')))[0]!.balance)

	test(`${CLAIMS} claims, each approved and paid ${ATTEMPTS} times at once by two operators: each paid once, the ledger balanced`, async () => {
		const started = Date.now()
		const walletBefore = await balanceOf(ctx, owner)
		// Half by bank (a quarter to accounts whose transfers the bank refuses), half into the wallet; some above the threshold.
		const plans = Array.from({ length: CLAIMS }, (_, i) => ({
			bank: i % 2 === 0,
			refused: i % 4 === 0,
			assessed: i % 3 === 0 ? 100_000 : 40_000,
		}))
		const ids = await Promise.all(
			plans.map(async (plan) =>
				acceptedClaim(ctx, owner, first, (await insertPolicy(ctx, owner.customerId)).id, { assessed: plan.assessed }),
			),
		)
		const owedBefore = await claimsPayable()
		// The claimants choose where they are paid, with the name the bank gives.
		for (const [i, id] of ids.entries()) {
			if (!plans[i]!.bank) continue
			const account = plans[i]!.refused ? '0123456789' : `01234567${String(10 + i)}`.slice(0, 10)
			const body = { bank_code: '058', account_number: account }
			const resolved = await ctx.call('POST', `/claims/${id}/payout/resolve`, { token: owner.token, body })
			expect(resolved.status).toBe(200)
			const chosen = await ctx.call('PUT', `/claims/${id}/payout`, {
				token: owner.token,
				body: { method: 'bank', ...body, account_name: resolved.body.data.account_name },
			})
			expect(chosen.status).toBe(200)
		}

		const pay = (id: string) =>
			Promise.all(
				Array.from({ length: ATTEMPTS }, (_, k) => [
					ctx.call('POST', `/desk/claims/${id}/approve-payout`, { token: first.token }),
					ctx.call('POST', `/desk/claims/${id}/pay`, { token: k % 2 ? second.token : first.token }),
				]).flat(),
			)
		const results = (await Promise.all(ids.map(pay))).flat()
		// Refusals are the rules' (409: not approved yet, approved by the payer, nothing to approve), never a 500.
		expect(results.filter((r) => r.status >= 500)).toEqual([])
		expect(new Set(results.map((r) => r.status))).toEqual(new Set([200, 409]))
		await ctx.sandbox.idle()

		// Webhooks delivered again, at once, for every transfer the gateway took.
		const taken = await ctx.db.select().from(claimPayouts).where(inArray(claimPayouts.claimId, ids))
		await Promise.all(
			taken
				.filter((p) => p.transferCode)
				.flatMap((p) => {
					const body = JSON.stringify(
						transferEvent({
							reference: p.reference,
							transferCode: p.transferCode!,
							amountKobo: p.amount * 100,
							status: p.accountNumber.endsWith('9') ? 'failed' : 'success',
							reason: p.accountNumber.endsWith('9') ? 'The beneficiary bank declined the transfer' : 'Approved',
						}),
					)
					const headers = { 'content-type': 'application/json', [SIGNATURE_HEADER]: sign(body, TEST_WEBHOOK_SECRET) }
					return [1, 2].map(() => ctx.call('POST', '/payments/webhook', { rawBody: body, headers }))
				}),
		)

		// The job finishes what the faults left, two at a time, the clock moved past the age it waits for.
		const settle = async () => {
			for (let round = 0; ; round++) {
				const under = await ctx.db.select().from(claimPayouts).where(eq(claimPayouts.status, 'processing'))
				if (under.length === 0) return
				expect(round, `${under.length} payouts still under way`).toBeLessThan(20)
				ctx.advanceClock(PENDING_MAX_AGE_MS + 1_000)
				await Promise.all([recoverPayouts(ctx.deps), recoverPayouts(ctx.deps)])
				await ctx.sandbox.idle()
			}
		}
		await settle()
		// Refused by the bank: the claimant picks another account and both operators pay again, at once.
		const refused = (await ctx.db.select().from(claims).where(inArray(claims.id, ids))).filter((c) => c.status === 'offer_accepted')
		for (const c of refused) {
			const body = { bank_code: '058', account_number: '0123456780' }
			const name = (await ctx.call('POST', `/claims/${c.id}/payout/resolve`, { token: owner.token, body })).body.data.account_name
			expect(
				(await ctx.call('PUT', `/claims/${c.id}/payout`, { token: owner.token, body: { method: 'bank', ...body, account_name: name } }))
					.status,
			).toBe(200)
		}
		await Promise.all(refused.map((c) => pay(c.id)))
		await ctx.sandbox.idle()
		await settle()

		const after = await ctx.db.select().from(claims).where(inArray(claims.id, ids))
		expect(after.map((c) => c.status)).toEqual(Array(CLAIMS).fill('paid'))
		for (const c of after) {
			const payouts = await ctx.db.select().from(claimPayouts).where(eq(claimPayouts.claimId, c.id))
			const walletPayouts = await ctx.db
				.select()
				.from(ledgerTransfers)
				.where(eq(ledgerTransfers.idempotencyKey, `claim:${c.id}:payout`))
			const succeeded = payouts.filter((p) => p.status === 'succeeded').length
			expect(succeeded + walletPayouts.length, `claim ${c.claimNumber}`).toBe(1)
			expect(c.payoutMethod === 'bank' ? succeeded : walletPayouts.length).toBe(1)
		}
		const walletPaid = after.filter((c) => c.payoutMethod === 'wallet').reduce((sum, c) => sum + c.offer!.payable, 0)
		expect(await balanceOf(ctx, owner)).toBe(walletBefore + walletPaid)
		// What was owed on these claims is all paid out, and nothing more.
		expect(await claimsPayable()).toBe(owedBefore - after.reduce((sum, c) => sum + c.offer!.payable, 0))
		expect(faults.before).toBeGreaterThan(0)
		expect(faults.after).toBeGreaterThan(0)
		expect((await reconcile(ctx.db)).problems).toEqual([])
		expect(Date.now() - started).toBeLessThan(60_000)
	}, 90_000)
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describePostgres('claim payouts with the API killed', () => {
	const KILLED_CLAIMS = 12
	let database: Database
	let server: ApiProcess

	afterAll(async () => {
		await server?.kill()
		await database?.close()
	})

	test('paid at once from all sides while the API is killed (SIGKILL) and started again: each claim paid once, the ledger reconciles', async () => {
		const url = await createTestDatabase(inject('postgresTemplate')!, 'claimkill')
		database = await openDatabase({ url, migrate: false })
		const { db } = database
		// Accepted offers written as the API leaves them: the claim, its offer, where it is paid, what is owed.
		const [owner] = await db
			.select({ id: roles.id })
			.from(roles)
			.where(and(isNull(roles.customerId), eq(roles.name, 'Owner')))
		const [customer] = await db.insert(customers).values({ kind: 'business', name: 'Killed Claims Ltd' }).returning()
		const [user] = await db
			.insert(users)
			.values({
				customerId: customer!.id,
				roleId: owner!.id,
				firstName: 'Ada',
				lastName: 'Eze',
				email: `killed-${randomUUID().slice(0, 8)}@example.test`,
				passwordHash: 'not-used',
				emailVerifiedAt: new Date(),
			})
			.returning()
		const ops = await Promise.all(
			['Ifeoma', 'Kunle'].map(async (name) => {
				const id = await createOperator(db, {
					email: `${name.toLowerCase()}-${randomUUID().slice(0, 6)}@desk.test`,
					firstName: name,
					lastName: 'Desk',
					password: 'Desk-pass-2026',
				})
				return issueToken(db, id, new Date())
			}),
		)
		const base = {
			customerId: customer!.id,
			customer: user!.id,
		}
		const ids: Array<{ id: string; method: 'wallet' | 'bank'; refused: boolean; payable: number }> = []
		for (let i = 0; i < KILLED_CLAIMS; i++) {
			const policy = await insertKilledPolicy(db, base.customerId)
			const method = i % 3 === 0 ? 'wallet' : 'bank'
			const refused = method === 'bank' && i % 4 === 1
			const payable = 20_000 + i * 1_000
			const [claim] = await db
				.insert(claims)
				.values({
					customerId: base.customerId,
					policyId: policy,
					claimNumber: `CL-KILL-${randomUUID().slice(0, 8)}`,
					status: 'offer_accepted',
					incidentType: 'theft',
					incidentDate: '2026-03-10',
					place: 'Yaba, Lagos',
					description: 'The phone was taken from my bag on the bus.',
					amount: payable,
					claimantName: 'Ada Eze',
					offer: { assessed: payable, parts_amount: 0, asset_age_years: 0, excess: 0, betterment: 0, payable },
					payoutMethod: method,
					payoutBank:
						method === 'bank'
							? {
									bank_code: '058',
									bank_name: 'Guaranty Trust Bank',
									account_number: refused
										? '0123456789'
										: `01234567${String(10 + i)
												.slice(-2)
												.replace('9', '8')}`,
									account_name: 'ANY NAME',
								}
							: null,
					createdBy: base.customer,
				})
				.returning()
			await db.transaction((tx) =>
				postTransfer(
					tx,
					claimReserveTransfer({ claimId: claim!.id, customerId: base.customerId, amount: payable, reference: claim!.claimNumber }),
				),
			)
			ids.push({ id: claim!.id, method, refused, payable })
		}

		server = new ApiProcess(await freePort(), {
			DATABASE_URL: url,
			DATABASE_POOL_SIZE: '8',
			PAYMENT_GATEWAY: 'sandbox',
			SANDBOX_SECRET_KEY: `claim-kill-${randomUUID()}`,
		})
		await server.start()
		const started = Date.now()
		const { request } = retryingClient(server)
		let working = true
		let kills = 0
		const killer = (async () => {
			while (working && kills < 2) {
				await sleep(300 + Math.random() * 700)
				if (!working) break
				await server.kill()
				kills++
				await server.start(60_000)
			}
		})()
		try {
			const answers = await Promise.all(
				ids.flatMap((c) => Array.from({ length: 4 }, (_, k) => request('POST', `/desk/claims/${c.id}/pay`, { token: ops[k % 2]! }))),
			)
			// Every answer is the API's: paid, under way, or refused by the rules (never a 5xx: those are retried).
			expect(answers.every((a) => a.status === 200 || a.status === 409)).toBe(true)
		} finally {
			working = false
			await killer
		}
		expect(kills).toBeGreaterThan(0)

		// What the kills left under way is older than the recovery's threshold (moved back, not waited
		// for); the API is killed once more, and the recovery it runs at start finishes it.
		await db
			.update(claimPayouts)
			.set({ updatedAt: sql`${claimPayouts.updatedAt} - ${`${PENDING_MAX_AGE_MS + 60_000} milliseconds`}::interval` })
			.where(eq(claimPayouts.status, 'processing'))
		await server.kill()
		await server.start()
		for (let tries = 0; ; tries++) {
			const under = await db.select({ id: claimPayouts.id }).from(claimPayouts).where(eq(claimPayouts.status, 'processing'))
			if (under.length === 0) break
			expect(tries, `${under.length} payouts still with the bank`).toBeLessThan(150)
			await sleep(100)
		}
		// Claims whose pay request died with the API before its commit are paid by the desk again.
		for (const c of ids) {
			const [row] = await db.select({ status: claims.status }).from(claims).where(eq(claims.id, c.id))
			if (row!.status === 'offer_accepted' && !c.refused) await request('POST', `/desk/claims/${c.id}/pay`, { token: ops[0]! })
		}
		for (let tries = 0; ; tries++) {
			const under = await db.select({ id: claimPayouts.id }).from(claimPayouts).where(eq(claimPayouts.status, 'processing'))
			if (under.length === 0) break
			expect(tries).toBeLessThan(150)
			await sleep(100)
		}
		await server.kill()

		for (const c of ids) {
			const [row] = await db.select().from(claims).where(eq(claims.id, c.id))
			const attempts = await db.select().from(claimPayouts).where(eq(claimPayouts.claimId, c.id))
			const wallet = await db
				.select()
				.from(ledgerTransfers)
				.where(eq(ledgerTransfers.idempotencyKey, `claim:${c.id}:payout`))
			const succeeded = attempts.filter((a) => a.status === 'succeeded').length
			if (c.refused) {
				// The bank refuses every transfer to this account: still owed, never paid.
				expect(row!.status).toBe('offer_accepted')
				expect(succeeded + wallet.length).toBe(0)
				expect(attempts.every((a) => a.status === 'failed')).toBe(true)
			} else {
				expect(row!.status, row!.claimNumber).toBe('paid')
				expect(c.method === 'bank' ? [succeeded, wallet.length] : [succeeded, wallet.length]).toEqual(c.method === 'bank' ? [1, 0] : [0, 1])
			}
		}
		const owed = ids.filter((c) => c.refused).reduce((sum, c) => sum + c.payable, 0)
		const [payable] = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.kind, 'claims_payable'))
		expect(Number(payable!.balance)).toBe(owed)
		expect((await reconcile(db)).problems).toEqual([])
		expect(Date.now() - started).toBeLessThan(60_000)
	}, 120_000)
})

/** A gadget policy of the customer, written as a purchase leaves it. */
async function insertKilledPolicy(db: Database['db'], customerId: string) {
	const result = (await db.execute(
		sql`with p as (insert into purchases (customer_id, idempotency_key, product_id, input, quote, amount, payment_option, status)
			values (${customerId}, ${randomUUID()}, 5, ${JSON.stringify({ product_id: 5, device_value: 250_000 })}::jsonb, '{}'::jsonb, 0, 'subscription', 'subscribed') returning id)
			insert into policies (customer_id, purchase_id, kind, product_id, policy_number, status, premium, period, cover_start, cover_end)
			select ${customerId}, p.id, 'policy', 5, ${`CP-KILL-${randomUUID().slice(0, 12)}`}, 'active', 10000, 'annual', '2026-01-01', '2099-12-31' from p
			returning id`,
	)) as unknown as { rows: Array<{ id: string }> }
	return result.rows[0]!.id
}
