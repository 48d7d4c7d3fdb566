import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterEach, beforeAll, expect, test, vi } from 'vitest'
import { CAC_UNAVAILABLE, createProviderCacRegistry } from '#api/cac/provider.ts'
import { customers } from '#api/db/schema.ts'
import { describeApi, testApi } from '#tests/support/test-api.ts'
import { CAC_NOT_FOUND } from './cac.ts'

type Ctx = Awaited<ReturnType<typeof testApi>>
type Account = Awaited<ReturnType<Ctx['createAccount']>>

const fieldError = (path: string, message: string) => ({ message, errors: [{ path, message }] })
const kyc = { sector: 'Healthcare', state: 'Lagos', lga: 'Ikeja', address: '1 Awolowo Way', phone: '08031234567' }

describeApi('CAC verification', () => {
	let ctx: Ctx
	let stranger: Account

	beforeAll(async () => {
		ctx = await testApi()
		stranger = await ctx.createAccount()
	})

	afterEach(() => {
		vi.unstubAllGlobals()
		vi.restoreAllMocks()
	})

	/** A new business registered with the CAC under this type and number. */
	async function registered(business_type: string, registration_number: string) {
		const account = await ctx.createAccount()
		const res = await ctx.call('POST', `/business/${account.customerId}`, {
			token: account.token,
			body: { ...kyc, business_type, registration_number },
		})
		expect(res.status).toBe(200)
		return account
	}
	const lookup = (a: Account, token = a.token) => ctx.call('POST', `/business/${a.customerId}/cac/lookup`, { token })
	const confirm = (a: Account, body: unknown, token = a.token) => ctx.call('POST', `/business/${a.customerId}/cac/confirm`, { token, body })

	test.each([
		['POST', `/business/${randomUUID()}/cac/lookup`],
		['POST', `/business/${randomUUID()}/cac/confirm`],
	])('%s %s needs a valid bearer token', async (method, path) => {
		expect(await ctx.call(method, path)).toMatchObject({ status: 401, body: { message: 'Missing authorization' } })
		expect(await ctx.call(method, path, { token: 'garbage' })).toMatchObject({ status: 401, body: { message: 'Invalid token' } })
	})

	test('lookup answers the registered company; confirming it verifies the business and records who did it', async () => {
		const owner = await registered('RC', 'rc 765 4321')
		const todoIds = async () => (await ctx.call('GET', '/todos', { token: owner.token })).body.data.map((t: { id: string }) => t.id)
		expect(await todoIds()).toEqual(['verify-cac', 'fund-wallet', 'buy-plan', 'add-staff'])

		const found = await lookup(owner)
		expect(found.status).toBe(200)
		expect(found.body.data).toEqual({ name: 'Eze Foods Ltd', registration_number: 'RC7654321', business_type: 'RC' })

		const res = await confirm(owner, { name: ' eze  foods LTD ' })
		expect(res.status).toBe(200)
		expect(res.body.message).toBe('Your business is verified with the CAC.')
		expect(res.body.data).toMatchObject({
			id: owner.customerId,
			name: 'Eze Foods Ltd',
			registration_number: 'RC7654321',
			meta: { cac_verified: true },
		})
		expect(await todoIds()).toEqual(['fund-wallet', 'buy-plan', 'add-staff'])
		const log = await ctx.call('GET', '/activities?type=business.cac_verified', { token: owner.token })
		expect(log.body.data.items).toEqual([
			expect.objectContaining({
				description: 'Ngozi verified the business with the CAC as Eze Foods Ltd (RC7654321)',
				actor: { id: owner.userId, name: 'Ngozi Eze' },
			}),
		])

		// Confirming again changes nothing and logs nothing.
		expect((await confirm(owner, { name: 'Eze Foods Ltd' })).status).toBe(200)
		expect((await ctx.call('GET', '/activities?type=business.cac_verified', { token: owner.token })).body.data.total).toBe(1)
	})

	test('the business takes its registered name; every register works: BN and IT too', async () => {
		for (const [type, number, name] of [
			['BN', 'BN2345678', 'Bakare Stores'],
			['IT', 'IT3456789', 'Hope Foundation'],
		] as const) {
			const owner = await registered(type, number)
			expect((await lookup(owner)).body.data).toEqual({ name, registration_number: number, business_type: type })
			const res = await confirm(owner, { name })
			expect(res.body.data).toMatchObject({ name, business_type: type, meta: { cac_verified: true } })
			const me = await ctx.call('GET', `/users/${owner.userId}`, { token: owner.token })
			expect(me.body.data.customer).toMatchObject({ name, meta: { cac_verified: true } })
		}
	})

	test('a new registration number must be verified again', async () => {
		const owner = await registered('RC', 'RC7654321')
		await confirm(owner, { name: 'Eze Foods Ltd' })
		const res = await ctx.call('POST', `/business/${owner.customerId}`, {
			token: owner.token,
			body: { ...kyc, business_type: 'RC', registration_number: 'RC1045832' },
		})
		expect(res.body.data.meta.cac_verified).toBe(false)
		expect((await lookup(owner)).body.data.name).toBe('Adeyemi Pharmaceuticals Ltd')
	})

	test('a number no company has is a field error, on lookup and on confirm', async () => {
		const owner = await registered('RC', 'RC1111111')
		for (const res of [await lookup(owner), await confirm(owner, { name: 'Eze Foods Ltd' })]) {
			expect(res.status).toBe(400)
			expect(res.body).toEqual(fieldError('registration_number', CAC_NOT_FOUND))
		}
		const after = await ctx.call('GET', `/users/${owner.userId}`, { token: owner.token })
		expect(after.body.data.customer.meta.cac_verified).toBe(false)
	})

	test('a number of another register is not found: RC7654321 is not a business name', async () => {
		const owner = await registered('RC', 'RC7654321')
		await ctx.db.update(customers).set({ businessType: 'BN', registrationNumber: 'BN7654321' }).where(eq(customers.id, owner.customerId))
		expect((await lookup(owner)).body).toEqual(fieldError('registration_number', CAC_NOT_FOUND))
	})

	test('a saved number of the wrong form for its type is refused before asking the registry', async () => {
		const owner = await registered('RC', 'RC7654321')
		await ctx.db.update(customers).set({ businessType: 'BN' }).where(eq(customers.id, owner.customerId))
		const res = await lookup(owner)
		expect(res.status).toBe(400)
		expect(res.body).toEqual(
			fieldError('registration_number', 'Enter the registration number as BN followed by its digits, like BN1234567.'),
		)
	})

	test('a business not registered with the CAC, or an individual, has nothing to look up', async () => {
		const unregistered = await registered('none', '')
		for (const res of [await lookup(unregistered), await confirm(unregistered, { name: 'Eze Foods Ltd' })]) {
			expect(res.status).toBe(400)
			expect(res.body).toEqual(fieldError('registration_number', 'Add the CAC registration number to your business details first.'))
		}
		const fresh = await ctx.createAccount()
		expect((await lookup(fresh)).body).toEqual(
			fieldError('registration_number', 'Add the CAC registration number to your business details first.'),
		)
		const person = await ctx.createAccount({ kind: 'individual' })
		expect(await lookup(person)).toMatchObject({ status: 400, body: { message: 'Only a business account can be verified with the CAC.' } })
	})

	test('confirm needs the registered name', async () => {
		const owner = await registered('RC', 'RC7654321')
		expect(await confirm(owner, {})).toMatchObject({ status: 400, body: fieldError('name', 'Confirm the registered name of the company.') })
		expect((await confirm(owner, { name: '  ' })).body).toEqual(fieldError('name', 'Confirm the registered name of the company.'))
		const wrong = await confirm(owner, { name: 'Eze Foods and Drinks Ltd' })
		expect(wrong.status).toBe(400)
		expect(wrong.body).toEqual(fieldError('name', 'That is not the name registered with this number. Look the number up again.'))
		const bodyless = await ctx.call('POST', `/business/${owner.customerId}/cac/confirm`, { token: owner.token })
		expect(bodyless).toMatchObject({ status: 400, body: { message: 'Send the request body as JSON (Content-Type: application/json).' } })
		expect((await ctx.call('GET', `/users/${owner.userId}`, { token: owner.token })).body.data.customer.meta.cac_verified).toBe(false)
	})

	test("another business's id is not found; a malformed id is bad input", async () => {
		const owner = await registered('RC', 'RC7654321')
		for (const id of [stranger.customerId, randomUUID()]) {
			for (const path of [`/business/${id}/cac/lookup`, `/business/${id}/cac/confirm`]) {
				const res = await ctx.call('POST', path, { token: owner.token, body: { name: 'Eze Foods Ltd' } })
				expect(res).toMatchObject({ status: 404, body: { message: 'We could not find that business.' } })
			}
		}
		expect((await ctx.call('POST', '/business/12/cac/lookup', { token: owner.token })).body).toEqual(fieldError('id', 'Not a valid id.'))
	})

	test('a member without business.manage may not look up or confirm', async () => {
		const owner = await registered('RC', 'RC7654321')
		for (const role of ['Viewer', 'Finance']) {
			const member = await ctx.createMember(owner, role)
			for (const res of [await lookup(owner, member.token), await confirm(owner, { name: 'Eze Foods Ltd' }, member.token)]) {
				expect(res).toMatchObject({ status: 403, body: { message: 'You do not have permission to do this.' } })
			}
		}
		const admin = await ctx.createMember(owner, 'Admin')
		expect((await lookup(owner, admin.token)).status).toBe(200)
	})

	test('with the provider adapter, its answers come through and its failures are a 502', async () => {
		vi.spyOn(console, 'warn').mockImplementation(() => {})
		const owner = await registered('RC', 'RC7654321')
		const provider = await testApi({ cac: createProviderCacRegistry({ url: 'https://cac.provider.test', key: 'k' }) })
		const answer = (status: number, body: unknown) =>
			vi.stubGlobal(
				'fetch',
				vi.fn(async () => Response.json(body, { status })),
			)

		answer(200, { company_name: 'EZE FOODS LIMITED', rc_number: '7654321', type: 'RC' })
		const found = await provider.call('POST', `/business/${owner.customerId}/cac/lookup`, { token: owner.token })
		expect(found.body.data).toEqual({ name: 'EZE FOODS LIMITED', registration_number: 'RC7654321', business_type: 'RC' })
		const confirmed = await provider.call('POST', `/business/${owner.customerId}/cac/confirm`, {
			token: owner.token,
			body: { name: 'Eze Foods Limited' },
		})
		expect(confirmed.body.data).toMatchObject({ name: 'EZE FOODS LIMITED', meta: { cac_verified: true } })

		answer(404, { message: 'not found' })
		expect((await provider.call('POST', `/business/${owner.customerId}/cac/lookup`, { token: owner.token })).body).toEqual(
			fieldError('registration_number', CAC_NOT_FOUND),
		)
		answer(500, { message: 'boom' })
		const down = await provider.call('POST', `/business/${owner.customerId}/cac/lookup`, { token: owner.token })
		expect(down).toMatchObject({ status: 502, body: { message: CAC_UNAVAILABLE } })
	})
})
