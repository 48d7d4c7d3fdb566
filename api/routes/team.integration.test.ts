import { randomUUID } from 'node:crypto'
import { beforeAll, expect, test } from 'vitest'
import { PASSWORD_RULE } from '#api/contract/common.ts'
import { describeApi, testApi } from '#tests/support/test-api.ts'

// GET /invitations/preview and POST /invitations/activate are public (the invitee has no account
// yet): they take the invitation token instead of a bearer token, so there is no 401 case for them.

type Ctx = Awaited<ReturnType<typeof testApi>>
type Account = Awaited<ReturnType<Ctx['createAccount']>>

const DAY = 24 * 60 * 60 * 1000
const GONE = { message: 'This invitation has expired or was already used. Ask for a new one.' }
const fieldError = (path: string, message: string) => ({ message, errors: [{ path, message }] })
const newEmail = () => `invitee-${randomUUID().slice(0, 8)}@example.test`
const person = { first_name: 'Bola', last_name: 'Ade', password: 'Invitee-pass-1' }

describeApi('team and invitations', () => {
	let ctx: Ctx
	let owner: Account
	let stranger: Account

	beforeAll(async () => {
		ctx = await testApi()
		;[owner, stranger] = await Promise.all([ctx.createAccount(), ctx.createAccount()])
	})

	const invite = async (email: string, role = 'Admin', token = owner.token) =>
		ctx.call('POST', '/invitations', { token, body: { email, role_id: await ctx.roleId(role) } })

	test.each([
		['GET', `/team/${randomUUID()}`],
		['GET', `/team/member/${randomUUID()}`],
		['POST', '/invitations'],
	])('%s %s needs a valid bearer token', async (method, path) => {
		expect(await ctx.call(method, path)).toMatchObject({ status: 401, body: { message: 'Missing authorization' } })
		expect(await ctx.call(method, path, { token: 'garbage' })).toMatchObject({ status: 401, body: { message: 'Invalid token' } })
	})

	test('an invitation is mailed, previewed and activated once into a verified member with the role', async () => {
		const email = newEmail()
		const res = await invite(email.toUpperCase())
		expect(res.status).toBe(201)
		expect(res.body.message).toBe(`Invitation sent to ${email}.`)
		expect(res.body.data).toMatchObject({ email, role: { name: 'Admin' }, status: 'pending' })
		expect(new Date(res.body.data.expires_at).getTime() - new Date(res.body.data.created_at).getTime()).toBe(7 * DAY)

		const mail = await ctx.latestMail(email)
		expect(mail!.subject).toBe('You are invited to Eze Foods Ltd')
		expect(mail!.text).toContain('http://portal.test/invitation?token=')
		const token = await ctx.invitationToken(email)

		const preview = await ctx.call('GET', `/invitations/preview?token=${token}`)
		expect(preview.status).toBe(200)
		expect(preview.body.data).toEqual({ email, business_name: 'Eze Foods Ltd', role: 'Admin', expires_at: res.body.data.expires_at })

		const activated = await ctx.call('POST', '/invitations/activate', { body: { token, ...person } })
		expect(activated.status).toBe(201)
		expect(activated.body.message).toBe('Welcome to the team.')
		const user = activated.body.data
		expect(user).toMatchObject({ email, first_name: 'Bola', last_name: 'Ade', role: { name: 'Admin' } })
		expect(user.email_verified_at).not.toBeNull()
		expect(user.customer.id).toBe(owner.customerId)
		expect((await ctx.call('GET', `/team/${owner.customerId}`, { token: user.access_token })).status).toBe(200)
		expect((await ctx.call('POST', '/auth/sign-in', { body: { email, password: person.password } })).status).toBe(200)

		expect(await ctx.call('POST', '/invitations/activate', { body: { token, ...person } })).toMatchObject({ status: 410, body: GONE })
		expect(await ctx.call('GET', `/invitations/preview?token=${token}`)).toMatchObject({ status: 410, body: GONE })
	})

	test('an invitation expires after 7 days', async () => {
		const clock = await testApi()
		const email = newEmail()
		expect(
			(await clock.call('POST', '/invitations', { token: owner.token, body: { email, role_id: await clock.roleId('HR') } })).status,
		).toBe(201)
		const token = await clock.invitationToken(email)
		clock.advanceClock(7 * DAY - 60_000)
		expect((await clock.call('GET', `/invitations/preview?token=${token}`)).status).toBe(200)
		clock.advanceClock(60_000 + 1000)
		expect(await clock.call('GET', `/invitations/preview?token=${token}`)).toMatchObject({ status: 410, body: GONE })
		expect(await clock.call('POST', '/invitations/activate', { body: { token, ...person } })).toMatchObject({ status: 410, body: GONE })
		// The owner's token of a week ago has expired too: sign in again.
		const signIn = await clock.call('POST', '/auth/sign-in', { body: { email: owner.email, password: owner.password } })
		const team = await clock.call('GET', `/team/${owner.customerId}`, { token: signIn.body.data.access_token })
		expect(team.body.data.invitations.find((i: { email: string }) => i.email === email).status).toBe('expired')
	})

	test('a new invitation to the same address replaces the pending one', async () => {
		const email = newEmail()
		await invite(email)
		const first = await ctx.invitationToken(email)
		await invite(email, 'HR')
		expect(await ctx.call('GET', `/invitations/preview?token=${first}`)).toMatchObject({ status: 410, body: GONE })
		const second = await ctx.call('GET', `/invitations/preview?token=${await ctx.invitationToken(email)}`)
		expect(second.body.data.role).toBe('HR')
	})

	test('inviting an address that already has an account is a conflict', async () => {
		const res = await invite(stranger.email.toUpperCase())
		expect(res.status).toBe(409)
		expect(res.body).toEqual(fieldError('email', 'Someone with this email already has an account.'))
	})

	test('activating after the address got an account elsewhere is a conflict', async () => {
		const email = newEmail()
		await invite(email)
		const token = await ctx.invitationToken(email)
		const signUp = await ctx.call('POST', '/auth/sign-up', {
			body: { account_type: 'individual', first_name: 'Bola', last_name: 'Ade', email, phone: '08031234567', password: person.password },
		})
		expect(signUp.status).toBe(201)
		const res = await ctx.call('POST', '/invitations/activate', { body: { token, ...person } })
		expect(res).toMatchObject({ status: 409, body: { message: 'Someone with this email already has an account. Sign in instead.' } })
	})

	test('POST /invitations rejects bad input and roles of other businesses', async () => {
		const bad = await ctx.call('POST', '/invitations', { token: owner.token, body: { email: 'nope', role_id: 'admin' } })
		expect(bad.status).toBe(400)
		expect(bad.body.message).toBe('Enter a valid email address, like name@company.com.')
		expect(bad.body.errors).toEqual([
			{ path: 'email', message: 'Enter a valid email address, like name@company.com.' },
			{ path: 'role_id', message: 'Not a valid id.' },
		])
		const unknownRole = await ctx.call('POST', '/invitations', { token: owner.token, body: { email: newEmail(), role_id: randomUUID() } })
		expect(unknownRole.status).toBe(400)
		expect(unknownRole.body).toEqual(fieldError('role_id', 'Choose a role from the list.'))
	})

	test('a Viewer may see the team but not invite', async () => {
		const viewer = await ctx.createMember(owner, 'Viewer')
		const res = await invite(newEmail(), 'Admin', viewer.token)
		expect(res).toMatchObject({ status: 403, body: { message: 'You do not have permission to do this.' } })
		expect((await ctx.call('GET', `/team/${owner.customerId}`, { token: viewer.token })).status).toBe(200)
	})

	test('preview and activate reject a malformed or unknown token', async () => {
		const noToken = await ctx.call('GET', '/invitations/preview')
		expect(noToken.status).toBe(400)
		expect(noToken.body).toEqual(fieldError('token', 'This invitation link is not valid.'))
		expect(await ctx.call('GET', `/invitations/preview?token=${'x'.repeat(43)}`)).toMatchObject({ status: 410, body: GONE })
		const short = await ctx.call('POST', '/invitations/activate', { body: { ...person, token: 'abc' } })
		expect(short.body).toEqual(fieldError('token', 'This invitation link is not valid.'))
		const weak = await ctx.call('POST', '/invitations/activate', { body: { ...person, token: 'x'.repeat(43), password: 'weak' } })
		expect(weak.status).toBe(400)
		expect(weak.body).toEqual(fieldError('password', PASSWORD_RULE))
		const noName = await ctx.call('POST', '/invitations/activate', { body: { ...person, token: 'x'.repeat(43), first_name: '' } })
		expect(noName.body).toEqual(fieldError('first_name', 'Enter your first name.'))
	})

	test('GET /team/:id lists the members and the invitations not yet accepted', async () => {
		const email = newEmail()
		await invite(email, 'Finance')
		const res = await ctx.call('GET', `/team/${owner.customerId}`, { token: owner.token })
		expect(res.status).toBe(200)
		const { members, invitations } = res.body.data
		expect(members[0]).toMatchObject({ id: owner.userId, email: owner.email, status: 'active', role: { name: 'Owner' } })
		expect(members.every((m: { email: string }) => m.email !== stranger.email)).toBe(true)
		expect(invitations[0]).toMatchObject({ email, status: 'pending', role: { name: 'Finance' } })
		const joined = members.map((m: { email: string }) => m.email)
		expect(invitations.some((i: { email: string }) => joined.includes(i.email))).toBe(false)
	})

	test('GET /team/:id of another business is not found; a malformed id is bad input', async () => {
		const other = await ctx.call('GET', `/team/${stranger.customerId}`, { token: owner.token })
		expect(other).toMatchObject({ status: 404, body: { message: 'We could not find that business.' } })
		const bad = await ctx.call('GET', '/team/abc', { token: owner.token })
		expect(bad.status).toBe(400)
		expect(bad.body).toEqual(fieldError('id', 'Not a valid id.'))
	})

	test('GET /team/member/:id answers a member of your business only', async () => {
		const res = await ctx.call('GET', `/team/member/${owner.userId}`, { token: owner.token })
		expect(res.status).toBe(200)
		expect(res.body.data).toMatchObject({ id: owner.userId, first_name: 'Ngozi', role: { name: 'Owner' } })
		const other = await ctx.call('GET', `/team/member/${stranger.userId}`, { token: owner.token })
		expect(other).toMatchObject({ status: 404, body: { message: 'We could not find that team member.' } })
		const bad = await ctx.call('GET', '/team/member/1', { token: owner.token })
		expect(bad.body).toEqual(fieldError('id', 'Not a valid id.'))
	})
})
