import { randomUUID } from 'node:crypto'
import { beforeAll, expect, test } from 'vitest'
import { PASSWORD_RULE } from '#api/contract/common.ts'
import { ALL_PERMISSIONS } from '#api/contract/permissions.ts'
import { SEED_ROLES } from '#api/domain/permissions.ts'
import { describeApi, testApi } from '#tests/support/test-api.ts'

type Ctx = Awaited<ReturnType<typeof testApi>>
type Account = Awaited<ReturnType<Ctx['createAccount']>>

const NOT_FOUND = { message: 'We could not find that account.' }
const FORBIDDEN = { message: 'You do not have permission to do this.' }
const BAD_ID = { message: 'Not a valid id.', errors: [{ path: 'id', message: 'Not a valid id.' }] }

describeApi('users and permissions', () => {
	let ctx: Ctx
	let owner: Account
	let stranger: Account
	let viewer: Account
	let finance: Account

	beforeAll(async () => {
		ctx = await testApi()
		;[owner, stranger] = await Promise.all([ctx.createAccount(), ctx.createAccount()])
		viewer = await ctx.createMember(owner, 'Viewer')
		finance = await ctx.createMember(owner, 'Finance')
	})

	test.each([
		['POST', '/users/find-existing-users'],
		['GET', `/users/${randomUUID()}`],
		['PATCH', `/users/${randomUUID()}`],
		['PATCH', `/users/${randomUUID()}/change-password`],
		['GET', `/permissions/user/${randomUUID()}`],
	])('%s %s needs a valid bearer token', async (method, path) => {
		expect(await ctx.call(method, path)).toMatchObject({ status: 401, body: { message: 'Missing authorization' } })
		expect(await ctx.call(method, path, { token: 'garbage' })).toMatchObject({ status: 401, body: { message: 'Invalid token' } })
	})

	test('GET /users/:id answers a user of your business with the business', async () => {
		const own = await ctx.call('GET', `/users/${owner.userId}`, { token: owner.token })
		expect(own.status).toBe(200)
		expect(own.body.data).toMatchObject({ id: owner.userId, email: owner.email, role: { name: 'Owner' } })
		expect(own.body.data.customer.id).toBe(owner.customerId)
		const member = await ctx.call('GET', `/users/${viewer.userId}`, { token: owner.token })
		expect(member.body.data).toMatchObject({ id: viewer.userId, role: { name: 'Viewer' } })
		expect(member.body.data.customer.id).toBe(owner.customerId)
		// A Viewer may see the team; Finance has no team.view but may see itself.
		expect((await ctx.call('GET', `/users/${owner.userId}`, { token: viewer.token })).status).toBe(200)
		expect(await ctx.call('GET', `/users/${owner.userId}`, { token: finance.token })).toMatchObject({ status: 403, body: FORBIDDEN })
		expect((await ctx.call('GET', `/users/${finance.userId}`, { token: finance.token })).status).toBe(200)
	})

	test('GET /users/:id of another business, or an unknown id, is not found; a malformed id is bad input', async () => {
		expect(await ctx.call('GET', `/users/${stranger.userId}`, { token: owner.token })).toMatchObject({ status: 404, body: NOT_FOUND })
		expect(await ctx.call('GET', `/users/${randomUUID()}`, { token: owner.token })).toMatchObject({ status: 404, body: NOT_FOUND })
		const bad = await ctx.call('GET', '/users/not-a-uuid', { token: owner.token })
		expect(bad.status).toBe(400)
		expect(bad.body).toEqual(BAD_ID)
	})

	test('PATCH /users/:id changes the name and normalizes the phone', async () => {
		const res = await ctx.call('PATCH', `/users/${owner.userId}`, {
			token: owner.token,
			body: { first_name: ' Adaeze ', phone: '+234 803 000 0000' },
		})
		expect(res.status).toBe(200)
		expect(res.body.message).toBe('Profile saved.')
		expect(res.body.data).toMatchObject({ first_name: 'Adaeze', last_name: 'Eze', phone: '08030000000' })
		// Decision 025: '+234…' as people in Nigeria write it is the same number.
		const international = await ctx.call('PATCH', `/users/${owner.userId}`, { token: owner.token, body: { phone: '+2348012345678' } })
		expect(international.body.data.phone).toBe('08012345678')
		expect((await ctx.call('GET', `/users/${owner.userId}`, { token: owner.token })).body.data.phone).toBe('08012345678')
		const activities = await ctx.call('GET', '/activities?type=user.updated', { token: owner.token })
		expect(activities.body.data.items[0].description).toBe('Profile of Adaeze Eze updated')
	})

	test('PATCH /users/:id rejects bad input, other businesses and members without team.manage', async () => {
		const empty = await ctx.call('PATCH', `/users/${owner.userId}`, { token: owner.token, body: {} })
		expect(empty.status).toBe(400)
		expect(empty.body).toEqual({ message: 'Change at least one field.', errors: [{ path: '', message: 'Change at least one field.' }] })
		const phone = await ctx.call('PATCH', `/users/${owner.userId}`, { token: owner.token, body: { phone: '0601234567' } })
		expect(phone.status).toBe(400)
		expect(phone.body).toEqual({
			message: 'Enter a valid Nigerian phone number, like 08031234567.',
			errors: [{ path: 'phone', message: 'Enter a valid Nigerian phone number, like 08031234567.' }],
		})
		// A '+' inside the number is kept, not dropped, so the number is refused rather than quietly changed.
		const plus = await ctx.call('PATCH', `/users/${owner.userId}`, { token: owner.token, body: { phone: '0803+1234567' } })
		expect(plus).toMatchObject({ status: 400, body: { errors: [{ path: 'phone' }] } })
		const name = await ctx.call('PATCH', `/users/${owner.userId}`, { token: owner.token, body: { last_name: '  ' } })
		expect(name.body).toEqual({ message: 'Enter your last name.', errors: [{ path: 'last_name', message: 'Enter your last name.' }] })

		const body = { first_name: 'Mallory' }
		expect(await ctx.call('PATCH', `/users/${stranger.userId}`, { token: owner.token, body })).toMatchObject({
			status: 404,
			body: NOT_FOUND,
		})
		expect(await ctx.call('PATCH', `/users/${owner.userId}`, { token: viewer.token, body })).toMatchObject({ status: 403, body: FORBIDDEN })
		expect((await ctx.call('PATCH', `/users/${viewer.userId}`, { token: viewer.token, body: { first_name: 'Bolu' } })).status).toBe(200)
		expect((await ctx.call('GET', `/users/${stranger.userId}`, { token: stranger.token })).body.data.first_name).toBe('Ngozi')
	})

	test('PATCH /users/:id: an Admin renames a Viewer but not an Owner, who holds more than the Admin', async () => {
		const admin = await ctx.createMember(owner, 'Admin')
		const member = await ctx.createMember(owner, 'Viewer')
		const renamed = await ctx.call('PATCH', `/users/${member.userId}`, { token: admin.token, body: { first_name: 'Tolu' } })
		expect(renamed).toMatchObject({ status: 200, body: { data: { first_name: 'Tolu' } } })
		const refused = await ctx.call('PATCH', `/users/${owner.userId}`, { token: admin.token, body: { first_name: 'Mallory' } })
		expect(refused).toMatchObject({
			status: 403,
			body: { message: 'Only someone with every permission of the Owner role can change this member.' },
		})
		expect((await ctx.call('GET', `/users/${owner.userId}`, { token: owner.token })).body.data.first_name).not.toBe('Mallory')
		// Their own profile, whatever they hold.
		expect((await ctx.call('PATCH', `/users/${admin.userId}`, { token: admin.token, body: { first_name: 'Ada' } })).status).toBe(200)
	})

	test('change-password keeps this session and signs out the others', async () => {
		const { call, createAccount } = ctx
		const me = await createAccount({ verified: false })
		const other = (await call('POST', '/auth/sign-in', { body: { email: me.email, password: me.password } })).body.data.access_token
		const newPassword = 'Changed-pass-42'
		const res = await call('PATCH', `/users/${me.userId}/change-password`, {
			token: me.token,
			body: { current_password: me.password, new_password: newPassword },
		})
		expect(res).toMatchObject({ status: 200, body: { message: 'Password changed. Your other sessions were signed out.' } })
		expect((await call('GET', `/users/${me.userId}`, { token: me.token })).status).toBe(200)
		expect(await call('GET', `/users/${me.userId}`, { token: other })).toMatchObject({ status: 401, body: { message: 'Invalid token' } })
		expect((await call('POST', '/auth/sign-in', { body: { email: me.email, password: me.password } })).status).toBe(400)
		expect((await call('POST', '/auth/sign-in', { body: { email: me.email, password: newPassword } })).status).toBe(200)
	})

	test('change-password rejects a wrong current password, a weak or unchanged new one, and anyone else', async () => {
		const path = `/users/${owner.userId}/change-password`
		const change = (body: object, token = owner.token, to = path) => ctx.call('PATCH', to, { token, body })
		const wrong = await change({ current_password: 'Wrong-pass-1', new_password: 'Changed-pass-42' })
		expect(wrong.status).toBe(400)
		expect(wrong.body).toEqual({
			message: 'Your current password is not right.',
			errors: [{ path: 'current_password', message: 'Your current password is not right.' }],
		})
		const same = await change({ current_password: owner.password, new_password: owner.password })
		expect(same.status).toBe(400)
		expect(same.body.errors).toEqual([{ path: 'new_password', message: 'Choose a new password that differs from the current one.' }])
		const weak = await change({ current_password: owner.password, new_password: 'short' })
		expect(weak.body).toEqual({ message: PASSWORD_RULE, errors: [{ path: 'new_password', message: PASSWORD_RULE }] })
		const missing = await change({ new_password: 'Changed-pass-42' })
		expect(missing.body).toEqual({
			message: 'Enter your current password.',
			errors: [{ path: 'current_password', message: 'Enter your current password.' }],
		})

		const body = { current_password: owner.password, new_password: 'Changed-pass-42' }
		for (const id of [stranger.userId, viewer.userId]) {
			expect(await change(body, owner.token, `/users/${id}/change-password`)).toMatchObject({ status: 404, body: NOT_FOUND })
		}
		expect((await ctx.call('POST', '/auth/sign-in', { body: { email: owner.email, password: owner.password } })).status).toBe(200)
	})

	test('find-existing-users tells which addresses belong to your business, never another', async () => {
		const unknown = `nobody-${randomUUID().slice(0, 8)}@example.test`
		const res = await ctx.call('POST', '/users/find-existing-users', {
			token: owner.token,
			body: { emails: [viewer.email.toUpperCase(), unknown, stranger.email] },
		})
		expect(res.status).toBe(200)
		expect(res.body.data.existing).toEqual([viewer.email])
		const other = await ctx.call('POST', '/users/find-existing-users', { token: owner.token, body: { emails: [stranger.email] } })
		expect(other.body.data.existing).toEqual([])
		const empty = await ctx.call('POST', '/users/find-existing-users', { token: owner.token, body: { emails: [] } })
		expect(empty.body).toEqual({
			message: 'Give at least one email address.',
			errors: [{ path: 'emails', message: 'Give at least one email address.' }],
		})
		const bad = await ctx.call('POST', '/users/find-existing-users', { token: owner.token, body: { emails: [unknown, 'nope'] } })
		expect(bad.status).toBe(400)
		expect(bad.body.errors).toEqual([{ path: 'emails.1', message: 'Enter a valid email address, like name@company.com.' }])
		const noPermission = await ctx.call('POST', '/users/find-existing-users', { token: finance.token, body: { emails: [unknown] } })
		expect(noPermission).toMatchObject({ status: 403, body: FORBIDDEN })
	})

	test('GET /permissions/user/:id lists the role permissions, lowercased and sorted', async () => {
		const own = await ctx.call('GET', `/permissions/user/${owner.userId}`, { token: owner.token })
		expect(own.status).toBe(200)
		expect(own.body.data).toEqual([...ALL_PERMISSIONS].sort())
		const ofViewer = await ctx.call('GET', `/permissions/user/${viewer.userId}`, { token: owner.token })
		const viewerRole = SEED_ROLES.find((r) => r.name === 'Viewer')!
		expect(ofViewer.body.data).toEqual([...viewerRole.permissions].sort())
		expect((await ctx.call('GET', `/permissions/user/${finance.userId}`, { token: finance.token })).status).toBe(200)
		expect(await ctx.call('GET', `/permissions/user/${owner.userId}`, { token: finance.token })).toMatchObject({
			status: 403,
			body: FORBIDDEN,
		})
	})

	test('GET /permissions/user/:id of another business is not found; a malformed id is bad input', async () => {
		const other = await ctx.call('GET', `/permissions/user/${stranger.userId}`, { token: owner.token })
		expect(other).toMatchObject({ status: 404, body: NOT_FOUND })
		const bad = await ctx.call('GET', '/permissions/user/42', { token: owner.token })
		expect(bad.status).toBe(400)
		expect(bad.body).toEqual(BAD_ID)
	})
})
