import { beforeAll, expect, test } from 'vitest'
import { describeApi, testApi } from '#tests/support/test-api.ts'
import { fund } from '#tests/support/wallet.ts'

type Ctx = Awaited<ReturnType<typeof testApi>>
type Account = Awaited<ReturnType<Ctx['createAccount']>>

const fieldError = (path: string, message: string) => ({ message, errors: [{ path, message }] })
/** A date in Lagos (UTC+1), the calendar the activity filters use. */
const lagosDay = (offsetDays = 0) => new Date(Date.now() + 60 * 60 * 1000 + offsetDays * 86_400_000).toISOString().slice(0, 10)
const todoIds = async (ctx: Ctx, token: string, query = '') =>
	(await ctx.call('GET', `/todos${query}`, { token })).body.data.map((t: { id: string }) => t.id)

describeApi('activities and todos', () => {
	let ctx: Ctx
	let owner: Account

	beforeAll(async () => {
		ctx = await testApi()
		// account.created, business.updated, then user.updated.
		owner = await ctx.createAccount({ kyc: true })
		await ctx.call('PATCH', `/users/${owner.userId}`, { token: owner.token, body: { first_name: 'Adaeze' } })
	})

	test.each([
		['GET', '/activities'],
		['GET', '/todos'],
	])('%s %s needs a valid bearer token', async (method, path) => {
		expect(await ctx.call(method, path)).toMatchObject({ status: 401, body: { message: 'Missing authorization' } })
		expect(await ctx.call(method, path, { token: 'garbage' })).toMatchObject({ status: 401, body: { message: 'Invalid token' } })
	})

	test('sign-up records account.created by the new user', async () => {
		const res = await ctx.call('GET', '/activities?type=account.created', { token: owner.token })
		expect(res.status).toBe(200)
		expect(res.body.data).toMatchObject({ page: 1, page_size: 20, total: 1 })
		expect(res.body.data.items[0]).toMatchObject({
			type: 'account.created',
			description: 'Ngozi Eze created the account',
			actor: { id: owner.userId, name: 'Adaeze Eze' },
		})
	})

	test('activities are newest first, paged, and only of your business', async () => {
		await ctx.createAccount()
		const all = await ctx.call('GET', '/activities', { token: owner.token })
		expect(all.body.data.total).toBe(3)
		expect(all.body.data.items.map((a: { type: string }) => a.type)).toEqual(['user.updated', 'business.updated', 'account.created'])
		const page2 = await ctx.call('GET', '/activities?page=2&page_size=1', { token: owner.token })
		expect(page2.body.data).toMatchObject({ page: 2, page_size: 1, total: 3 })
		expect(page2.body.data.items.map((a: { type: string }) => a.type)).toEqual(['business.updated'])
		const beyond = await ctx.call('GET', '/activities?page=4&page_size=1', { token: owner.token })
		expect(beyond.body.data).toMatchObject({ items: [], total: 3 })
	})

	test('activities filter by type, actor and Lagos dates', async () => {
		const list = async (query: string) => (await ctx.call('GET', `/activities?${query}`, { token: owner.token })).body.data
		expect((await list('type=business.updated')).items.map((a: { type: string }) => a.type)).toEqual(['business.updated'])
		expect((await list('type=claim.made')).total).toBe(0)
		expect((await list(`actor=${owner.userId}`)).total).toBe(3)
		expect((await list(`actor=${crypto.randomUUID()}`)).total).toBe(0)
		expect((await list(`from=${lagosDay()}&to=${lagosDay()}`)).total).toBe(3)
		expect((await list(`from=${lagosDay(-3)}&to=${lagosDay(-1)}`)).total).toBe(0)
		expect((await list(`from=${lagosDay(1)}`)).total).toBe(0)
		expect((await list(`to=${lagosDay(-1)}`)).total).toBe(0)
		expect((await list(`to=${lagosDay()}&type=user.updated`)).total).toBe(1)
	})

	test('activities reject bad filters', async () => {
		const get = (query: string) => ctx.call('GET', `/activities?${query}`, { token: owner.token })
		const reversed = await get(`from=${lagosDay()}&to=${lagosDay(-1)}`)
		expect(reversed.status).toBe(400)
		expect(reversed.body).toEqual(fieldError('from', 'The start date must come before the end date.'))
		const badDate = await get('to=31/01/2026')
		expect(badDate.status).toBe(400)
		expect(badDate.body).toEqual(fieldError('to', 'Use a date like 2026-01-31.'))
		const badActor = await get('actor=me')
		expect(badActor.body).toEqual(fieldError('actor', 'Not a valid id.'))
		const badPage = await get('page=0')
		expect(badPage.status).toBe(400)
		expect(badPage.body).toEqual(fieldError('page', 'The page must be a whole number from 1.'))
	})

	test('a member without activities.view may not read the log', async () => {
		const finance = await ctx.createMember(owner, 'Finance')
		const res = await ctx.call('GET', '/activities', { token: finance.token })
		expect(res).toMatchObject({ status: 403, body: { message: 'You do not have permission to do this.' } })
	})

	test('a new unverified business must verify its email and complete KYC', async () => {
		const fresh = await ctx.createAccount({ verified: false })
		const res = await ctx.call('GET', '/todos', { token: fresh.token })
		expect(res.status).toBe(200)
		expect(res.body.data.map((t: { id: string }) => t.id)).toEqual(['verify-email', 'complete-kyc'])
		expect(res.body.data[0]).toEqual({
			id: 'verify-email',
			title: 'Verify your email',
			description: 'Enter the 6-digit code we sent to your email.',
			href: '/verify-account',
		})
		expect(await todoIds(ctx, fresh.token, '?limit=1')).toEqual(['verify-email'])
	})

	test('a verified business registered with the CAC only has to verify it with the CAC', async () => {
		const business = await ctx.createAccount()
		expect(await todoIds(ctx, business.token)).toEqual(['complete-kyc'])
		const kyc = await ctx.call('POST', `/business/${business.customerId}`, {
			token: business.token,
			body: {
				sector: 'Healthcare',
				business_type: 'RC',
				registration_number: 'RC1234567',
				state: 'Lagos',
				lga: 'Ikeja',
				address: '1 Awolowo Way',
				phone: '08031234567',
			},
		})
		expect(kyc.status).toBe(200)
		expect(await todoIds(ctx, business.token)).toEqual(['verify-cac', 'fund-wallet', 'buy-plan', 'add-staff'])
	})

	test('after KYC, a business not registered with the CAC funds the wallet, buys cover and adds staff; an individual has no staff', async () => {
		expect(await todoIds(ctx, owner.token)).toEqual(['fund-wallet', 'buy-plan', 'add-staff'])
		const person = await ctx.createAccount({ kind: 'individual', kyc: true })
		expect(await todoIds(ctx, person.token)).toEqual(['fund-wallet', 'buy-plan'])
		await fund(ctx, person, 5_000)
		expect(await todoIds(ctx, person.token)).toEqual(['buy-plan'])
	})

	test('a bought policy waiting for details is a todo until it is activated; buying ends the buy todo', async () => {
		const person = await ctx.createAccount({ kind: 'individual', kyc: true })
		await fund(ctx, person, 20_000)
		const bought = await ctx.call('POST', '/purchases', {
			token: person.token,
			body: { product_id: 1, vehicle_class: 'private_car', payment_option: 'wallet', idempotency_key: `todo-${crypto.randomUUID()}` },
		})
		expect(bought.status).toBe(201)
		const policy = bought.body.data.policy as { id: string; policy_number: string }
		const todos = (await ctx.call('GET', '/todos', { token: person.token })).body.data
		expect(todos).toEqual([
			{
				id: `activate-${policy.id}`,
				title: 'Activate Third Party Motor',
				description: `${policy.policy_number} needs a few details before cover starts.`,
				href: `/mycover/${policy.id}/activate`,
			},
		])
		const form = new FormData()
		for (const [k, v] of Object.entries({
			registration_number: 'KJA 123 AB',
			make_and_model: 'Toyota Corolla',
			chassis_number: 'JTDBR32E720123456',
		}))
			form.set(k, v)
		for (const name of ['vehicle_licence', 'proof_of_ownership'])
			form.set(name, new File([new TextEncoder().encode('%PDF-1.4\n%%EOF\n')], `${name}.pdf`))
		const activated = await ctx.api.request(`/api/v1/policies/${policy.id}/activate`, {
			method: 'POST',
			headers: { authorization: `Bearer ${person.token}` },
			body: form,
		})
		expect(activated.status).toBe(200)
		expect(await todoIds(ctx, person.token)).toEqual([])
	})

	test('a member who may not buy or manage plans is not asked to', async () => {
		const viewer = await ctx.createMember(owner, 'Viewer')
		expect(await todoIds(ctx, viewer.token)).toEqual([])
	})

	test('todos reject a bad limit', async () => {
		const res = await ctx.call('GET', '/todos?limit=0', { token: owner.token })
		expect(res.status).toBe(400)
		expect(res.body).toEqual(fieldError('limit', 'The limit must be a whole number from 1 to 50.'))
	})
})
