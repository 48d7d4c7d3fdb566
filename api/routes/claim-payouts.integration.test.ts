import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { beforeAll, expect, test } from 'vitest'
import { claimPayouts, employees, ledgerAccounts, ledgerTransfers, policyEvents, staff } from '#api/db/schema.ts'
import { ApiError } from '#api/errors.ts'
import { PENDING_MAX_AGE_MS, recoverPayouts } from '#api/jobs/recovery.ts'
import type { PaymentGateway } from '#api/payments/index.ts'
import { SIGNATURE_HEADER, sign } from '#api/payments/events.ts'
import { transferEvent } from '#api/payments/sandbox.ts'
import { reconcile } from '#api/services/reconcile.ts'
import { acceptedClaim, insertPolicy, signInOperator } from '#tests/support/claims.ts'
import { describeApi, TEST_WEBHOOK_SECRET, testApi } from '#tests/support/test-api.ts'
import { balanceOf } from '#tests/support/wallet.ts'

// Claims paid to a bank account by a gateway transfer (docs/decisions/108-claim-bank-payouts.md): the
// claimant's choice with the resolved name, the desk's payment, the bank's answer (paid, refused, sent
// back), the job that finishes a payout a crash left, and claims refused on ended cover.

type Ctx = Awaited<ReturnType<typeof testApi>>
type Account = Awaited<ReturnType<Ctx['createAccount']>>

const GOOD = { bank_code: '058', account_number: '0123456780' } // CHINEDU OBI in the sandbox
const REFUSED = { bank_code: '044', account_number: '0123456789' } // AMINA BELLO: the sandbox's transfers to ...9 fail

