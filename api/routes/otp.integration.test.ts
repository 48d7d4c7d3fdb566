import { expect, test } from 'vitest'
import { describeApi, testApi } from '#tests/support/test-api.ts'

// Both OTP routes are public (the person may not be signed in): there is no token case.

const MINUTE = 60 * 1000
const EXPIRED = 'This code has expired or was already used. Ask for a new one.'
const TOO_MANY = 'Too many wrong codes. Ask for a new one.'
const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000')

describeApi('otp', () => {
	test('resend mails a new 6-digit code and the previous one stops working', async () => {
		const { call, createAccount, latestCode, latestMail } = await testApi()
		const { email } = await createAccount({ verified: false })
		const first = await latestCode(email)
		const res = await call('POST', '/otp/resend', { body: { email, purpose: 'verify-email' } })
		expect(res).toMatchObject({ status: 200, body: { message: 'We sent a new code. Check your email.' } })
		const mail = await latestMail(email)
		expect(mail!.subject).toBe('Your verification code')
		expect(mail!.text).toContain('It expires in 10 minutes and works once.')
		const second = await latestCode(email)
		expect(second).toMatch(/^\d{6}$/)
		if (first !== second) {
			const old = await call('POST', '/otp/verify', { body: { email, purpose: 'verify-email', otp: first } })
			expect(old.status).toBe(400)
		}
		const ok = await call('POST', '/otp/verify', { body: { email, purpose: 'verify-email', otp: second } })
		expect(ok).toMatchObject({ status: 200, body: { data: { verified: true }, message: 'Your email is verified.' } })
		expect(ok.body.data.reset_token).toBeUndefined()
	})

	test('verify with purpose verify-email marks the email verified', async () => {
		const { call, createAccount, latestCode } = await testApi()
		const { email, token, userId } = await createAccount({ verified: false })
		await call('POST', '/otp/verify', { body: { email: email.toUpperCase(), purpose: 'verify-email', otp: await latestCode(email) } })
		const user = await call('GET', `/users/${userId}`, { token })
		expect(user.body.data.email_verified_at).not.toBeNull()
	})

	test('verify with purpose reset-password answers a reset_token', async () => {
		const { call, createAccount, latestCode } = await testApi()
		const { email } = await createAccount({ verified: false })
		await call('POST', '/otp/resend', { body: { email, purpose: 'reset-password' } })
		const res = await call('POST', '/otp/verify', { body: { email, purpose: 'reset-password', otp: await latestCode(email) } })
		expect(res.status).toBe(200)
		expect(res.body.data).toEqual({ verified: true, reset_token: expect.stringMatching(/^[\w-]{20,}$/) })
	})

	test('a code works once', async () => {
		const { call, createAccount, latestCode } = await testApi()
		const { email } = await createAccount({ verified: false })
		const body = { email, purpose: 'verify-email', otp: await latestCode(email) }
		expect((await call('POST', '/otp/verify', { body })).status).toBe(200)
		const again = await call('POST', '/otp/verify', { body })
		expect(again).toMatchObject({ status: 400, body: { message: EXPIRED } })
	})

	test('a code is valid for 10 minutes', async () => {
		const { call, createAccount, latestCode, advanceClock } = await testApi()
		const { email } = await createAccount({ verified: false })
		const send = () => call('POST', '/otp/resend', { body: { email, purpose: 'reset-password' } })
		await send()
		advanceClock(10 * MINUTE - 1000)
		const inTime = await call('POST', '/otp/verify', { body: { email, purpose: 'reset-password', otp: await latestCode(email) } })
		expect(inTime.status).toBe(200)

		await send()
		advanceClock(10 * MINUTE + 1000)
		const late = await call('POST', '/otp/verify', { body: { email, purpose: 'reset-password', otp: await latestCode(email) } })
		expect(late).toMatchObject({ status: 400, body: { message: EXPIRED } })
	})

	test('after 5 wrong tries even the right code is refused', async () => {
		const { call, createAccount, latestCode } = await testApi()
		const { email } = await createAccount({ verified: false })
		const code = await latestCode(email)
		const messages: string[] = []
		for (let i = 0; i < 5; i++) {
			const res = await call('POST', '/otp/verify', { body: { email, purpose: 'verify-email', otp: wrongCode(code) } })
			expect(res.status).toBe(400)
			expect(res.body.errors).toEqual([{ path: 'otp', message: 'That code is not right.' }])
			messages.push(res.body.message)
		}
		expect(messages).toEqual([
			'That code is not right. You have 4 tries left.',
			'That code is not right. You have 3 tries left.',
			'That code is not right. You have 2 tries left.',
			'That code is not right. You have 1 try left.',
			TOO_MANY,
		])
		const sixth = await call('POST', '/otp/verify', { body: { email, purpose: 'verify-email', otp: code } })
		expect(sixth).toMatchObject({ status: 400, body: { message: TOO_MANY } })
	})

	test('wrong tries sent at once still stop at 5', async () => {
		const { call, createAccount, latestCode } = await testApi()
		const { email } = await createAccount({ verified: false })
		const code = await latestCode(email)
		const body = { email, purpose: 'verify-email', otp: wrongCode(code) }
		const tries = await Promise.all(Array.from({ length: 12 }, () => call('POST', '/otp/verify', { body })))
		expect(tries.every((r) => r.status === 400)).toBe(true)
		// Only a code that was checked is answered with the field error.
		expect(tries.filter((r) => r.body.errors)).toHaveLength(5)
		const right = await call('POST', '/otp/verify', { body: { ...body, otp: code } })
		expect(right).toMatchObject({ status: 400, body: { message: TOO_MANY } })
	})

	test('at most 3 codes are sent per 15 minutes', async () => {
		const { call, createAccount, latestMail, advanceClock } = await testApi()
		const { email } = await createAccount({ verified: false })
		const resend = () => call('POST', '/otp/resend', { body: { email, purpose: 'reset-password' } })
		for (let i = 0; i < 3; i++) expect((await resend()).status).toBe(200)
		const fourth = await resend()
		expect(fourth).toMatchObject({
			status: 429,
			body: { message: 'You have asked for 3 codes in 15 minutes. Wait a few minutes, then ask again.' },
		})
		const before = await latestMail(email)
		advanceClock(15 * MINUTE + 1000)
		expect((await resend()).status).toBe(200)
		expect((await latestMail(email))!.id).not.toBe(before!.id)
	})

	test('sends asked for at once still stop at 3', async () => {
		const { call } = await testApi()
		const body = { email: `burst-${crypto.randomUUID().slice(0, 8)}@example.test`, purpose: 'reset-password' }
		const sends = await Promise.all(Array.from({ length: 8 }, () => call('POST', '/otp/resend', { body })))
		expect(sends.filter((r) => r.status === 200)).toHaveLength(3)
		expect(sends.filter((r) => r.status === 429)).toHaveLength(5)
	})

	test('bad input names the field', async () => {
		const { call } = await testApi()
		const badCode = await call('POST', '/otp/verify', { body: { email: 'a@example.test', purpose: 'verify-email', otp: '12345' } })
		expect(badCode.status).toBe(400)
		expect(badCode.body).toEqual({
			message: 'Enter the 6-digit code we sent you.',
			errors: [{ path: 'otp', message: 'Enter the 6-digit code we sent you.' }],
		})
		const badEmail = await call('POST', '/otp/resend', { body: { email: 'not an email', purpose: 'verify-email' } })
		expect(badEmail.status).toBe(400)
		expect(badEmail.body).toEqual({
			message: 'Enter a valid email address, like name@company.com.',
			errors: [{ path: 'email', message: 'Enter a valid email address, like name@company.com.' }],
		})
		const badPurpose = await call('POST', '/otp/resend', { body: { email: 'a@example.test', purpose: 'login' } })
		expect(badPurpose.status).toBe(400)
		const purposeMessage = 'The purpose must be verify-email or reset-password.'
		expect(badPurpose.body).toEqual({ message: purposeMessage, errors: [{ path: 'purpose', message: purposeMessage }] })
	})

	test('a code for an address without an account is refused', async () => {
		const { call } = await testApi()
		const res = await call('POST', '/otp/verify', {
			body: { email: 'nobody-otp@example.test', purpose: 'reset-password', otp: '123456' },
		})
		expect(res).toMatchObject({ status: 400, body: { message: EXPIRED } })
	})
})
