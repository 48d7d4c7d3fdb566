import { randomUUID } from 'node:crypto'
import { expect, test } from 'vitest'
import { ADDRESS_LIMITS } from '#api/domain/auth-rules.ts'
import { UNVERIFIED_MESSAGE } from '#api/http.ts'
import { COMMON_PASSWORD_MESSAGE } from '#api/security/password.ts'
import { describeApi, testApi } from '#tests/support/test-api.ts'

// Issue #10: the API enforces what the portal enforces, and limits what one network may try.

/** An address of its own for each test (documentation range), so tests sharing a database never meet. */
const newAddress = () => `2001:db8::${randomUUID().slice(0, 4)}:${randomUUID().slice(0, 4)}`

const signUpBody = (email: string, password = 'Test-pass-1234') => ({
	account_type: 'individual',
	first_name: 'Tunde',
	last_name: 'Bello',
	email,
	phone: '08031234567',
	password,
})
const email = () => `guard-${randomUUID().slice(0, 12)}@example.test`

describeApi('an unverified account', () => {
	test('cannot fund, buy, invite or upload through the API; a verified one passes the guard', async () => {
		const { call, createAccount } = await testApi()
		const unverified = await createAccount({ verified: false, kyc: true })
		const verified = await createAccount({ kyc: true })
		const id = randomUUID()
		const calls: Array<[string, string]> = [
			['POST', '/wallet/fund'],
			['POST', '/purchases'],
			['POST', '/invitations'],
			['POST', `/invitations/${id}/resend`],
			['POST', '/purchases/batch/preview'],
			['POST', '/purchases/batch'],
			['POST', `/policies/${id}/activate`],
		]
		for (const [method, path] of calls) {
			const refused = await call(method, path, { token: unverified.token, body: {} })
			expect(refused, `${method} ${path}`).toMatchObject({ status: 403, body: { message: UNVERIFIED_MESSAGE } })
			const passed = await call(method, path, { token: verified.token, body: {} })
			expect(passed.status, `${method} ${path}`).not.toBe(403)
		}
	})
})

describeApi('common passwords', () => {
	test('are refused at sign-up, reset, change and invitation, with a clear message on the field', async () => {
		const { call, createAccount, latestCode, invitationToken, roleId } = await testApi()
		const error = (path: string) => ({
			status: 400,
			body: { message: COMMON_PASSWORD_MESSAGE, errors: [{ path, message: COMMON_PASSWORD_MESSAGE }] },
		})

		// In the list whatever its case, and it meets the length, letter and digit rule.
		expect(await call('POST', '/auth/sign-up', { body: signUpBody(email(), 'Password123') })).toMatchObject(error('password'))

		const me = await createAccount()
		expect(
			await call('PATCH', `/users/${me.userId}/change-password`, {
				token: me.token,
				body: { current_password: me.password, new_password: 'qwerty123' },
			}),
		).toMatchObject(error('new_password'))

		await call('POST', '/auth/recover-password', { body: { email: me.email } })
		const verified = await call('POST', '/otp/verify', {
			body: { email: me.email, purpose: 'reset-password', otp: await latestCode(me.email) },
		})
		const resetToken = verified.body.data.reset_token
		expect(await call('POST', '/auth/reset-password', { body: { reset_token: resetToken, password: 'trustno1' } })).toMatchObject(
			error('password'),
		)
		// The refusal did not use up the reset: a better password still goes through.
		expect((await call('POST', '/auth/reset-password', { body: { reset_token: resetToken, password: 'Kola-nut-7421' } })).status).toBe(200)

		const invitee = email()
		const signedIn = await call('POST', '/auth/sign-in', { body: { email: me.email, password: 'Kola-nut-7421' } })
		await call('POST', '/invitations', {
			token: signedIn.body.data.access_token,
			body: { email: invitee, role_id: await roleId('Viewer') },
		})
		const activate = { token: await invitationToken(invitee), first_name: 'Bola', last_name: 'Ade' }
		expect(await call('POST', '/invitations/activate', { body: { ...activate, password: 'abcd1234' } })).toMatchObject(error('password'))
		expect((await call('POST', '/invitations/activate', { body: { ...activate, password: 'Kola-nut-7421' } })).status).toBe(201)
	})
})