describeApi('claim payouts to a bank account', () => {
	let ctx: Ctx
	let owner: Account
	let other: Account
	let operator: Awaited<ReturnType<typeof signInOperator>>
	let second: Awaited<ReturnType<typeof signInOperator>>

	beforeAll(async () => {
		ctx = await testApi({ env: { claimPayoutThreshold: 100_000 } })
		owner = await ctx.createAccount({ kyc: true })
		other = await ctx.createAccount({ kyc: true })
		operator = await signInOperator(ctx)
		second = await signInOperator(ctx, 'Kunle')
	})

	/** Each claim on its own device, so their limits do not add up. */
	const fresh = async () => (await insertPolicy(ctx, owner.customerId)).id
	const claimOf = async (id: string, token = owner.token) => (await ctx.call('GET', `/claims/${id}`, { token })).body.data
	const payoutsOf = (claimId: string) => ctx.db.select().from(claimPayouts).where(eq(claimPayouts.claimId, claimId))
	const systemBalance = async (kind: 'claims_payable' | 'payouts_in_transit') =>
		Number((await ctx.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.kind, kind)))[0]!.balance)

	test('the claimant checks an account, sees its name and chooses it; bad input, no token, another business and a wrong name are refused', async () => {
		const id = await acceptedClaim(ctx, owner, operator, await fresh())
		expect((await ctx.call('POST', `/claims/${id}/payout/resolve`, { body: GOOD })).status).toBe(401)
		expect((await ctx.call('GET', '/payout-banks', { token: owner.token })).body.data).toContainEqual({
			code: '058',
			name: 'Guaranty Trust Bank',
		})
		expect(
			await ctx.call('POST', `/claims/${id}/payout/resolve`, { token: owner.token, body: { bank_code: '058', account_number: '12' } }),
		).toMatchObject({ status: 400, body: { errors: [{ path: 'account_number', message: 'Enter the 10-digit account number.' }] } })
		expect(
			await ctx.call('POST', `/claims/${id}/payout/resolve`, {
				token: owner.token,
				body: { bank_code: '058', account_number: '0001234567' },
			}),
		).toMatchObject({ status: 400, body: { message: 'We could not find that account at that bank. Check the number and the bank.' } })
		const resolved = await ctx.call('POST', `/claims/${id}/payout/resolve`, { token: owner.token, body: GOOD })
		expect(resolved.body.data).toEqual({ ...GOOD, bank_name: 'Guaranty Trust Bank', account_name: 'CHINEDU OBI' })
		expect((await ctx.call('POST', `/claims/${id}/payout/resolve`, { token: other.token, body: GOOD })).status).toBe(404)
		expect((await ctx.call('PUT', `/claims/${id}/payout`, { token: other.token, body: { method: 'wallet' } })).status).toBe(404)
		expect(
			await ctx.call('PUT', `/claims/${id}/payout`, {
				token: owner.token,
				body: { method: 'bank', ...GOOD, account_name: 'SOMEONE ELSE' },
			}),
		).toMatchObject({
			status: 409,
			body: { message: 'The bank names this account CHINEDU OBI: check it again before choosing it.' },
		})
		const chosen = await ctx.call('PUT', `/claims/${id}/payout`, {
			token: owner.token,
			body: { method: 'bank', ...GOOD, account_name: 'Chinedu  Obi' },
		})
		expect(chosen.status).toBe(200)
		expect(chosen.body.data.payout).toEqual({
			method: 'bank',
			bank: { ...GOOD, bank_name: 'Guaranty Trust Bank', account_name: 'CHINEDU OBI' },
			status: null,
			reference: null,
			failure_reason: null,
		})
		expect(chosen.body.data.events.at(-1)).toMatchObject({
			action: 'choose_payout',
			note: 'To be paid to CHINEDU OBI, Guaranty Trust Bank 0123456780',
		})
	})

	test('the desk pays by transfer: the claim is paid when the bank confirms, once, with a mail; the wallet is untouched', async () => {
		const id = await acceptedClaim(ctx, owner, operator, await fresh(), {
			payout: { method: 'bank', ...GOOD, account_name: 'CHINEDU OBI' },
		})
		const wallet = await balanceOf(ctx, owner)
		const payable = await systemBalance('claims_payable')
		const [a, b] = await Promise.all([
			ctx.call('POST', `/desk/claims/${id}/pay`, { token: operator.token }),
			ctx.call('POST', `/desk/claims/${id}/pay`, { token: operator.token }),
		])
		expect([a.status, b.status]).toEqual([200, 200])
		// The gateway answers 'pending'; the bank's word comes by webhook, which may have arrived already.
		for (const r of [a, b]) {
			expect(r.body.message).toBe(
				r.body.data.status === 'paid' ? 'Claim paid.' : 'Transfer sent to the bank: the claim is paid when the bank confirms it.',
			)
		}
		await ctx.sandbox.idle()
		const paid = await claimOf(id)
		expect(paid).toMatchObject({ status: 'paid', payout: { method: 'bank', status: 'succeeded' } })
		expect(paid.events.map((e: { action: string }) => e.action).slice(-3)).toEqual(['accept_offer', 'send_payout', 'pay'])
		expect((await ctx.call('POST', `/desk/claims/${id}/pay`, { token: operator.token })).body.data.status).toBe('paid')
		expect(await payoutsOf(id)).toHaveLength(1)
		expect(await balanceOf(ctx, owner)).toBe(wallet)
		expect(await systemBalance('claims_payable')).toBe(payable - 45_000)
		const mail = await ctx.latestMail(owner.email)
		expect(mail?.subject).toContain('Paid')
		expect(mail?.text).toContain('into your account 0123456780 at Guaranty Trust Bank')
		expect((await reconcile(ctx.db)).problems).toEqual([])
	})

	test('a transfer the bank refuses: the claim stays owed, the claimant is told, picks another account, and the desk pays again', async () => {
		const id = await acceptedClaim(ctx, owner, operator, await fresh(), {
			payout: { method: 'bank', ...REFUSED, account_name: 'AMINA BELLO' },
		})
		const payable = await systemBalance('claims_payable')
		await ctx.call('POST', `/desk/claims/${id}/pay`, { token: operator.token })
		await ctx.sandbox.idle()
		const refused = await claimOf(id)
		expect(refused).toMatchObject({
			status: 'offer_accepted',
			payout: { status: 'failed', failure_reason: 'The beneficiary bank declined the transfer' },
			next_step: 'Check where we pay: the bank did not accept the last transfer, and we will pay it again.',
		})
		expect(await systemBalance('claims_payable')).toBe(payable)
		const mail = await ctx.latestMail(owner.email)
		expect(mail?.subject).toContain('Payment not received by the bank')
		expect(mail?.text).toContain('Nothing is lost')
		expect((await reconcile(ctx.db)).problems).toEqual([])

		expect(
			(
				await ctx.call('PUT', `/claims/${id}/payout`, {
					token: owner.token,
					body: { method: 'bank', ...GOOD, account_name: 'CHINEDU OBI' },
				})
			).status,
		).toBe(200)
		const again = await ctx.call('POST', `/desk/claims/${id}/pay`, { token: operator.token })
		expect(again.status).toBe(200)
		await ctx.sandbox.idle()
		expect(await claimOf(id)).toMatchObject({ status: 'paid', payout: { status: 'succeeded' } })
		expect((await payoutsOf(id)).map((p) => p.status).sort()).toEqual(['failed', 'succeeded'])
		expect(await systemBalance('claims_payable')).toBe(payable - 45_000)
		expect((await reconcile(ctx.db)).problems).toEqual([])
	})

	test('a paid transfer the bank sends back: the claim is owed again and can be paid into the wallet instead', async () => {
		const id = await acceptedClaim(ctx, owner, operator, await fresh(), {
			payout: { method: 'bank', ...GOOD, account_name: 'CHINEDU OBI' },
		})
		await ctx.call('POST', `/desk/claims/${id}/pay`, { token: operator.token })
		await ctx.sandbox.idle()
		const [payout] = await payoutsOf(id)
		expect(payout!.status).toBe('succeeded')
		// The bank sends it back after it was paid: Paystack's transfer.reversed.
		const event = transferEvent({
			reference: payout!.reference,
			transferCode: payout!.transferCode!,
			amountKobo: 4_500_000,
			status: 'failed',
			reason: 'Account closed',
		})
		const body = JSON.stringify({ ...event, event: 'transfer.reversed', data: { ...event.data, status: 'reversed' } })
		for (let i = 0; i < 2; i++) {
			const res = await ctx.call('POST', '/payments/webhook', {
				rawBody: body,
				headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: sign(body, TEST_WEBHOOK_SECRET) },
			})
			expect(res.status).toBe(200)
		}
		const back = await claimOf(id)
		expect(back).toMatchObject({ status: 'offer_accepted', payout: { status: 'reversed', failure_reason: 'Account closed' } })
		expect(back.events.at(-1)).toMatchObject({ action: 'payout_returned', to_status: 'offer_accepted' })
		expect(await ctx.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.reference, payout!.reference))).toHaveLength(3)
		expect((await reconcile(ctx.db)).problems).toEqual([])

		const wallet = await balanceOf(ctx, owner)
		await ctx.call('PUT', `/claims/${id}/payout`, { token: owner.token, body: { method: 'wallet' } })
		const paid = await ctx.call('POST', `/desk/claims/${id}/pay`, { token: operator.token })
		expect(paid.body.data).toMatchObject({ status: 'paid', payout: { method: 'wallet', status: null } })
		expect(await balanceOf(ctx, owner)).toBe(wallet + 45_000)
		expect((await reconcile(ctx.db)).problems).toEqual([])
	})

	test('above the threshold a bank payout needs two operators; a paid claim keeps its account', async () => {
		const id = await acceptedClaim(ctx, owner, operator, await fresh(), {
			assessed: 200_000,
			payout: { method: 'bank', ...GOOD, account_name: 'CHINEDU OBI' },
		})
		expect(await ctx.call('POST', `/desk/claims/${id}/pay`, { token: operator.token })).toMatchObject({
			status: 409,
			body: { message: "Payouts above ₦100,000 need a second operator's approval first." },
		})
		expect(await payoutsOf(id)).toHaveLength(0)
		await ctx.call('POST', `/desk/claims/${id}/approve-payout`, { token: operator.token })
		expect((await ctx.call('POST', `/desk/claims/${id}/pay`, { token: operator.token })).status).toBe(409)
		expect((await ctx.call('POST', `/desk/claims/${id}/pay`, { token: second.token })).status).toBe(200)
		await ctx.sandbox.idle()
		expect((await claimOf(id)).status).toBe('paid')
		expect(await ctx.call('PUT', `/claims/${id}/payout`, { token: owner.token, body: { method: 'wallet' } })).toMatchObject({
			status: 409,
		})
	})

	test('a payout a crash left before the gateway is sent by the recovery job, once; its account is kept meanwhile', async () => {
		let gatewayDown = true
		const payments: PaymentGateway = {
			...ctx.sandbox,
			initiateTransfer: (input) =>
				gatewayDown ? Promise.reject(new ApiError(502, 'The payment service did not answer.')) : ctx.sandbox.initiateTransfer(input),
		}
		const down = await testApi({ payments, env: { claimPayoutThreshold: 100_000 } })
		const id = await acceptedClaim(down, owner, operator, await fresh(), {
			payout: { method: 'bank', ...GOOD, account_name: 'CHINEDU OBI' },
		})
		const paying = await down.call('POST', `/desk/claims/${id}/pay`, { token: operator.token })
		expect(paying.body.data).toMatchObject({ status: 'offer_accepted', payout: { status: 'processing' } })
		expect(paying.body.data.next_step).toBe('Wait for the bank: the transfer is under way.')
		expect((await claimOf(id)).next_step).toBe('Wait for the bank: the transfer is on its way to your account.')
		expect((await payoutsOf(id))[0]!.transferCode).toBeNull()
		expect(await down.call('PUT', `/claims/${id}/payout`, { token: owner.token, body: { method: 'wallet' } })).toMatchObject({
			status: 409,
			body: { message: 'A transfer to your bank is under way: wait for the bank before changing where we pay.' },
		})
		gatewayDown = false
		// Not yet due: a payout just started is left to its own request.
		await recoverPayouts(down.deps)
		expect((await payoutsOf(id))[0]!.transferCode).toBeNull()
		down.advanceClock(PENDING_MAX_AGE_MS + 1_000)
		expect(await recoverPayouts(down.deps)).toMatchObject({ failures: 0 })
		await recoverPayouts(down.deps)
		await ctx.sandbox.idle()
		expect(await claimOf(id)).toMatchObject({ status: 'paid', payout: { status: 'succeeded' } })
		expect(await payoutsOf(id)).toHaveLength(1)
		expect((await reconcile(ctx.db)).problems).toEqual([])
	})
})

