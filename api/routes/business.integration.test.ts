import { randomUUID } from 'node:crypto'
import { beforeAll, expect, test } from 'vitest'
import { describeApi, testApi } from '#tests/support/test-api.ts'

type Ctx = Awaited<ReturnType<typeof testApi>>
type Account = Awaited<ReturnType<Ctx['createAccount']>>

const NOT_FOUND = { message: 'We could not find that business.' }
const kyc = {
	sector: 'Healthcare',
	business_type: 'RC',
	registration_number: 'rc 123 4567',
	state: 'Lagos',
	lga: 'Ikeja',
	address: '1 Awolowo Way',
	phone: '+234 803 123 4567',
}
const fieldError = (path: string, message: string) => ({ message, errors: [{ path, message }] })

describeApi('business', () => {
	let ctx: Ctx
	let owner: Account
	let stranger: Account

	beforeAll(async () => {
		ctx = await testApi()
		;[owner, stranger] = await Promise.all([ctx.createAccount(), ctx.createAccount()])
	})

	test.each([
		['POST', `/business/${randomUUID()}`],
		['PATCH', `/business/${randomUUID()}`],
	])('%s %s needs a valid bearer token', async (method, path) => {
		expect(await ctx.call(method, path)).toMatchObject({ status: 401, body: { message: 'Missing authorization' } })
		expect(await ctx.call(method, path, { token: 'garbage' })).toMatchObject({ status: 401, body: { message: 'Invalid token' } })
	})

	test('POST /business/:id saves the KYC details and normalizes the registration number and phone', async () => {
		const res = await ctx.call('POST', `/business/${owner.customerId}`, { token: owner.token, body: kyc })
		expect(res.status).toBe(200)
		expect(res.body.message).toBe('Your details are saved.')
		expect(res.body.data).toMatchObject({
			id: owner.customerId,
			kind: 'business',
			name: 'Eze Foods Ltd',
			sector: 'Healthcare',
			business_type: 'RC',
			registration_number: 'RC1234567',
			state: 'Lagos',
			lga: 'Ikeja',
			address: '1 Awolowo Way',
			phone: '08031234567',
			meta: { cac_verified: false, sector: 'Healthcare' },
		})
		const activities = await ctx.call('GET', '/activities?type=business.updated', { token: owner.token })
		expect(activities.body.data.items[0].description).toBe('Ngozi updated the business details')
	})

	test('POST /business/:id with business_type none keeps no registration number', async () => {
		const res = await ctx.call('POST', `/business/${owner.customerId}`, {
			token: owner.token,
			body: { ...kyc, business_type: 'none', registration_number: 'anything' },
		})
		expect(res.status).toBe(200)
		expect(res.body.data).toMatchObject({ business_type: 'none', registration_number: null })
	})

	test('POST /business/:id for an individual ignores the business type', async () => {
		const person = await ctx.createAccount({ kind: 'individual' })
		const res = await ctx.call('POST', `/business/${person.customerId}`, {
			token: person.token,
			body: { ...kyc, business_type: undefined, registration_number: undefined, name: 'Ignored Ltd' },
		})
		expect(res.status).toBe(200)
		expect(res.body.data).toMatchObject({ kind: 'individual', name: 'Ngozi Eze', business_type: null, registration_number: null })
	})

	test('POST /business/:id rejects bad input field by field', async () => {
		const post = (body: object) => ctx.call('POST', `/business/${owner.customerId}`, { token: owner.token, body })
		const registration = await post({ ...kyc, business_type: 'BN', registration_number: 'RC1234567' })
		expect(registration.status).toBe(400)
		expect(registration.body).toEqual(
			fieldError('registration_number', 'Enter the registration number as BN followed by its digits, like BN1234567.'),
		)
		const noType = await post({ ...kyc, business_type: undefined })
		expect(noType.status).toBe(400)
		expect(noType.body).toEqual(fieldError('business_type', 'Choose how the business is registered.'))
		expect((await post({ ...kyc, sector: 'Piracy' })).body).toEqual(fieldError('sector', 'Choose a sector from the list.'))
		expect((await post({ ...kyc, lga: 'Kano Municipal' })).body).toEqual(
			fieldError('lga', 'Choose a local government area of the chosen state.'),
		)
		expect((await post({ ...kyc, address: ' ' })).body).toEqual(fieldError('address', 'Enter an address.'))
		const missing = await post({ business_type: 'none' })
		expect(missing.status).toBe(400)
		expect(missing.body.message).toBe('Enter a sector.')
		expect(missing.body.errors.map((e: { path: string }) => e.path)).toEqual(['sector', 'state', 'lga', 'address', 'phone'])
	})

	test('POST /business/:id of another business, or an unknown id, is not found', async () => {
		for (const id of [stranger.customerId, randomUUID()]) {
			const res = await ctx.call('POST', `/business/${id}`, { token: owner.token, body: kyc })
			expect(res).toMatchObject({ status: 404, body: NOT_FOUND })
		}
		const bad = await ctx.call('POST', '/business/123', { token: owner.token, body: kyc })
		expect(bad.status).toBe(400)
		expect(bad.body).toEqual(fieldError('id', 'Not a valid id.'))
		const after = await ctx.call('GET', `/users/${stranger.userId}`, { token: stranger.token })
		expect(after.body.data.customer.sector).toBeNull()
	})

	test('a member without business.manage may not change the business', async () => {
		const viewer = await ctx.createMember(owner, 'Viewer')
		const post = await ctx.call('POST', `/business/${owner.customerId}`, { token: viewer.token, body: kyc })
		expect(post).toMatchObject({ status: 403, body: { message: 'You do not have permission to do this.' } })
		const patch = await ctx.call('PATCH', `/business/${owner.customerId}`, { token: viewer.token, body: { name: 'Mine' } })
		expect(patch.status).toBe(403)
	})

	test('PATCH /business/:id changes some details and keeps the rest', async () => {
		await ctx.call('POST', `/business/${owner.customerId}`, { token: owner.token, body: kyc })
		const res = await ctx.call('PATCH', `/business/${owner.customerId}`, {
			token: owner.token,
			body: { name: 'Eze Foods Nigeria Ltd', lga: 'Surulere' },
		})
		expect(res.status).toBe(200)
		expect(res.body.data).toMatchObject({
			name: 'Eze Foods Nigeria Ltd',
			state: 'Lagos',
			lga: 'Surulere',
			sector: 'Healthcare',
			registration_number: 'RC1234567',
		})
		const sector = await ctx.call('PATCH', `/business/${owner.customerId}`, { token: owner.token, body: { sector: 'Legal' } })
		expect(sector.body.data).toMatchObject({ sector: 'Legal', meta: { sector: 'Legal' } })
	})

	test('PATCH /business/:id rejects bad input and other businesses', async () => {
		const patch = (body: object, id = owner.customerId) => ctx.call('PATCH', `/business/${id}`, { token: owner.token, body })
		const empty = await patch({})
		expect(empty.status).toBe(400)
		expect(empty.body).toEqual(fieldError('', 'Change at least one field.'))
		// A new state needs a local government area of that state.
		expect((await patch({ state: 'Kano' })).body).toEqual(fieldError('lga', 'Choose a local government area of the chosen state.'))
		expect((await patch({ phone: '123' })).body).toEqual(fieldError('phone', 'Enter a valid Nigerian phone number, like 08031234567.'))
		expect((await patch({ name: 'x'.repeat(121) })).body).toEqual(fieldError('name', 'Use at most 120 characters for the business name.'))
		expect(await patch({ name: 'Taken Over Ltd' }, stranger.customerId)).toMatchObject({ status: 404, body: NOT_FOUND })
		expect(await patch({ name: 'Taken Over Ltd' }, randomUUID())).toMatchObject({ status: 404, body: NOT_FOUND })
	})
})
