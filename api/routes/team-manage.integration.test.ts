import { randomUUID } from 'node:crypto'
import { beforeAll, expect, test } from 'vitest'
import { describeApi, testApi } from '#tests/support/test-api.ts'

// PATCH /team/member/:id, POST /invitations/:id/resend and DELETE /invitations/:id: managing a team.

type Ctx = Awaited<ReturnType<typeof testApi>>
type Account = Awaited<ReturnType<Ctx['createAccount']>>

const DAY = 24 * 60 * 60 * 1000
const FORBIDDEN = { status: 403, body: { message: 'You do not have permission to do this.' } }
const NO_OWNER = { status: 409, body: { message: 'A business needs at least one active owner.' } }
const GONE = { status: 410, body: { message: 'This invitation has expired or was already used. Ask for a new one.' } }
const fieldError = (path: string, message: string) => ({ message, errors: [{ path, message }] })
const newEmail = () => `invitee-${randomUUID().slice(0, 8)}@example.test`
const person = { first_name: 'Bola', last_name: 'Ade', password: 'Invitee-pass-1' }

describeApi('managing the team', () => {
	let ctx: Ctx
	let owner: Account
	let stranger: Account

	beforeAll(async () => {
		ctx = await testApi()
		;[owner, stranger] = await Promise.all([ctx.createAccount(), ctx.createAccount()])
	})

	const patch = (id: string, body: unknown, token = owner.token) => ctx.call('PATCH', `/team/member/${id}`, { token, body })
	const invite = async (email = newEmail(), role = 'HR', token = owner.token) => {
		const res = await ctx.call('POST', '/invitations', { token, body: { email, role_id: await ctx.roleId(role) } })
		expect(res.status).toBe(201)
		return { id: res.body.data.id as string, email, token: await ctx.invitationToken(email) }
	}
	const activity = async (type: string, account = owner) =>
		(await ctx.call('GET', `/activities?type=${type}&page_size=1`, { token: account.token })).body.data.items[0]?.description

	test.each([
		['PATCH', `/team/member/${randomUUID()}`],
		['POST', `/invitations/${randomUUID()}/resend`],
		['DELETE', `/invitations/${randomUUID()}`],
	])('%s %s needs a valid bearer token', async (method, path) => {
		expect(await ctx.call(method, path)).toMatchObject({ status: 401, body: { message: 'Missing authorization' } })
		expect(await ctx.call(method, path, { token: 'garbage' })).toMatchObject({ status: 401, body: { message: 'Invalid token' } })
	})

	test("PATCH /team/member/:id changes a member's role and with it their permissions", async () => {
		const member = await ctx.createMember(owner, 'Viewer')
		expect(await ctx.call('GET', '/roles', { token: member.token })).toMatchObject({ status: 200 })
		const res = await patch(member.userId, { role_id: await ctx.roleId('Finance') })
		expect(res.status).toBe(200)
		expect(res.body.message).toBe('Team member saved.')
		expect(res.body.data).toMatchObject({ id: member.userId, email: member.email, status: 'active', role: { name: 'Finance' } })
		expect(await activity('team.role_changed')).toBe('Ngozi changed the role of Bola Ade from Viewer to Finance')
		expect(await ctx.call('GET', '/roles', { token: member.token })).toMatchObject(FORBIDDEN)
		const unchanged = await patch(member.userId, { role_id: await ctx.roleId('Finance'), status: 'active' })
		expect(unchanged).toMatchObject({ status: 200, body: { message: 'Nothing to change.' } })
	})

	test('deactivating signs the member out everywhere; reactivating lets them sign in again', async () => {
		const member = await ctx.createMember(owner, 'HR')
		const second = await ctx.call('POST', '/auth/sign-in', { body: { email: member.email, password: member.password } })
		const res = await patch(member.userId, { status: 'deactivated' })
		expect(res.body.data).toMatchObject({ status: 'deactivated', role: { name: 'HR' } })
		expect(await activity('team.deactivated')).toBe('Ngozi deactivated Bola Ade')
		for (const token of [member.token, second.body.data.access_token]) {
			expect(await ctx.call('GET', `/users/${member.userId}`, { token })).toMatchObject({ status: 401, body: { message: 'Invalid token' } })
		}
		const signIn = await ctx.call('POST', '/auth/sign-in', { body: { email: member.email, password: member.password } })
		expect(signIn.status).toBe(403)
		const team = await ctx.call('GET', `/team/${owner.customerId}`, { token: owner.token })
		expect(team.body.data.members.find((m: { id: string }) => m.id === member.userId).status).toBe('deactivated')

		expect((await patch(member.userId, { status: 'active' })).body.data.status).toBe('active')
		expect(await activity('team.reactivated')).toBe('Ngozi reactivated Bola Ade')
		expect((await ctx.call('POST', '/auth/sign-in', { body: { email: member.email, password: member.password } })).status).toBe(200)
	})

	test('nobody deactivates themselves', async () => {
		const res = await patch(owner.userId, { status: 'deactivated' })
		expect(res.status).toBe(400)
		expect(res.body).toEqual(fieldError('status', 'You cannot deactivate yourself. Ask another member with team access.'))
		const admin = await ctx.createMember(owner, 'Admin')
		expect((await patch(admin.userId, { status: 'deactivated' }, admin.token)).status).toBe(400)
	})

	test('the last active Owner keeps the role; with another Owner it can be handed over', async () => {
		const business = await ctx.createAccount()
		const viewer = await ctx.roleId('Viewer')
		expect(await patch(business.userId, { role_id: viewer }, business.token)).toMatchObject(NO_OWNER)
		const second = await ctx.createMember(business, 'Owner')
		// A deactivated Owner does not count.
		expect((await patch(second.userId, { status: 'deactivated' }, business.token)).status).toBe(200)
		expect(await patch(business.userId, { role_id: viewer }, business.token)).toMatchObject(NO_OWNER)
		expect((await patch(second.userId, { status: 'active' }, business.token)).status).toBe(200)
		const demoted = await patch(business.userId, { role_id: viewer }, business.token)
		expect(demoted.body.data.role.name).toBe('Viewer')
		expect(await activity('team.role_changed', business)).toBe('Ngozi changed the role of Ngozi Eze from Owner to Viewer')
		// Deactivating signed the second Owner out: they sign in again.
		const signIn = await ctx.call('POST', '/auth/sign-in', { body: { email: second.email, password: second.password } })
		const token = signIn.body.data.access_token
		expect(await patch(second.userId, { role_id: await ctx.roleId('Admin') }, token)).toMatchObject(NO_OWNER)
		expect((await patch(business.userId, { role_id: await ctx.roleId('Owner') }, token)).body.data.role.name).toBe('Owner')
	})

	test('two demotions at once still leave an owner', async () => {
		const business = await ctx.createAccount()
		const second = await ctx.createMember(business, 'Owner')
		const admin = await ctx.roleId('Admin')
		const results = await Promise.all([
			patch(business.userId, { role_id: admin }, business.token),
			patch(second.userId, { role_id: admin }, second.token),
		])
		expect(results.map((r) => r.status).sort()).toEqual([200, 409])
	})

	test('a member never gives a role, or changes a member, beyond their own permissions', async () => {
		const admin = await ctx.createMember(owner, 'Admin')
		const viewer = await ctx.createMember(owner, 'Viewer')
		const res = await patch(viewer.userId, { role_id: await ctx.roleId('Owner') }, admin.token)
		expect(res.status).toBe(400)
		expect(res.body).toEqual(fieldError('role_id', 'You can only give a role whose permissions you have yourself.'))
		expect((await patch(admin.userId, { role_id: await ctx.roleId('Owner') }, admin.token)).status).toBe(400)
		const onOwner = await patch(owner.userId, { status: 'deactivated' }, admin.token)
		expect(onOwner).toMatchObject({
			status: 403,
			body: { message: 'Only someone with every permission of the Owner role can change this member.' },
		})
		const invited = await ctx.call('POST', '/invitations', {
			token: admin.token,
			body: { email: newEmail(), role_id: await ctx.roleId('Owner') },
		})
		expect(invited.body).toEqual(fieldError('role_id', 'You can only give a role whose permissions you have yourself.'))
		expect((await patch(viewer.userId, { role_id: await ctx.roleId('HR') }, admin.token)).status).toBe(200)
	})

	test('PATCH /team/member/:id rejects bad input', async () => {
		const member = await ctx.createMember(owner, 'Viewer')
		expect(await patch(member.userId, {})).toMatchObject({ status: 400, body: fieldError('', 'Change the role or the status.') })
		expect((await patch(member.userId, { status: 'gone' })).body).toEqual(fieldError('status', 'The status must be active or deactivated.'))
		expect((await patch(member.userId, { role_id: 'admin' })).body).toEqual(fieldError('role_id', 'Not a valid id.'))
		expect((await patch(member.userId, { role_id: randomUUID() })).body).toEqual(fieldError('role_id', 'Choose a role from the list.'))
		const theirs = await ctx.call('POST', '/roles', { token: stranger.token, body: { name: 'Theirs', permissions: ['claims.view'] } })
		expect((await patch(member.userId, { role_id: theirs.body.data.id })).body).toEqual(
			fieldError('role_id', 'Choose a role from the list.'),
		)
		expect((await patch('12', { status: 'active' })).body).toEqual(fieldError('id', 'Not a valid id.'))
	})

	test("PATCH /team/member/:id of another business's member is not found; without team.manage it is forbidden", async () => {
		for (const id of [stranger.userId, randomUUID()]) {
			expect(await patch(id, { status: 'deactivated' })).toMatchObject({
				status: 404,
				body: { message: 'We could not find that team member.' },
			})
		}
		expect((await ctx.call('GET', `/users/${stranger.userId}`, { token: stranger.token })).status).toBe(200)
		const viewer = await ctx.createMember(owner, 'Viewer')
		const hr = await ctx.createMember(owner, 'HR')
		expect(await patch(hr.userId, { status: 'deactivated' }, viewer.token)).toMatchObject(FORBIDDEN)
		expect(await patch(viewer.userId, { role_id: await ctx.roleId('Admin') }, viewer.token)).toMatchObject(FORBIDDEN)
	})

	test('the team lists active and deactivated members and pending and expired invitations, not revoked ones', async () => {
		const business = await ctx.createAccount()
		const member = await ctx.createMember(business, 'Viewer')
		await patch(member.userId, { status: 'deactivated' }, business.token)
		const pending = await invite(newEmail(), 'HR', business.token)
		const revoked = await invite(newEmail(), 'HR', business.token)
		await ctx.call('DELETE', `/invitations/${revoked.id}`, { token: business.token })
		const { members, invitations } = (await ctx.call('GET', `/team/${business.customerId}`, { token: business.token })).body.data
		expect(members.map((m: { status: string }) => m.status)).toEqual(['active', 'deactivated'])
		expect(invitations).toEqual([expect.objectContaining({ id: pending.id, status: 'pending' })])
	})

	test('POST /invitations/:id/resend mails a new link valid 7 more days; the old link stops working', async () => {
		const clock = await testApi()
		const sent = await invite()
		clock.advanceClock(8 * DAY)
		// The owner's token has expired with the week: sign in again.
		const token = (await clock.call('POST', '/auth/sign-in', { body: { email: owner.email, password: owner.password } })).body.data
			.access_token
		expect((await clock.call('GET', `/invitations/preview?token=${sent.token}`)).status).toBe(410)
		const res = await clock.call('POST', `/invitations/${sent.id}/resend`, { token })
		expect(res.status).toBe(200)
		expect(res.body.message).toBe(`Invitation sent again to ${sent.email}.`)
		expect(res.body.data).toMatchObject({ id: sent.id, email: sent.email, status: 'pending', role: { name: 'HR' } })
		expect(new Date(res.body.data.expires_at).getTime() - Date.now()).toBeGreaterThan(8 * DAY + 7 * DAY - 60_000)
		const fresh = await clock.invitationToken(sent.email)
		expect(fresh).not.toBe(sent.token)
		expect(await clock.call('GET', `/invitations/preview?token=${sent.token}`)).toMatchObject(GONE)
		expect((await clock.call('GET', `/invitations/preview?token=${fresh}`)).body.data).toMatchObject({ email: sent.email, role: 'HR' })
		const log = await clock.call('GET', '/activities?type=team.invitation_resent', { token })
		expect(log.body.data.items[0].description).toBe(`Ngozi resent the invitation to ${sent.email} as HR`)
		expect((await clock.call('POST', '/invitations/activate', { body: { token: fresh, ...person } })).status).toBe(201)
	})

	test('an accepted or revoked invitation cannot be resent', async () => {
		const accepted = await invite()
		await ctx.call('POST', '/invitations/activate', { body: { token: accepted.token, ...person } })
		expect(await ctx.call('POST', `/invitations/${accepted.id}/resend`, { token: owner.token })).toMatchObject({
			status: 410,
			body: { message: 'This invitation was already accepted.' },
		})
		const revoked = await invite()
		await ctx.call('DELETE', `/invitations/${revoked.id}`, { token: owner.token })
		expect(await ctx.call('POST', `/invitations/${revoked.id}/resend`, { token: owner.token })).toMatchObject({
			status: 410,
			body: { message: 'This invitation was revoked. Send a new one.' },
		})
		const taken = await invite()
		await ctx.call('POST', '/auth/sign-up', {
			body: {
				account_type: 'individual',
				first_name: 'Bola',
				last_name: 'Ade',
				email: taken.email,
				phone: '08031234567',
				password: person.password,
			},
		})
		expect(await ctx.call('POST', `/invitations/${taken.id}/resend`, { token: owner.token })).toMatchObject({
			status: 409,
			body: { message: 'Someone with this email already has an account.' },
		})
	})

	test('DELETE /invitations/:id revokes it: the link stops working', async () => {
		const sent = await invite(newEmail(), 'Finance')
		const res = await ctx.call('DELETE', `/invitations/${sent.id}`, { token: owner.token })
		expect(res.status).toBe(200)
		expect(res.body.message).toBe(`Invitation to ${sent.email} revoked.`)
		expect(res.body.data).toMatchObject({ id: sent.id, status: 'revoked', role: { name: 'Finance' } })
		expect(await activity('team.invitation_revoked')).toBe(`Ngozi revoked the invitation to ${sent.email} as Finance`)
		expect(await ctx.call('GET', `/invitations/preview?token=${sent.token}`)).toMatchObject(GONE)
		expect(await ctx.call('POST', '/invitations/activate', { body: { token: sent.token, ...person } })).toMatchObject(GONE)
		expect(await ctx.call('DELETE', `/invitations/${sent.id}`, { token: owner.token })).toMatchObject({
			status: 410,
			body: { message: 'This invitation was already revoked.' },
		})
		const accepted = await invite()
		await ctx.call('POST', '/invitations/activate', { body: { token: accepted.token, ...person } })
		expect(await ctx.call('DELETE', `/invitations/${accepted.id}`, { token: owner.token })).toMatchObject({
			status: 410,
			body: { message: 'This invitation was already accepted.' },
		})
	})

	test("resend and revoke: bad ids, another business's invitation and a member without team.manage", async () => {
		const theirs = await invite(newEmail(), 'HR', stranger.token)
		const viewer = await ctx.createMember(owner, 'Viewer')
		const ours = await invite()
		for (const [method, path] of [
			['POST', '/resend'],
			['DELETE', ''],
		] as const) {
			for (const id of [theirs.id, randomUUID()]) {
				expect(await ctx.call(method, `/invitations/${id}${path}`, { token: owner.token })).toMatchObject({
					status: 404,
					body: { message: 'We could not find that invitation.' },
				})
			}
			expect((await ctx.call(method, `/invitations/abc${path}`, { token: owner.token })).body).toEqual(fieldError('id', 'Not a valid id.'))
			expect(await ctx.call(method, `/invitations/${ours.id}${path}`, { token: viewer.token })).toMatchObject(FORBIDDEN)
		}
		expect((await ctx.call('GET', `/invitations/preview?token=${theirs.token}`)).status).toBe(200)
		expect((await ctx.call('GET', `/invitations/preview?token=${ours.token}`)).status).toBe(200)
	})
})