describeApi('claims on ended cover', () => {
	let ctx: Ctx
	let owner: Account

	beforeAll(async () => {
		ctx = await testApi()
		owner = await ctx.createAccount({ kyc: true })
	})

	const claim = (policyId: string, extra: Record<string, unknown> = {}) =>
		ctx.call('POST', '/claims', {
			token: owner.token,
			body: {
				policy_id: policyId,
				incident_type: 'theft',
				incident_date: '2026-03-10',
				place: 'Yaba, Lagos',
				description: 'The phone was taken from my bag on the bus.',
				amount: 20_000,
				...extra,
			},
		})
	const ended = async (kind: 'terminate' | 'deactivate') => {
		const policy = await insertPolicy(ctx, owner.customerId)
		await ctx.db.insert(policyEvents).values({
			customerId: owner.customerId,
			policyId: policy.id,
			kind,
			effectiveOn: '2026-04-01',
			description: `${kind} for the test`,
		})
		return policy
	}

	test('a terminated or deactivated policy refuses claims with the reason', async () => {
		expect(await claim((await ended('terminate')).id)).toMatchObject({
			status: 409,
			body: { message: 'This policy was terminated: claims can only be made on active cover.' },
		})
		expect(await claim((await ended('deactivate')).id)).toMatchObject({
			status: 409,
			body: { message: 'This policy was deactivated: claims can only be made on active cover.' },
		})
	})

	test("a member whose staff record is terminated is refused; a current member's claim is made", async () => {
		const plan = await insertPolicy(ctx, owner.customerId)
		const person = async (first: string, leaving: { leavesOn: string; leaveKind: 'removed' | 'deactivated' } | null) => {
			const [employee] = await ctx.db
				.insert(employees)
				.values({
					customerId: owner.customerId,
					firstName: first,
					lastName: 'Okafor',
					email: `${first.toLowerCase()}-${randomUUID().slice(0, 6)}@example.test`,
					phone: '+2348030000000',
					gender: 'male',
					enrolledOn: '2026-01-01',
					...(leaving ?? {}),
				})
				.returning()
			const [member] = await ctx.db
				.insert(staff)
				.values({
					customerId: owner.customerId,
					policyId: plan.id,
					employeeId: employee!.id,
					firstName: first,
					lastName: 'Okafor',
					email: employee!.email,
					phone: employee!.phone,
					gender: 'male',
					status: 'active',
				})
				.returning()
			return member!
		}
		const gone = await person('Chidi', { leavesOn: '2026-04-30', leaveKind: 'removed' })
		const away = await person('Emeka', { leavesOn: '2026-04-30', leaveKind: 'deactivated' })
		const here = await person('Obi', null)
		expect(await claim(plan.id, { claimant_staff_id: gone.id })).toMatchObject({
			status: 409,
			body: {
				errors: [
					{
						path: 'claimant_staff_id',
						message: "Chidi Okafor's staff record is terminated: claims can only be made for current members of the plan.",
					},
				],
			},
		})
		expect((await claim(plan.id, { claimant_staff_id: away.id })).body.message).toMatch(/staff record is deactivated/)
		const made = await claim(plan.id, { claimant_staff_id: here.id })
		expect(made.status).toBe(201)
		expect(made.body.data.claimant_name).toBe('Obi Okafor')
		expect(
			await ctx.db
				.select()
				.from(staff)
				.where(and(eq(staff.policyId, plan.id))),
		).toHaveLength(3)
	})
})
