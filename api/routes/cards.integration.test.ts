import { randomUUID } from 'node:crypto'
import { beforeAll, expect, test } from 'vitest'
import { cards } from '#api/db/schema.ts'
import { describeApi, testApi } from '#tests/support/test-api.ts'
import { fund } from '#tests/support/wallet.ts'

// GET /cards, POST /cards/:id/default and DELETE /cards/:id: cards saved from successful payments.

type Ctx = Awaited<ReturnType<typeof testApi>>
type Account = Awaited<ReturnType<Ctx['createAccount']>>

describeApi('saved cards', () => {
	let ctx: Ctx
	let owner: Account

	beforeAll(async () => {
		ctx = await testApi()
		owner = await ctx.createAccount()
	})

	const list = async (account = owner) => (await ctx.call('GET', '/cards', { token: account.token })).body.data

	test.each([
		['GET', '/cards'],
		['POST', `/cards/${randomUUID()}/default`],
		['DELETE', `/cards/${randomUUID()}`],
	])('%s %s needs a valid bearer token', async (method, path) => {
		expect(await ctx.call(method, path)).toMatchObject({ status: 401, body: { message: 'Missing authorization' } })
	})

	test('a successful reusable charge saves its card once, as the default; the wallet shows it; the token is never shown', async () => {
		expect(await list()).toEqual([])
		await fund(ctx, owner, 1_000)
		await fund(ctx, owner, 2_000)
		const saved = await list()
		expect(saved).toEqual([
			{
				id: expect.any(String),
				brand: 'visa',
				last4: '4081',
				exp_month: 12,
				exp_year: 2030,
				bank: 'TEST BANK',
				is_default: true,
				created_at: expect.any(String),
			},
		])
		expect(JSON.stringify(saved)).not.toContain('AUTH_')
		const wallet = await ctx.call('GET', '/wallet', { token: owner.token })
		expect(wallet.body.data.default_card).toEqual(saved[0])
		const logged = await ctx.call('GET', '/activities?type=cards.saved', { token: owner.token })
		expect(logged.body.data.total).toBe(1)
	})

	test('another card can be made the default, and removing the default hands it to the newest other card', async () => {
		const account = await ctx.createAccount()
		await fund(ctx, account, 1_000)
		const [first] = await list(account)
		const [second] = await ctx.db
			.insert(cards)
			.values({
				customerId: account.customerId,
				authorizationCode: 'AUTH_x',
				signature: 'SIG_other',
				brand: 'mastercard',
				last4: '5060',
				expMonth: 1,
				expYear: 2029,
			})
			.returning()
		const made = await ctx.call('POST', `/cards/${second!.id}/default`, { token: account.token })
		expect(made).toMatchObject({ status: 200, body: { message: 'Default card changed.' } })
		expect(made.body.data.map((c: { id: string; is_default: boolean }) => [c.id, c.is_default])).toEqual([
			[second!.id, true],
			[first.id, false],
		])
		const removed = await ctx.call('DELETE', `/cards/${second!.id}`, { token: account.token })
		expect(removed.body).toMatchObject({ message: 'Card removed.', data: [{ id: first.id, is_default: true }] })
		expect((await ctx.call('GET', '/activities?type=cards.removed', { token: account.token })).body.data.items[0].description).toBe(
			'Ngozi removed the Mastercard card ending 5060',
		)
		expect((await ctx.call('DELETE', `/cards/${first.id}`, { token: account.token })).body.data).toEqual([])
	})

	test('a card of another business is a 404; a Viewer sees cards but may not change them', async () => {
		const [card] = await list()
		const stranger = await ctx.createAccount()
		for (const [method, path] of [
			['POST', `/cards/${card.id}/default`],
			['DELETE', `/cards/${card.id}`],
		] as const) {
			expect(await ctx.call(method, path, { token: stranger.token })).toMatchObject({
				status: 404,
				body: { message: 'We could not find that card.' },
			})
		}
		expect(await list(stranger)).toEqual([])
		const viewer = await ctx.createMember(owner, 'Viewer')
		expect(await list(viewer)).toHaveLength(1)
		expect((await ctx.call('DELETE', `/cards/${card.id}`, { token: viewer.token })).status).toBe(403)
		expect(await list()).toHaveLength(1)
	})
})