describeApi('per-address limits', () => {
	test('failed sign-ins from one address stop at the limit, whatever the account; right ones do not count', async () => {
		const { call, createAccount } = await testApi()
		const account = await createAccount()
		const address = newAddress()
		const from = (a: string) => ({ headers: { 'x-forwarded-for': a } })
		const { max, message } = ADDRESS_LIMITS['sign-in-failure']
		// Right passwords first: they are taken back, so they never fill the window.
		for (let i = 0; i < 3; i++) {
			expect(
				(await call('POST', '/auth/sign-in', { body: { email: account.email, password: account.password }, ...from(address) })).status,
			).toBe(200)
		}
		// Every failure on another account, so no account's own limit (5) is reached.
		for (let i = 0; i < max; i++) {
			const res = await call('POST', '/auth/sign-in', {
				body: { email: `nobody-${i}-${randomUUID().slice(0, 6)}@example.test`, password: 'Wrong-pass-1' },
				...from(address),
			})
			expect(res.status).toBe(400)
		}
		const refused = await call('POST', '/auth/sign-in', { body: { email: account.email, password: account.password }, ...from(address) })
		expect(refused).toMatchObject({ status: 429, body: { message } })
		// Another address, and the machine itself, are not held back.
		expect(
			(await call('POST', '/auth/sign-in', { body: { email: account.email, password: account.password }, ...from(newAddress()) })).status,
		).toBe(200)
		expect(
			(await call('POST', '/auth/sign-in', { body: { email: account.email, password: account.password }, ...from('127.0.0.1') })).status,
		).toBe(200)
	})

	test('sign-ups from one address stop at the limit, and the window passes', async () => {
		const { call, advanceClock } = await testApi()
		const address = newAddress()
		const { max, message, windowMs } = ADDRESS_LIMITS['sign-up']
		for (let i = 0; i < max; i++) {
			expect((await call('POST', '/auth/sign-up', { body: signUpBody(email()), headers: { 'x-forwarded-for': address } })).status).toBe(201)
		}
		const refused = await call('POST', '/auth/sign-up', { body: signUpBody(email()), headers: { 'x-forwarded-for': address } })
		expect(refused).toMatchObject({ status: 429, body: { message } })
		advanceClock(windowMs + 1000)
		expect((await call('POST', '/auth/sign-up', { body: signUpBody(email()), headers: { 'x-forwarded-for': address } })).status).toBe(201)
	})

	test('codes asked for from one address stop at the limit, over resend and recover-password alike', async () => {
		const { call } = await testApi()
		const address = newAddress()
		const { max, message } = ADDRESS_LIMITS['code-send']
		for (let i = 0; i < max; i++) {
			const res =
				i % 2
					? await call('POST', '/otp/resend', {
							body: { email: email(), purpose: 'verify-email' },
							headers: { 'x-forwarded-for': address },
						})
					: await call('POST', '/auth/recover-password', { body: { email: email() }, headers: { 'x-forwarded-for': address } })
			expect(res.status).toBe(200)
		}
		for (const [path, body] of [
			['/otp/resend', { email: email(), purpose: 'reset-password' }],
			['/auth/recover-password', { email: email() }],
		] as const) {
			expect(await call('POST', path, { body, headers: { 'x-forwarded-for': address } })).toMatchObject({ status: 429, body: { message } })
		}
		expect(
			(await call('POST', '/auth/recover-password', { body: { email: email() }, headers: { 'x-forwarded-for': newAddress() } })).status,
		).toBe(200)
	})
})
