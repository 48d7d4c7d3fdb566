import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { beforeAll, expect, test } from 'vitest'
import { ledgerTransfers, withdrawals } from '#api/db/schema.ts'
import { createSandboxGateway, transferEvent } from '#api/payments/sandbox.ts'
import { reconcile } from '#api/services/reconcile.ts'
import { describeApi, testApi } from '#tests/support/test-api.ts'
import { balanceOf, fund, newKey, webhook, withdraw, withdrawalCode } from '#tests/support/wallet.ts'

// GET /banks, POST /banks/resolve, POST /wallet/withdraw, GET /wallet/withdrawals/:id and
// POST /wallet/withdrawals/:id/confirm, /resend-code and /cancel. Approval: withdrawal-approvals.

type Ctx = Awaited<ReturnType<typeof testApi>>
type Account = Awaited<ReturnType<Ctx['createAccount']>>

const fieldError = (path: string, message: string) => ({ message, errors: [{ path, message }] })

describeApi('withdrawals', () => {
	let ctx: Ctx
	let owner: Account

	beforeAll(async () => {
		ctx = await testApi()
		owner = await ctx.createAccount()
	})

	const ask = (account: Account, body: Record<string, unknown>) =>
		ctx.call('POST', '/wallet/withdraw', {
			token: account.token,
			body: { bank_code: '058', account_number: '0123456780', idempotency_key: newKey('wd'), ...body },
		})
	const transfersOf = async (reference: string) =>
		(await ctx.db.select({ kind: ledgerTransfers.kind }).from(ledgerTransfers).where(eq(ledgerTransfers.reference, reference))).map(
			(t) => t.kind,
		)
	const funded = async (amount: number) => {
		const account = await ctx.createAccount()
		await fund(ctx, account, amount)
		return account
	}

	test.each([
		['GET', '/banks'],
		['POST', '/banks/resolve'],
		['POST', '/wallet/withdraw'],
		['GET', `/wallet/withdrawals/${randomUUID()}`],
		['POST', `/wallet/withdrawals/${randomUUID()}/confirm`],
		['POST', `/wallet/withdrawals/${randomUUID()}/resend-code`],
		['POST', `/wallet/withdrawals/${randomUUID()}/cancel`],
	])('%s %s needs a valid bearer token', async (method, path) => {
		expect(await ctx.call(method, path)).toMatchObject({ status: 401, body: { message: 'Missing authorization' } })
	})

	test('GET /banks lists the banks; POST /banks/resolve names the account holder', async () => {
		const banks = await ctx.call('GET', '/banks', { token: owner.token })
		expect(banks.body.data).toContainEqual({ code: '058', name: 'Guaranty Trust Bank' })
		const resolved = await ctx.call('POST', '/banks/resolve', {
			token: owner.token,
			body: { bank_code: '058', account_number: '0123456780' },
		})
		expect(resolved.body.data).toEqual({
			bank_code: '058',
			bank_name: 'Guaranty Trust Bank',
			account_number: '0123456780',
			account_name: 'CHINEDU OBI',
		})
		const body = (bank_code: string, account_number: string) => ({ token: owner.token, body: { bank_code, account_number } })
		expect(await ctx.call('POST', '/banks/resolve', body('999', '0123456780'))).toMatchObject({
			status: 400,
			body: fieldError('bank_code', 'Choose a bank from the list.'),
		})
		expect(await ctx.call('POST', '/banks/resolve', body('058', '12345'))).toMatchObject({
			status: 400,
			body: fieldError('account_number', 'Enter the 10-digit account number.'),
		})
		expect(await ctx.call('POST', '/banks/resolve', body('058', '0001234567'))).toMatchObject({
			status: 400,
			body: fieldError('account_number', 'We could not find that account at that bank. Check the number and the bank.'),
		})
	})

	test('a withdrawal debits the wallet at once, waits for the mailed code, then is paid out and settled', async () => {
		const account = await funded(10_000)
		const made = await ask(account, { amount: 5_000 })
		expect(made.status).toBe(201)
		expect(made.body.message).toBe('We sent a code to your email. Enter it to confirm the withdrawal.')
		expect(made.body.data).toMatchObject({
			amount: 5_000,
			fee: 10,
			total: 5_010,
			status: 'awaiting_otp',
			needs_approval: false,
			bank: { bank_code: '058', bank_name: 'Guaranty Trust Bank', account_number: '0123456780', account_name: 'CHINEDU OBI' },
			requested_by: { id: account.userId, name: 'Ngozi Eze' },
			approved_by: null,
			reference: expect.stringMatching(/^wd_[0-9a-f]{24}$/),
		})
		const id = made.body.data.id
		expect(await balanceOf(ctx, account)).toBe(4_990)
		expect((await ctx.call('GET', '/wallet', { token: account.token })).body.data.pending_withdrawals).toEqual({ count: 1, amount: 5_000 })
		const mail = await ctx.latestMail(account.email)
		expect(mail?.text).toContain(
			`₦5,000 (plus a ₦10 transfer fee) to CHINEDU OBI, Guaranty Trust Bank 0123456780, reference ${made.body.data.reference}`,
		)

		const wrong = await ctx.call('POST', `/wallet/withdrawals/${id}/confirm`, { token: account.token, body: { otp: '000000' } })
		expect(wrong).toMatchObject({ status: 400, body: { message: 'That code is not right. You have 4 tries left.' } })
		const confirmed = await ctx.call('POST', `/wallet/withdrawals/${id}/confirm`, {
			token: account.token,
			body: { otp: await withdrawalCode(ctx, account.email) },
		})
		expect(confirmed.status).toBe(200)
		// The sandbox's webhook may settle it before the answer is written.
		expect(['processing', 'succeeded']).toContain(confirmed.body.data.status)
		await ctx.sandbox.idle()
		const done = await ctx.call('GET', `/wallet/withdrawals/${id}`, { token: account.token })
		expect(done.body.data).toMatchObject({ status: 'succeeded', finished_at: expect.any(String), failure_reason: null })
		expect(await balanceOf(ctx, account)).toBe(4_990)
		expect(await transfersOf(made.body.data.reference)).toEqual(['withdrawal', 'withdrawal_settlement'])
		// A retry of the confirmation changes nothing.
		const again = await ctx.call('POST', `/wallet/withdrawals/${id}/confirm`, { token: account.token, body: { otp: '123456' } })
		expect(again).toMatchObject({ status: 200, body: { data: { status: 'succeeded' } } })
		const types = (await ctx.call('GET', '/activities?page_size=10', { token: account.token })).body.data.items.map(
			(a: { type: string }) => a.type,
		)
		expect(types.slice(0, 3)).toEqual(['wallet.withdrawal_paid', 'wallet.withdrawal_confirmed', 'wallet.withdrawal_requested'])
		expect((await reconcile(ctx.db)).problems).toEqual([])
	})

	test('a failed payout is reversed by a new transfer: the wallet gets the amount and the fee back, once', async () => {
		const account = await funded(3_000)
		const confirmed = await withdraw(ctx, account, 2_000, '0123456789')
		const { id, reference } = confirmed.body.data
		const failed = await ctx.call('GET', `/wallet/withdrawals/${id}`, { token: account.token })
		expect(failed.body.data).toMatchObject({ status: 'failed', failure_reason: 'The beneficiary bank declined the transfer' })
		expect(await balanceOf(ctx, account)).toBe(3_000)
		const [row] = await ctx.db.select().from(withdrawals).where(eq(withdrawals.id, id))
		const event = transferEvent({ reference, transferCode: row!.transferCode!, amountKobo: 200_000, status: 'failed', reason: 'again' })
		for (let i = 0; i < 3; i++) expect((await webhook(ctx, event)).status).toBe(200)
		// A late success for a reversed payout is ignored.
		expect((await webhook(ctx, { ...event, event: 'transfer.success', data: { ...event.data, status: 'success' } })).status).toBe(200)
		expect(await balanceOf(ctx, account)).toBe(3_000)
		expect(await transfersOf(reference)).toEqual(['withdrawal', 'withdrawal_reversal'])
		expect(
			(await ctx.call('GET', '/activities?type=wallet.withdrawal_failed', { token: account.token })).body.data.items[0].description,
		).toBe('The withdrawal of ₦2,000 to AMINA BELLO failed (The beneficiary bank declined the transfer): ₦2,010 back in the wallet')
	})

	test('a payout that bounces after it was paid is reversed too, settlement and all', async () => {
		const account = await funded(60_000)
		const { body } = await withdraw(ctx, account, 55_000)
		const [row] = await ctx.db.select().from(withdrawals).where(eq(withdrawals.id, body.data.id))
		expect(row!.status).toBe('succeeded')
		expect(await balanceOf(ctx, account)).toBe(60_000 - 55_050)
		const event = transferEvent({
			reference: row!.reference,
			transferCode: row!.transferCode!,
			amountKobo: 5_500_000,
			status: 'success',
			reason: '',
		})
		expect(
			(await webhook(ctx, { ...event, event: 'transfer.reversed', data: { ...event.data, status: 'reversed', reason: 'Account closed' } }))
				.status,
		).toBe(200)
		expect(await balanceOf(ctx, account)).toBe(60_000)
		expect(await transfersOf(row!.reference)).toEqual(['withdrawal', 'withdrawal_settlement', 'withdrawal_reversal'])
		expect((await reconcile(ctx.db)).problems).toEqual([])
	})

	test('more than the balance, with the fee, is refused with the balance said; nothing moves', async () => {
		const account = await funded(1_000)
		const res = await ask(account, { amount: 995 })
		expect(res).toMatchObject({
			status: 400,
			body: fieldError('amount', 'Your wallet has ₦1,000: not enough for ₦995 plus the ₦10 transfer fee.'),
		})
		expect(await ask(account, { amount: 50 })).toMatchObject({
			status: 400,
			body: fieldError('amount', 'Enter an amount of at least ₦100.'),
		})
		expect(await ask(account, { amount: 150.5 })).toMatchObject({
			status: 400,
			body: fieldError('amount', 'Enter a whole number of Naira, without kobo.'),
		})
		expect(await ask(account, { amount: 500, bank_code: '1' })).toMatchObject({
			status: 400,
			body: fieldError('bank_code', 'Choose a bank from the list.'),
		})
		expect(await balanceOf(ctx, account)).toBe(1_000)
		expect(await ctx.db.select().from(withdrawals).where(eq(withdrawals.customerId, account.customerId))).toEqual([])
	})

	test('the same idempotency key answers the same withdrawal and debits once', async () => {
		const account = await funded(5_000)
		const key = newKey()
		const [a, b] = await Promise.all([
			ask(account, { amount: 1_000, idempotency_key: key }),
			ask(account, { amount: 1_000, idempotency_key: key }),
		])
		expect([a.status, b.status]).toEqual([201, 201])
		expect(a.body.data.id).toBe(b.body.data.id)
		expect(await balanceOf(ctx, account)).toBe(3_990)
		expect(await ask(account, { amount: 2_000, idempotency_key: key })).toMatchObject({
			status: 409,
			body: { errors: [{ path: 'idempotency_key' }] },
		})
	})

	test('cancelling before the payout gives everything back; a cancelled withdrawal cannot be confirmed', async () => {
		const account = await funded(2_000)
		const { body } = await ask(account, { amount: 1_000 })
		const cancelled = await ctx.call('POST', `/wallet/withdrawals/${body.data.id}/cancel`, { token: account.token })
		expect(cancelled).toMatchObject({
			status: 200,
			body: { message: 'Withdrawal cancelled: ₦1,010 is back in your wallet.', data: { status: 'cancelled' } },
		})
		expect((await ctx.call('POST', `/wallet/withdrawals/${body.data.id}/cancel`, { token: account.token })).status).toBe(200)
		expect(await balanceOf(ctx, account)).toBe(2_000)
		const confirm = await ctx.call('POST', `/wallet/withdrawals/${body.data.id}/confirm`, {
			token: account.token,
			body: { otp: await withdrawalCode(ctx, account.email) },
		})
		expect(confirm).toMatchObject({ status: 409, body: { message: 'This withdrawal was cancelled.' } })
		const paid = await withdraw(ctx, account, 500)
		const late = await ctx.call('POST', `/wallet/withdrawals/${paid.body.data.id}/cancel`, { token: account.token })
		expect(late).toMatchObject({
			status: 409,
			body: { message: 'The payout of this withdrawal has started: it can no longer be cancelled.' },
		})
	})

	test('a code confirms its own withdrawal only; a new code replaces the old; at most 3 codes in 15 minutes', async () => {
		const account = await funded(5_000)
		const first = (await ask(account, { amount: 500 })).body.data
		const firstCode = await withdrawalCode(ctx, account.email)
		const second = (await ask(account, { amount: 600 })).body.data
		const wrongOne = await ctx.call('POST', `/wallet/withdrawals/${first.id}/confirm`, {
			token: account.token,
			body: { otp: await withdrawalCode(ctx, account.email) },
		})
		expect(wrongOne).toMatchObject({ status: 400, body: { message: 'This code has expired or was already used. Ask for a new one.' } })
		const resent = await ctx.call('POST', `/wallet/withdrawals/${first.id}/resend-code`, { token: account.token })
		expect(resent).toMatchObject({ status: 200, body: { message: 'We sent a new code. Check your email.' } })
		const newCode = await withdrawalCode(ctx, account.email)
		if (newCode !== firstCode) {
			expect(
				(await ctx.call('POST', `/wallet/withdrawals/${first.id}/confirm`, { token: account.token, body: { otp: firstCode } })).status,
			).toBe(400)
		}
		expect(
			(await ctx.call('POST', `/wallet/withdrawals/${first.id}/confirm`, { token: account.token, body: { otp: newCode } })).status,
		).toBe(200)
		const limited = await ctx.call('POST', `/wallet/withdrawals/${second.id}/resend-code`, { token: account.token })
		expect(limited).toMatchObject({
			status: 429,
			body: { message: 'You have asked for 3 codes in 15 minutes. Wait a few minutes, then ask again.' },
		})
		expect(await ask(account, { amount: 700 })).toMatchObject({ status: 429 })
		expect(await balanceOf(ctx, account)).toBe(5_000 - 510 - 610)
	})

	test("only the requester confirms; another business's withdrawal is a 404", async () => {
		const account = await funded(2_000)
		const { body } = await ask(account, { amount: 1_000 })
		const finance = await ctx.createMember(account, 'Finance')
		const code = await withdrawalCode(ctx, account.email)
		expect(
			await ctx.call('POST', `/wallet/withdrawals/${body.data.id}/confirm`, { token: finance.token, body: { otp: code } }),
		).toMatchObject({
			status: 403,
			body: { message: 'Only the person who asked for this withdrawal can confirm it.' },
		})
		const stranger = await ctx.createAccount()
		for (const [method, path, payload] of [
			['GET', `/wallet/withdrawals/${body.data.id}`, undefined],
			['POST', `/wallet/withdrawals/${body.data.id}/confirm`, { otp: code }],
			['POST', `/wallet/withdrawals/${body.data.id}/cancel`, undefined],
			['POST', `/wallet/withdrawals/${body.data.id}/approve`, undefined],
		] as const) {
			expect(await ctx.call(method, path, { token: stranger.token, body: payload })).toMatchObject({
				status: 404,
				body: { message: 'We could not find that withdrawal.' },
			})
		}
	})

	test('when the webhook never comes, looking at the withdrawal asks the gateway and settles it', async () => {
		// The sandbox without a route for its webhooks: the gateway decides, the API never hears of it.
		const quiet = createSandboxGateway({ db: ctx.db, secret: 'quiet-sandbox-secret', apiUrl: 'http://api.test', transferDelayMs: 1 })
		const deaf = await testApi({ payments: { ...quiet, name: 'paystack' } as never })
		const account = await deaf.createAccount()
		const { body } = await deaf.call('POST', '/wallet/fund', { token: account.token, body: { amount: 5_000, idempotency_key: newKey() } })
		await quiet.complete(body.data.reference, 'approve', new Date())
		expect((await deaf.call('POST', '/payments/verify', { body: { reference: body.data.reference } })).body.data.status).toBe('success')
		const made = await deaf.call('POST', '/wallet/withdraw', {
			token: account.token,
			body: { amount: 1_000, bank_code: '058', account_number: '0123456780', idempotency_key: newKey() },
		})
		const otp = (await deaf.latestMail(account.email))!.text.match(/Your code is (\d{6})/)![1]
		const confirmed = await deaf.call('POST', `/wallet/withdrawals/${made.body.data.id}/confirm`, { token: account.token, body: { otp } })
		expect(confirmed.body.data.status).toBe('processing')
		await quiet.idle()
		const seen = await deaf.call('GET', `/wallet/withdrawals/${made.body.data.id}`, { token: account.token })
		expect(seen.body.data.status).toBe('succeeded')
		expect((await deaf.call('GET', '/wallet', { token: account.token })).body.data.balance).toBe(3_990)
	})
})
