import { expect, test } from 'vitest'
import { createApi } from '#api/app.ts'
import { createLocalCacRegistry } from '#api/cac/local.ts'
import { createMailer } from '#api/mail.ts'
import { createSandboxGateway } from '#api/payments/sandbox.ts'
import { createDiskStorage } from '#api/storage/index.ts'
import { describeApi, testApi } from '#tests/support/test-api.ts'

// GET /dev/outbox is public where it exists at all (the embedded default): there is no token case.

describeApi('dev outbox', () => {
	test('lists the mail kept by the outbox, newest first, filtered by recipient in any case', async () => {
		const { call, createAccount, latestCode } = await testApi()
		const { email } = await createAccount({ verified: false })
		await call('POST', '/otp/resend', { body: { email, purpose: 'verify-email' } })
		const res = await call('GET', `/dev/outbox?to=${encodeURIComponent(email.toUpperCase())}`)
		expect(res.status).toBe(200)
		expect(res.body.data).toHaveLength(2)
		expect(res.body.data.every((m: { to: string }) => m.to === email)).toBe(true)
		expect(res.body.data[0]).toMatchObject({ subject: 'Your verification code', text: expect.stringContaining(await latestCode(email)) })
	})

	test('is not found where the outbox page is off or mail goes out by SMTP', async () => {
		const { db } = await testApi()
		const outbox = await createMailer({ db, from: 'test@localhost' })
		const smtp = { ...outbox, kind: 'smtp' as const }
		for (const [mailer, outboxPage] of [[outbox, false], [smtp, true]] as const) {
			const cac = createLocalCacRegistry(db)
			const payments = createSandboxGateway({ db, secret: 'dev-outbox-test-secret', apiUrl: 'http://portal.test' })
			const env = { publicUrl: 'http://portal.test', outboxPage, walletFundMax: 5_000_000, withdrawalApprovalThreshold: 1_000_000 }
			const api = createApi({ db, mailer, cac, payments, storage: createDiskStorage('/nonexistent'), env, now: () => new Date() })
			const res = await api.request('/api/v1/dev/outbox')
			expect(res.status).toBe(404)
			expect(await res.json()).toEqual({ message: 'We could not find that page.' })
		}
	})
})
