import { randomUUID } from 'node:crypto'
import { beforeAll, expect, test } from 'vitest'
import { describeApi, testApi } from '#tests/support/test-api.ts'
import { balanceOf, fund, newKey, withdrawalCode } from '#tests/support/wallet.ts'

// POST /wallet/withdrawals/:id/approve: above WITHDRAWAL_APPROVAL_THRESHOLD (₦5,000 here) a second
// member with wallet.withdraw approves, after the requester's code.

type Ctx = Awaited<ReturnType<typeof testApi>>
type Account = Awaited<ReturnType<Ctx['createAccount']>>

describeApi('withdrawal approvals', () => {
	let ctx: Ctx
	let owner: Account
	let finance: Account

	beforeAll(async () => {
		ctx = await testApi({ env: { withdrawalApprovalThreshold: 5_000 } })
		owner = await ctx.createAccount()
		finance = await ctx.createMember(owner, 'Finance')
		await fund(ctx, owner, 100_000)
	})

	// Each withdrawal is asked for by a new member: codes are limited to 3 per person in 15 minutes.
	let requester: Account
	const ask = async (amount: number) => {
		requester = await ctx.createMember(owner, 'Admin')
		const res = await ctx.call('POST', '/wallet/withdraw', {
			token: requester.token,
			body: { amount, bank_code: '058', account_number: '0123456780', idempotency_key: newKey() },
		})
		expect(res.status).toBe(201)
		return res.body.data as { id: string; needs_approval: boolean; status: string }
	}
	const confirm = async (id: string) =>
		ctx.call('POST', `/wallet/withdrawals/${id}/confirm`, {
			token: requester.token,
			body: { otp: await withdrawalCode(ctx, requester.email) },
		})
	const approve = (id: string, token = finance.token) => ctx.call('POST', `/wallet/withdrawals/${id}/approve`, { token })

	test('POST /wallet/withdrawals/:id/approve needs a valid bearer token', async () => {
		expect(await ctx.call('POST', `/wallet/withdrawals/${randomUUID()}/approve`)).toMatchObject({ status: 401 })
	})

	test('up to the threshold no approval is needed', async () => {
		const w = await ask(5_000)
		expect(w.needs_approval).toBe(false)
		// Paid out at once; the sandbox's webhook may settle it before the answer is written.
		expect(['processing', 'succeeded']).toContain((await confirm(w.id)).body.data.status)
		expect(await approve(w.id)).toMatchObject({ status: 409, body: { message: 'This withdrawal does not need approval.' } })
	})

	test('above it: the code, then another member approves, then the payout', async () => {
		const w = await ask(5_001)
		expect(w.needs_approval).toBe(true)
		expect(await approve(w.id)).toMatchObject({
			status: 409,
			body: { message: 'The requester must confirm this withdrawal with their code first.' },
		})
		const confirmed = await confirm(w.id)
		expect(confirmed.body).toMatchObject({
			message: 'Confirmed. Another member with withdrawal permission must now approve it.',
			data: { status: 'awaiting_approval', approved_by: null },
		})
		expect(await approve(w.id, requester.token)).toMatchObject({
			status: 403,
			body: { message: 'Another member with withdrawal permission must approve your withdrawal.' },
		})
		const approved = await approve(w.id)
		expect(approved).toMatchObject({ status: 200, body: { data: { approved_by: { id: finance.userId, name: 'Bola Ade' } } } })
		expect(['processing', 'succeeded']).toContain(approved.body.data.status)
		expect((await approve(w.id)).status).toBe(200)
		const other = await ctx.createMember(owner, 'Admin')
		expect(await approve(w.id, other.token)).toMatchObject({
			status: 409,
			body: { message: 'Someone else already approved this withdrawal.' },
		})
		await ctx.sandbox.idle()
		expect((await ctx.call('GET', `/wallet/withdrawals/${w.id}`, { token: owner.token })).body.data.status).toBe('succeeded')
		const logged = await ctx.call('GET', '/activities?type=wallet.withdrawal_approved', { token: owner.token })
		expect(logged.body.data.items[0].description).toMatch(/^Bola approved the withdrawal of ₦5,001 \(wd_/)
	})

	test('refusing an approval cancels it: the money goes back', async () => {
		const before = await balanceOf(ctx, owner)
		const w = await ask(20_000)
		await confirm(w.id)
		expect(await balanceOf(ctx, owner)).toBe(before - 20_025)
		const refused = await ctx.call('POST', `/wallet/withdrawals/${w.id}/cancel`, { token: finance.token })
		expect(refused.body.data.status).toBe('cancelled')
		expect(await balanceOf(ctx, owner)).toBe(before)
		expect(await approve(w.id)).toMatchObject({ status: 409, body: { message: 'This withdrawal is no longer waiting for approval.' } })
	})

	test('a member without wallet.withdraw may not approve', async () => {
		const w = await ask(6_000)
		await confirm(w.id)
		const viewer = await ctx.createMember(owner, 'Viewer')
		expect(await approve(w.id, viewer.token)).toMatchObject({ status: 403, body: { message: 'You do not have permission to do this.' } })
		expect((await ctx.call('GET', `/wallet/withdrawals/${w.id}`, { token: viewer.token })).body.data.status).toBe('awaiting_approval')
	})
})
