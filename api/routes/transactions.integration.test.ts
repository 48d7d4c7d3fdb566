import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { beforeAll, expect, test } from 'vitest'
import { payments } from '#api/db/schema.ts'
import { describeApi, testApi } from '#tests/support/test-api.ts'
import { checkout, fund, startFunding, withdraw } from '#tests/support/wallet.ts'

// GET /transactions, GET /transactions.csv and GET /transactions/:id.

type Ctx = Awaited<ReturnType<typeof testApi>>
type Account = Awaited<ReturnType<Ctx['createAccount']>>
type Item = { id: string; type: string; status: string; stage: string; amount: number; fee: number; reference: string; description: string }

describeApi('transactions', () => {
	let ctx: Ctx
	let owner: Account
	const refs: Record<string, string> = {}
	const ids: Record<string, string> = {}

	beforeAll(async () => {
		ctx = await testApi()
		owner = await ctx.createAccount()
		refs.funded = await fund(ctx, owner, 20_000)
		const declined = await startFunding(ctx, owner, 1_500)
		await checkout(ctx, declined.body.data.reference, 'decline')
		await ctx.call('POST', '/payments/verify', { body: { reference: declined.body.data.reference } })
		refs.declined = declined.body.data.reference
		refs.pending = (await startFunding(ctx, owner, 700)).body.data.reference
		const paid = await withdraw(ctx, owner, 5_000)
		const bounced = await withdraw(ctx, owner, 2_000, '0123456789')
		refs.paid = paid.body.data.reference
		refs.bounced = bounced.body.data.reference
		ids.paid = paid.body.data.id
		ids.bounced = bounced.body.data.id
		const [funding] = await ctx.db.select({ id: payments.id }).from(payments).where(eq(payments.reference, refs.funded))
		ids.funded = funding!.id
	})

	const list = async (query = '', token = owner.token) => (await ctx.call('GET', `/transactions${query}`, { token })).body.data

	test.each([
		['GET', '/transactions'],
		['GET', '/transactions.csv'],
		['GET', `/transactions/${randomUUID()}`],
	])('%s %s needs a valid bearer token', async (method, path) => {
		expect(await ctx.call(method, path)).toMatchObject({ status: 401, body: { message: 'Missing authorization' } })
	})

	test('fundings and withdrawals, newest first, with the status a list shows', async () => {
		const page = await list()
		expect(page).toMatchObject({ page: 1, page_size: 20, total: 5 })
		expect(page.items.map((t: Item) => [t.reference, t.type, t.status, t.stage, t.amount, t.fee])).toEqual([
			[refs.bounced, 'withdrawal', 'failed', 'failed', 2_000, 10],
			[refs.paid, 'withdrawal', 'success', 'succeeded', 5_000, 10],
			[refs.pending, 'funding', 'pending', 'pending', 700, 0],
			[refs.declined, 'funding', 'failed', 'failed', 1_500, 0],
			[refs.funded, 'funding', 'success', 'success', 20_000, 0],
		])
		expect(page.items[1].description).toBe('Withdrawal to CHINEDU OBI, Guaranty Trust Bank 0123456780')
	})

	test('filters by type, status and dates, and pages', async () => {
		expect((await list('?type=withdrawal')).items.map((t: Item) => t.reference)).toEqual([refs.bounced, refs.paid])
		expect((await list('?status=failed')).items.map((t: Item) => t.reference)).toEqual([refs.bounced, refs.declined])
		expect((await list('?type=funding&status=success')).items.map((t: Item) => t.reference)).toEqual([refs.funded])
		const today = new Date(Date.now() + 3_600_000).toISOString().slice(0, 10)
		expect((await list(`?from=${today}&to=${today}`)).total).toBe(5)
		expect((await list('?to=2020-01-01')).total).toBe(0)
		const second = await list('?page=2&page_size=2')
		expect(second).toMatchObject({ page: 2, page_size: 2, total: 5 })
		expect(second.items.map((t: Item) => t.reference)).toEqual([refs.pending, refs.declined])
		for (const [query, path] of [
			['?type=premium', 'type'],
			['?status=lost', 'status'],
			['?from=yesterday', 'from'],
			['?page=0', 'page'],
			['?page_size=500', 'page_size'],
			['?from=2026-02-01&to=2026-01-01', 'from'],
		]) {
			const res = await ctx.call('GET', `/transactions${query}`, { token: owner.token })
			expect(res.status, query).toBe(400)
			expect(res.body.errors[0].path).toBe(path)
		}
	})

	test('GET /transactions.csv: the same rows with a header, whole Naira, the same filters', async () => {
		const res = await ctx.call('GET', '/transactions.csv?type=withdrawal', { token: owner.token })
		expect(res.status).toBe(200)
		expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
		expect(res.headers.get('content-disposition')).toBe('attachment; filename="transactions.csv"')
		const lines = (res.body as string).trimEnd().split('\r\n')
		expect(lines[0]).toBe('date,reference,type,status,stage,amount,fee,description')
		expect(lines).toHaveLength(3)
		expect(lines[2]).toMatch(new RegExp(`^\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z,${refs.paid},withdrawal,success,succeeded,5000,10,"Withdrawal to CHINEDU OBI, Guaranty Trust Bank 0123456780"$`))
		const all = await ctx.call('GET', '/transactions.csv', { token: owner.token })
		expect((all.body as string).trimEnd().split('\r\n')).toHaveLength(6)
		expect((await ctx.call('GET', '/transactions.csv?status=nope', { token: owner.token })).status).toBe(400)
	})

	test('a receipt shows the transaction, where the money went, and its ledger entries', async () => {
		const funded = (await ctx.call('GET', `/transactions/${ids.funded}`, { token: owner.token })).body.data
		expect(funded).toMatchObject({ reference: refs.funded, type: 'funding', status: 'success', amount: 20_000, bank: null, failure_reason: null })
		expect(funded.entries.map((e: { account: string; amount: number; transfer_kind: string }) => [e.transfer_kind, e.account, e.amount])).toEqual([
			['funding', 'wallet', 20_000],
			['funding', 'gateway_clearing', -20_000],
		])
		const bounced = (await ctx.call('GET', `/transactions/${ids.bounced}`, { token: owner.token })).body.data
		expect(bounced).toMatchObject({
			status: 'failed',
			bank: { bank_name: 'Guaranty Trust Bank', account_number: '0123456789', account_name: 'AMINA BELLO' },
			failure_reason: 'The beneficiary bank declined the transfer',
		})
		expect(bounced.entries.map((e: { account: string; amount: number; transfer_kind: string }) => [e.transfer_kind, e.account, e.amount])).toEqual([
			['withdrawal', 'payouts_in_transit', 2_000],
			['withdrawal', 'fees', 10],
			['withdrawal', 'wallet', -2_010],
			['withdrawal_reversal', 'wallet', 2_010],
			['withdrawal_reversal', 'fees', -10],
			['withdrawal_reversal', 'payouts_in_transit', -2_000],
		])
		const paid = (await ctx.call('GET', `/transactions/${ids.paid}`, { token: owner.token })).body.data
		expect(paid.entries.map((e: { transfer_kind: string }) => e.transfer_kind)).toEqual([
			'withdrawal',
			'withdrawal',
			'withdrawal',
			'withdrawal_settlement',
			'withdrawal_settlement',
		])
	})

	test("another business's transactions are invisible; a Viewer reads, HR does not", async () => {
		const stranger = await ctx.createAccount()
		expect(await list('', stranger.token)).toMatchObject({ total: 0, items: [] })
		expect(await ctx.call('GET', `/transactions/${ids.paid}`, { token: stranger.token })).toMatchObject({
			status: 404,
			body: { message: 'We could not find that transaction.' },
		})
		const viewer = await ctx.createMember(owner, 'Viewer')
		expect((await list('', viewer.token)).total).toBe(5)
		const hr = await ctx.createMember(owner, 'HR')
		expect((await ctx.call('GET', '/transactions', { token: hr.token })).status).toBe(403)
		expect((await ctx.call('GET', '/transactions.csv', { token: hr.token })).status).toBe(403)
	})
})
