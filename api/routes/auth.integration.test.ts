import { eq } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { tokens, users } from '#api/db/schema.ts'
import { PASSWORD_RULE } from '#api/contract/common.ts'
import { sha256 } from '#api/security/tokens.ts'
import { describeApi, testApi } from '#tests/support/test-api.ts'

// Public routes (sign-up, sign-in, recover-password, reset-password) take no token: no 401 case.
// sign-out, verify-email and confirm-password need one.

const HOUR = 60 * 60 * 1000
const MINUTE = 60 * 1000
const PASSWORD = 'Test-pass-1234'

const signUpBody = (email: string) => ({
	account_type: 'business',
	first_name: 'Ngozi',
	last_name: 'Eze',
	email,
	phone: '08031234567',
	password: PASSWORD,
	business_name: 'Eze Foods Ltd',
})

describeApi('auth', () => {
	test.each([
		['POST', '/auth/sign-out'],
		['POST', '/auth/verify-email'],
		['POST', '/auth/confirm-password'],
	])('%s %s needs a valid bearer token', async (method, path) => {
		const { call } = await testApi()
		expect(await call(method, path)).toMatchObject({ status: 401, body: { message: 'Missing authorization' } })
		expect(await call(method, path, { token: 'garbage' })).toMatchObject({ status: 401, body: { message: 'Invalid token' } })
	})

	test('sign-up creates the account, hashes the password with argon2id and stores only the hash of the token', async () => {
		const { call, db, latestCode } = await testApi()
		const email = `Signup-${crypto.randomUUID().slice(0, 8)}@Example.test`
		const res = await call('POST', '/auth/sign-up', { body: signUpBody(email) })
		expect(res.status).toBe(201)
		expect(res.body.message).toBe('Account created. We sent a 6-digit code to your email.')
		const user = res.body.data
		expect(user).toMatchObject({ email: email.toLowerCase(), email_verified_at: null, role: { name: 'Owner' } })
		expect(user.customer).toMatchObject({ kind: 'business', name: 'Eze Foods Ltd', meta: { cac_verified: false } })
		expect(await latestCode(email)).toMatch(/^\d{6}$/)

		const [row] = await db.select().from(users).where(eq(users.id, user.id))
		expect(row!.passwordHash.startsWith('$argon2id$v=19$m=19456,t=2,p=1')).toBe(true)
		expect(row!.passwordHash).not.toContain(PASSWORD)

		const stored = await db.select().from(tokens).where(eq(tokens.userId, user.id))
		expect(stored).toHaveLength(1)
		expect(stored[0]!.tokenHash).toBe(sha256(user.access_token))
		expect(JSON.stringify(stored)).not.toContain(user.access_token)
	})

	test('sign-up succeeds even when codes for the address were already asked for 3 times', async () => {
		const { call } = await testApi()
		const email = `early-${crypto.randomUUID().slice(0, 8)}@example.test`
		for (let i = 0; i < 3; i++) await call('POST', '/otp/resend', { body: { email, purpose: 'verify-email' } })
		const res = await call('POST', '/auth/sign-up', { body: signUpBody(email) })
		expect(res.status).toBe(201)
		expect(res.body.message).toBe('Account created. Ask for a new code in 15 minutes to verify your email.')
		expect(res.body.data.access_token).toEqual(expect.any(String))
	})

	test('sign-up of an individual names the customer after the person', async () => {
		const { createAccount, call } = await testApi()
		const { token, userId } = await createAccount({ kind: 'individual', verified: false })
		const res = await call('GET', `/users/${userId}`, { token })
		expect(res.body.data.customer).toMatchObject({ kind: 'individual', name: 'Ngozi Eze' })
	})

	test('sign-up rejects bad input with a message per field', async () => {
		const { call } = await testApi()
		const email = 'bad-input@example.test'
		const noName = await call('POST', '/auth/sign-up', { body: { ...signUpBody(email), business_name: undefined } })
		expect(noName.status).toBe(400)
		expect(noName.body).toEqual({
			message: 'Enter the name of your business.',
			errors: [{ path: 'business_name', message: 'Enter the name of your business.' }],
		})
		const weak = await call('POST', '/auth/sign-up', { body: { ...signUpBody(email), password: 'password' } })
		expect(weak.status).toBe(400)
		expect(weak.body).toEqual({ message: PASSWORD_RULE, errors: [{ path: 'password', message: PASSWORD_RULE }] })
		const badEmail = await call('POST', '/auth/sign-up', { body: { ...signUpBody('not-an-email'), phone: '12345' } })
		expect(badEmail.status).toBe(400)
		expect(badEmail.body.message).toBe('Enter a valid email address, like name@company.com.')
		expect(badEmail.body.errors.map((e: { path: string }) => e.path)).toEqual(['email', 'phone'])

		const notJson = await call('POST', '/auth/sign-up', { rawBody: 'email=a', headers: { 'content-type': 'text/plain' } })
		expect(notJson).toMatchObject({ status: 400, body: { message: 'Send the request body as JSON (Content-Type: application/json).' } })
		const brokenJson = await call('POST', '/auth/sign-up', { rawBody: '{"email"', headers: { 'content-type': 'application/json' } })
		expect(brokenJson).toMatchObject({ status: 400, body: { message: 'The request body is not valid JSON.' } })
	})

	test('sign-up with an email already in use, in any case, is a conflict', async () => {
		const { call, createAccount } = await testApi()
		const { email } = await createAccount({ verified: false })
		const res = await call('POST', '/auth/sign-up', { body: signUpBody(email.toUpperCase()) })
		expect(res.status).toBe(409)
		expect(res.body).toEqual({
			message: 'An account with this email already exists. Sign in instead.',
			errors: [{ path: 'email', message: 'An account with this email already exists.' }],
		})
	})

	test('sign-in answers the user and a new token; a wrong password and an unknown email look the same', async () => {
		const { call, createAccount } = await testApi()
		const { email, password, token, userId } = await createAccount({ verified: false })
		const ok = await call('POST', '/auth/sign-in', { body: { email: email.toUpperCase(), password } })
		expect(ok.status).toBe(200)
		expect(ok.body.data).toMatchObject({ id: userId, email })
		expect(ok.body.data.access_token).not.toBe(token)

		const wrong = await call('POST', '/auth/sign-in', { body: { email, password: 'Wrong-pass-1234' } })
		const unknown = await call('POST', '/auth/sign-in', { body: { email: 'nobody-here@example.test', password } })
		expect(wrong.status).toBe(400)
		expect(wrong.body).toEqual({ message: 'Incorrect email or password.' })
		expect(unknown.status).toBe(wrong.status)
		expect(unknown.body).toEqual(wrong.body)

		const empty = await call('POST', '/auth/sign-in', { body: { email, password: '' } })
		expect(empty.status).toBe(400)
		expect(empty.body).toEqual({ message: 'Enter your password.', errors: [{ path: 'password', message: 'Enter your password.' }] })
	})

	test('after 5 failed sign-ins the 6th is refused, even with the right password, for 15 minutes', async () => {
		const { call, createAccount, advanceClock } = await testApi()
		const { email, password } = await createAccount({ verified: false })
		for (let i = 0; i < 5; i++) {
			expect((await call('POST', '/auth/sign-in', { body: { email, password: `Wrong-pass-${i}` } })).status).toBe(400)
		}
		const locked = await call('POST', '/auth/sign-in', { body: { email, password } })
		expect(locked.status).toBe(429)
		expect(locked.body.message).toBe('Too many failed sign-in attempts. Wait 15 minutes and try again, or reset your password.')
		advanceClock(15 * MINUTE + 1000)
		expect((await call('POST', '/auth/sign-in', { body: { email, password } })).status).toBe(200)
	})

	test('failed sign-ins sent at once still stop at 5', async () => {
		const { call, createAccount } = await testApi()
		const { email, password } = await createAccount({ verified: false })
		const tries = await Promise.all(
			Array.from({ length: 10 }, (_, i) => call('POST', '/auth/sign-in', { body: { email, password: `Wrong-pass-${i}` } })),
		)
		expect(tries.filter((r) => r.status === 400)).toHaveLength(5)
		expect(tries.filter((r) => r.status === 429)).toHaveLength(5)
		expect((await call('POST', '/auth/sign-in', { body: { email, password } })).status).toBe(429)
	})

	test('sign-out revokes the token; other tokens keep working', async () => {
		const { call, createAccount } = await testApi()
		const { email, password, token, userId } = await createAccount({ verified: false })
		const other = (await call('POST', '/auth/sign-in', { body: { email, password } })).body.data.access_token
		const res = await call('POST', '/auth/sign-out', { token })
		expect(res).toMatchObject({ status: 200, body: { data: { message: 'Signed out.' } } })
		expect(await call('GET', `/users/${userId}`, { token })).toMatchObject({ status: 401, body: { message: 'Invalid token' } })
		expect((await call('GET', `/users/${userId}`, { token: other })).status).toBe(200)
	})

	test('a token older than an hour is rotated once; the old one has 2 minutes of grace', async () => {
		const { call, createAccount, advanceClock } = await testApi()
		const { token, userId } = await createAccount({ verified: false })
		expect((await call('GET', `/users/${userId}`, { token })).headers.get('X-New-Token')).toBeNull()

		advanceClock(HOUR + 1000)
		const answers = await Promise.all(Array.from({ length: 5 }, () => call('GET', `/users/${userId}`, { token })))
		expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200])
		const newTokens = answers.map((r) => r.headers.get('X-New-Token')).filter(Boolean)
		expect(newTokens).toHaveLength(1)
		const fresh = newTokens[0]!
		expect(fresh).not.toBe(token)

		const withFresh = await call('GET', `/users/${userId}`, { token: fresh })
		expect(withFresh.status).toBe(200)
		expect(withFresh.headers.get('X-New-Token')).toBeNull()

		advanceClock(MINUTE)
		const inGrace = await call('GET', `/users/${userId}`, { token })
		expect(inGrace.status).toBe(200)
		expect(inGrace.headers.get('X-New-Token')).toBeNull()

		advanceClock(MINUTE + 1000)
		expect(await call('GET', `/users/${userId}`, { token })).toMatchObject({ status: 401, body: { message: 'Invalid token' } })
		expect((await call('GET', `/users/${userId}`, { token: fresh })).status).toBe(200)
	})

	test('password reset: same answer for any email, a single-use reset token, every session signed out', async () => {
		const { call, createAccount, latestCode, latestMail } = await testApi()
		const { email, password, token } = await createAccount({ verified: false })
		const unknownEmail = 'nobody-reset@example.test'
		const known = await call('POST', '/auth/recover-password', { body: { email } })
		const unknown = await call('POST', '/auth/recover-password', { body: { email: unknownEmail } })
		expect(known.status).toBe(200)
		expect(known.body).toEqual({
			data: { message: 'If an account uses that email, we have sent it a 6-digit code.' },
			message: 'If an account uses that email, we have sent it a 6-digit code.',
		})
		expect(unknown.status).toBe(known.status)
		expect(unknown.body).toEqual(known.body)
		expect(await latestMail(unknownEmail)).toBeNull()
		expect((await latestMail(email))!.subject).toBe('Your password reset code')

		const verified = await call('POST', '/otp/verify', {
			body: { email, purpose: 'reset-password', otp: await latestCode(email) },
		})
		expect(verified.status).toBe(200)
		const resetToken: string = verified.body.data.reset_token
		expect(resetToken.length).toBeGreaterThanOrEqual(20)

		const newPassword = 'New-pass-5678'
		const reset = await call('POST', '/auth/reset-password', { body: { reset_token: resetToken, password: newPassword } })
		expect(reset).toMatchObject({ status: 200, body: { message: 'Your password has been changed. Sign in with the new one.' } })
		expect((await call('POST', '/auth/sign-out', { token })).status).toBe(401)
		expect((await call('POST', '/auth/sign-in', { body: { email, password } })).status).toBe(400)
		expect((await call('POST', '/auth/sign-in', { body: { email, password: newPassword } })).status).toBe(200)

		const again = await call('POST', '/auth/reset-password', { body: { reset_token: resetToken, password: 'Other-pass-999' } })
		expect(again).toMatchObject({ status: 400, body: { message: 'This reset has expired. Start again to get a new code.' } })
	})

	test('reset-password and recover-password reject bad input', async () => {
		const { call } = await testApi()
		const short = await call('POST', '/auth/reset-password', { body: { reset_token: 'short', password: 'New-pass-5678' } })
		expect(short.status).toBe(400)
		expect(short.body).toEqual({
			message: 'This reset link is not valid.',
			errors: [{ path: 'reset_token', message: 'This reset link is not valid.' }],
		})
		const weak = await call('POST', '/auth/reset-password', { body: { reset_token: 'x'.repeat(43), password: 'short' } })
		expect(weak.body.errors).toEqual([{ path: 'password', message: PASSWORD_RULE }])
		const unknownToken = await call('POST', '/auth/reset-password', { body: { reset_token: 'x'.repeat(43), password: 'New-pass-5678' } })
		expect(unknownToken).toMatchObject({ status: 400, body: { message: 'This reset has expired. Start again to get a new code.' } })
		const noEmail = await call('POST', '/auth/recover-password', { body: {} })
		expect(noEmail.status).toBe(400)
		expect(noEmail.body).toEqual({
			message: 'Enter your email address.',
			errors: [{ path: 'email', message: 'Enter your email address.' }],
		})
	})

	test('verify-email checks the mailed code', async () => {
		const { call, createAccount, latestCode } = await testApi()
		const { email, token } = await createAccount({ verified: false })
		const code = await latestCode(email)
		const badFormat = await call('POST', '/auth/verify-email', { token, body: { otp: '12ab' } })
		expect(badFormat.status).toBe(400)
		expect(badFormat.body).toEqual({
			message: 'Enter the 6-digit code we sent you.',
			errors: [{ path: 'otp', message: 'Enter the 6-digit code we sent you.' }],
		})
		const wrong = await call('POST', '/auth/verify-email', { token, body: { otp: code === '000000' ? '111111' : '000000' } })
		expect(wrong.status).toBe(400)
		expect(wrong.body).toEqual({
			message: 'That code is not right. You have 4 tries left.',
			errors: [{ path: 'otp', message: 'That code is not right.' }],
		})
		const ok = await call('POST', '/auth/verify-email', { token, body: { otp: code } })
		expect(ok).toMatchObject({ status: 200, body: { message: 'Your email is verified.', data: { email } } })
		expect(ok.body.data.email_verified_at).not.toBeNull()
	})

	test('confirm-password checks the signed-in user password', async () => {
		const { call, createAccount } = await testApi()
		const { password, token } = await createAccount({ verified: false })
		expect(await call('POST', '/auth/confirm-password', { token, body: { password } })).toMatchObject({
			status: 200,
			body: { data: { confirmed: true } },
		})
		const wrong = await call('POST', '/auth/confirm-password', { token, body: { password: 'Wrong-pass-1' } })
		expect(wrong.status).toBe(400)
		expect(wrong.body).toEqual({
			message: 'That password is not right.',
			errors: [{ path: 'password', message: 'That password is not right.' }],
		})
		const empty = await call('POST', '/auth/confirm-password', { token, body: { password: '' } })
		expect(empty.body).toEqual({ message: 'Enter your password.', errors: [{ path: 'password', message: 'Enter your password.' }] })
	})
})
