import { eq, inArray } from 'drizzle-orm'
import { beforeAll, describe, expect, inject, test } from 'vitest'
import { claimPayouts, claims, ledgerAccounts, ledgerTransfers } from '#api/db/schema.ts'
import { ApiError } from '#api/errors.ts'
import { PENDING_MAX_AGE_MS, recoverPayouts } from '#api/jobs/recovery.ts'
import type { PaymentGateway } from '#api/payments/index.ts'
import { SIGNATURE_HEADER, sign } from '#api/payments/events.ts'
import { transferEvent } from '#api/payments/sandbox.ts'
import { reconcile } from '#api/services/reconcile.ts'
import { acceptedClaim, insertPolicy, signInOperator } from '#tests/support/claims.ts'
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
				calls++
				// Every third call the gateway never hears of it; every fifth it takes it and we never hear back.
				if (calls % 3 === 0) {
					faults.before++
					throw new ApiError(502, 'The payment service did not answer.')
				}
				const transfer = await base.sandbox.initiateTransfer(input)
				if (calls % 5 === 0) {
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

		// The job finishes what the faults left: some rounds, the clock moved past the age it waits for.
		for (let round = 0; round < 4; round++) {
			ctx.advanceClock(PENDING_MAX_AGE_MS + 1_000)
			await Promise.all([recoverPayouts(ctx.deps), recoverPayouts(ctx.deps)])
			await ctx.sandbox.idle()
		}
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
		for (let round = 0; round < 4; round++) {
			ctx.advanceClock(PENDING_MAX_AGE_MS + 1_000)
			await recoverPayouts(ctx.deps)
			await ctx.sandbox.idle()
		}

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
