import { randomUUID } from 'node:crypto'
import { beforeAll, expect, test } from 'vitest'
import { ALL_PERMISSIONS, PERMISSIONS } from '#api/contract/permissions.ts'
import { SEED_ROLES } from '#api/domain/permissions.ts'
import { describeApi, testApi } from '#tests/support/test-api.ts'

type Ctx = Awaited<ReturnType<typeof testApi>>
type Account = Awaited<ReturnType<Ctx['createAccount']>>

const FORBIDDEN = { status: 403, body: { message: 'You do not have permission to do this.' } }
const NOT_FOUND = { status: 404, body: { message: 'We could not find that role.' } }
const NAME_TAKEN = 'A role with this name already exists. Choose another name.'
const fieldError = (path: string, message: string) => ({ message, errors: [{ path, message }] })

describeApi('roles and permissions', () => {
	let ctx: Ctx
	let owner: Account
	let stranger: Account

	beforeAll(async () => {
		ctx = await testApi()
		;[owner, stranger] = await Promise.all([ctx.createAccount(), ctx.createAccount()])
	})

	const create = (body: unknown, token = owner.token) => ctx.call('POST', '/roles', { token, body })
	const newRole = async (permissions = ['claims.view', 'claims.manage'], token = owner.token) => {
		const res = await create({ name: `Claims ${randomUUID().slice(0, 6)}`, permissions }, token)
		expect(res.status).toBe(201)
		return res.body.data as { id: string; name: string }
	}
	const activity = async (type: string, token = owner.token) =>
		(await ctx.call('GET', `/activities?type=${type}&page_size=1`, { token })).body.data.items[0]?.description

	test.each([
		['GET', '/permissions'],
		['GET', '/roles'],
		['GET', `/roles/${randomUUID()}`],
		['POST', '/roles'],
		['PATCH', `/roles/${randomUUID()}`],
		['DELETE', `/roles/${randomUUID()}`],
	])('%s %s needs a valid bearer token', async (method, path) => {
		expect(await ctx.call(method, path)).toMatchObject({ status: 401, body: { message: 'Missing authorization' } })
		expect(await ctx.call(method, path, { token: 'garbage' })).toMatchObject({ status: 401, body: { message: 'Invalid token' } })
	})

	test('GET /permissions is the catalogue, each described', async () => {
		const res = await ctx.call('GET', '/permissions', { token: owner.token })
		expect(res.status).toBe(200)
		expect(res.body.data).toEqual(ALL_PERMISSIONS.map((name) => ({ name, description: PERMISSIONS[name] })))
	})

	test('GET /roles lists the seeded roles first, then the business’s own, with permissions and member counts', async () => {
		const fresh = await ctx.createAccount()
		await ctx.createMember(fresh, 'Viewer')
		const own = await newRole(['claims.view'], fresh.token)
		await newRole(['claims.view'], stranger.token)
		const res = await ctx.call('GET', '/roles', { token: fresh.token })
		expect(res.status).toBe(200)
		const list = res.body.data as Array<{ name: string; permissions: string[]; seeded: boolean; member_count: number }>
		expect(list.map((r) => r.name)).toEqual([...SEED_ROLES.map((r) => r.name), own.name])
		for (const seeded of SEED_ROLES) {
			expect(list.find((r) => r.name === seeded.name)).toMatchObject({
				seeded: true,
				description: seeded.description,
				permissions: ALL_PERMISSIONS.filter((p) => seeded.permissions.includes(p)),
			})
		}
		expect(list.map((r) => r.member_count)).toEqual([1, 0, 0, 0, 1, 0])
		expect(list.at(-1)).toMatchObject({ id: own.id, seeded: false, permissions: ['claims.view'], description: '' })
	})

	test('POST /roles creates a role from the catalogue that members can be given', async () => {
		const res = await create({
			name: ' Claims officer ',
			description: 'Handles claims',
			permissions: ['claims.manage', 'claims.view', 'claims.view'],
		})
		expect(res.status).toBe(201)
		expect(res.body.message).toBe('Role Claims officer created.')
		expect(res.body.data).toMatchObject({
			name: 'Claims officer',
			description: 'Handles claims',
			permissions: ['claims.view', 'claims.manage'],
			seeded: false,
			member_count: 0,
		})
		expect(await activity('role.created')).toBe('Ngozi created the role Claims officer with 2 permissions: claims.view, claims.manage')
		expect((await ctx.call('GET', `/roles/${res.body.data.id}`, { token: owner.token })).body.data).toEqual(res.body.data)

		const member = await ctx.createMember(owner, res.body.data.id)
		const permissions = await ctx.call('GET', `/permissions/user/${member.userId}`, { token: member.token })
		expect(permissions.body.data).toEqual(['claims.manage', 'claims.view'])
		expect(await ctx.call('GET', '/roles', { token: member.token })).toMatchObject(FORBIDDEN)
		expect((await ctx.call('GET', `/roles/${res.body.data.id}`, { token: owner.token })).body.data.member_count).toBe(1)
	})

	test('POST /roles rejects bad input with a message per field', async () => {
		const empty = await create({})
		expect(empty.status).toBe(400)
		expect(empty.body).toEqual({
			message: 'Enter a name for the role.',
			errors: [
				{ path: 'name', message: 'Enter a name for the role.' },
				{ path: 'permissions', message: 'Choose at least one permission.' },
			],
		})
		expect((await create({ name: 'x', permissions: [] })).body).toEqual(fieldError('permissions', 'Choose at least one permission.'))
		expect((await create({ name: 'x', permissions: ['wallet.steal'] })).body).toEqual(
			fieldError('permissions', 'Choose permissions from the list.'),
		)
		expect((await create({ name: 'x', permissions: ['CLAIMS.VIEW'] })).body).toEqual(
			fieldError('permissions', 'Choose permissions from the list.'),
		)
		expect((await create({ name: 'x'.repeat(61), permissions: ['claims.view'] })).body).toEqual(
			fieldError('name', 'Use at most 60 characters for the name of the role.'),
		)
		expect((await create({ name: 'x', description: 'y'.repeat(201), permissions: ['claims.view'] })).body).toEqual(
			fieldError('description', 'Use at most 200 characters for the description.'),
		)
	})

	test('role names are unique per business whatever their case, seeded names included', async () => {
		for (const name of ['owner', ' VIEWER ']) {
			const res = await create({ name, permissions: ['claims.view'] })
			expect(res.status).toBe(409)
			expect(res.body).toEqual(fieldError('name', NAME_TAKEN))
		}
		const first = await create({ name: 'Payroll', permissions: ['invoices.view'] })
		expect(first.status).toBe(201)
		expect(await create({ name: 'PAYROLL', permissions: ['invoices.view'] })).toMatchObject({
			status: 409,
			body: fieldError('name', NAME_TAKEN),
		})
		// Another business has names of its own.
		expect((await create({ name: 'Payroll', permissions: ['invoices.view'] }, stranger.token)).status).toBe(201)
	})

	test('nobody grants a permission they do not have', async () => {
		const keeper = await newRole(['roles.manage', 'team.view', 'claims.view'])
		const member = await ctx.createMember(owner, keeper.id)
		const res = await create({ name: 'Treasurer', permissions: ['claims.view', 'wallet.fund', 'wallet.withdraw'] }, member.token)
		expect(res.status).toBe(400)
		expect(res.body).toEqual(
			fieldError('permissions', 'You can only grant permissions you have yourself, not wallet.fund, wallet.withdraw.'),
		)
		expect((await create({ name: 'Claims viewer', permissions: ['claims.view'] }, member.token)).status).toBe(201)
		const patch = await ctx.call('PATCH', `/roles/${keeper.id}`, {
			token: member.token,
			body: { permissions: ['roles.manage', 'team.manage'] },
		})
		expect(patch.body).toEqual(fieldError('permissions', 'You can only grant permissions you have yourself, not team.manage.'))
	})

	test('PATCH /roles/:id changes a role, and its members’ permissions with it', async () => {
		const role = await newRole(['claims.view'])
		const member = await ctx.createMember(owner, role.id)
		expect(await ctx.call('GET', '/activities', { token: member.token })).toMatchObject(FORBIDDEN)
		const res = await ctx.call('PATCH', `/roles/${role.id}`, {
			token: owner.token,
			body: { name: 'Auditor', description: 'Reads the log', permissions: ['activities.view', 'claims.view'] },
		})
		expect(res.status).toBe(200)
		expect(res.body.message).toBe('Role Auditor saved.')
		expect(res.body.data).toMatchObject({
			id: role.id,
			name: 'Auditor',
			description: 'Reads the log',
			permissions: ['activities.view', 'claims.view'],
			member_count: 1,
		})
		expect(await activity('role.updated')).toBe(
			`Ngozi changed the role ${role.name}: renamed it to Auditor; changed its description; added activities.view`,
		)
		expect((await ctx.call('GET', '/activities', { token: member.token })).status).toBe(200)

		const rename = await ctx.call('PATCH', `/roles/${role.id}`, { token: owner.token, body: { name: 'AUDITOR' } })
		expect(rename.body.data.name).toBe('AUDITOR')
		const same = await ctx.call('PATCH', `/roles/${role.id}`, {
			token: owner.token,
			body: { permissions: ['claims.view', 'activities.view'] },
		})
		expect(same.status).toBe(200)
		expect(await activity('role.updated')).toBe(`Ngozi changed the role Auditor: renamed it to AUDITOR`)
	})

	test('PATCH /roles/:id rejects bad input, taken names and the seeded roles', async () => {
		const role = await newRole()
		const patch = (id: string, body: unknown) => ctx.call('PATCH', `/roles/${id}`, { token: owner.token, body })
		expect(await patch(role.id, {})).toMatchObject({ status: 400, body: fieldError('', 'Change at least one field.') })
		expect((await patch(role.id, { permissions: [] })).body).toEqual(fieldError('permissions', 'Choose at least one permission.'))
		expect((await patch(role.id, { name: '' })).body).toEqual(fieldError('name', 'Enter a name for the role.'))
		expect(await patch(role.id, { name: 'admin' })).toMatchObject({ status: 409, body: fieldError('name', NAME_TAKEN) })
		const seeded = await ctx.roleId('Admin')
		expect(await patch(seeded, { name: 'Boss' })).toMatchObject({ status: 400, body: { message: 'The seeded roles cannot be changed.' } })
		expect((await ctx.call('GET', `/roles/${seeded}`, { token: owner.token })).body.data.name).toBe('Admin')
		expect((await patch('nope', { name: 'Boss' })).body).toEqual(fieldError('id', 'Not a valid id.'))
	})

	test('DELETE /roles/:id deletes a role no member holds nor any pending invitation offers', async () => {
		const role = await newRole()
		const member = await ctx.createMember(owner, role.id)
		const held = await ctx.call('DELETE', `/roles/${role.id}`, { token: owner.token })
		expect(held).toMatchObject({ status: 409, body: { message: 'Members still hold this role. Give them another role first.' } })

		await ctx.call('PATCH', `/team/member/${member.userId}`, { token: owner.token, body: { role_id: await ctx.roleId('Viewer') } })
		const invited = await ctx.call('POST', '/invitations', {
			token: owner.token,
			body: { email: `r-${randomUUID().slice(0, 8)}@example.test`, role_id: role.id },
		})
		const offered = await ctx.call('DELETE', `/roles/${role.id}`, { token: owner.token })
		expect(offered).toMatchObject({ status: 409, body: { message: 'A pending invitation offers this role. Revoke the invitation first.' } })

		await ctx.call('DELETE', `/invitations/${invited.body.data.id}`, { token: owner.token })
		const res = await ctx.call('DELETE', `/roles/${role.id}`, { token: owner.token })
		expect(res).toMatchObject({
			status: 200,
			body: { message: `Role ${role.name} deleted.`, data: { message: `Role ${role.name} deleted.` } },
		})
		expect(await activity('role.deleted')).toBe(`Ngozi deleted the role ${role.name}`)
		expect(await ctx.call('GET', `/roles/${role.id}`, { token: owner.token })).toMatchObject(NOT_FOUND)
		expect(await ctx.call('DELETE', `/roles/${role.id}`, { token: owner.token })).toMatchObject(NOT_FOUND)
		// The accepted invitation that brought the member in went with it; the member stays.
		expect((await ctx.call('GET', `/team/member/${member.userId}`, { token: owner.token })).body.data.role.name).toBe('Viewer')
	})

	test('the seeded roles cannot be deleted', async () => {
		for (const name of ['Owner', 'Viewer']) {
			const res = await ctx.call('DELETE', `/roles/${await ctx.roleId(name)}`, { token: owner.token })
			expect(res).toMatchObject({ status: 400, body: { message: 'The seeded roles cannot be deleted.' } })
		}
	})

	test("another business's role is not found", async () => {
		const theirs = await newRole(['claims.view'], stranger.token)
		expect(await ctx.call('GET', `/roles/${theirs.id}`, { token: owner.token })).toMatchObject(NOT_FOUND)
		expect(await ctx.call('PATCH', `/roles/${theirs.id}`, { token: owner.token, body: { name: 'Mine' } })).toMatchObject(NOT_FOUND)
		expect(await ctx.call('DELETE', `/roles/${theirs.id}`, { token: owner.token })).toMatchObject(NOT_FOUND)
		expect(await ctx.call('GET', `/roles/${randomUUID()}`, { token: owner.token })).toMatchObject(NOT_FOUND)
		expect((await ctx.call('GET', '/roles', { token: owner.token })).body.data.map((r: { id: string }) => r.id)).not.toContain(theirs.id)
		const invite = await ctx.call('POST', '/invitations', {
			token: owner.token,
			body: { email: `x-${randomUUID().slice(0, 8)}@example.test`, role_id: theirs.id },
		})
		expect(invite.body).toEqual(fieldError('role_id', 'Choose a role from the list.'))
		expect((await ctx.call('GET', `/roles/${theirs.id}`, { token: stranger.token })).status).toBe(200)
	})

	test('an Admin sees roles but may not manage them; Finance may not even see them', async () => {
		const role = await newRole()
		const admin = await ctx.createMember(owner, 'Admin')
		expect((await ctx.call('GET', '/roles', { token: admin.token })).status).toBe(200)
		expect((await ctx.call('GET', '/permissions', { token: admin.token })).status).toBe(200)
		expect(await create({ name: 'Mine', permissions: ['claims.view'] }, admin.token)).toMatchObject(FORBIDDEN)
		expect(await ctx.call('PATCH', `/roles/${role.id}`, { token: admin.token, body: { name: 'Mine' } })).toMatchObject(FORBIDDEN)
		expect(await ctx.call('DELETE', `/roles/${role.id}`, { token: admin.token })).toMatchObject(FORBIDDEN)
		const finance = await ctx.createMember(owner, 'Finance')
		for (const path of ['/roles', '/permissions', `/roles/${role.id}`]) {
			expect(await ctx.call('GET', path, { token: finance.token })).toMatchObject(FORBIDDEN)
		}
	})
})
