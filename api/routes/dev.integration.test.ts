import type { IncomingMessage } from 'node:http'
import { expect, test } from 'vitest'
import { createApi } from '#api/app.ts'
import { createLocalCacRegistry } from '#api/cac/local.ts'
import { createMailer } from '#api/mail.ts'
import { createSandboxGateway } from '#api/payments/sandbox.ts'
import { createDiskStorage } from '#api/storage/index.ts'
import { describeApi, testApi } from '#tests/support/test-api.ts'

// GET /dev/outbox is public where it exists at all (demo mode): there is no token case.

/** A request as it arrives on a Node socket from `remoteAddress`, with the headers it carries. */
function fromSocket(remoteAddress: string, headers: Record<string, string> = {}) {
	return { incoming: { socket: { remoteAddress }, headers } as unknown as IncomingMessage }
}

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

	test('is not found outside demo mode or where mail goes out by SMTP', async () => {
		const { db } = await testApi()
		const outbox = await createMailer({ db, from: 'test@localhost' })
		const smtp = { ...outbox, kind: 'smtp' as const }
		for (const [mailer, demo] of [
			[outbox, false],
			[smtp, true],
		] as const) {
			const cac = createLocalCacRegistry(db)
			const payments = createSandboxGateway({ db, secret: 'dev-outbox-test-secret', apiUrl: 'http://portal.test' })
			const env = {
				publicUrl: 'http://portal.test',
				demo,
				outboxPublic: true,
				trustProxy: false,
				walletFundMax: 5_000_000,
				withdrawalApprovalThreshold: 1_000_000,
			}
			const api = createApi({
				db,
				mailer,
				cac,
				payments,
				storage: createDiskStorage('/nonexistent'),
				env,
				now: () => new Date(),
				kit: { payloadKey: new Uint8Array(32), fetch: globalThis.fetch },
			})
			const res = await api.request('/api/v1/dev/outbox', { headers: { 'x-forwarded-for': '127.0.0.1' } })
			expect(res.status).toBe(404)
			expect(await res.json()).toEqual({ message: 'We could not find that page.' })
		}
	})

	test('answers only the machine itself unless OUTBOX_PUBLIC opens it', async () => {
		const { api } = await testApi()
		expect((await api.request('/api/v1/dev/outbox', {}, fromSocket('127.0.0.1'))).status).toBe(200)
		expect((await api.request('/api/v1/dev/outbox', {}, fromSocket('::ffff:127.0.0.1'))).status).toBe(200)
		expect((await api.request('/api/v1/dev/outbox', {}, fromSocket('::1'))).status).toBe(200)
		const remote = await api.request('/api/v1/dev/outbox', {}, fromSocket('203.0.113.7'))
		expect(remote.status).toBe(404)
		expect(await remote.json()).toEqual({ message: 'We could not find that page.' })
		// A header from a remote socket claims nothing without a trusted proxy in front.
		expect((await api.request('/api/v1/dev/outbox', {}, fromSocket('203.0.113.7', { 'x-forwarded-for': '127.0.0.1' }))).status).toBe(404)
		// Through the portal in process, the address it forwards is the browser's.
		expect((await api.request('/api/v1/dev/outbox', { headers: { 'x-forwarded-for': '198.51.100.4' } })).status).toBe(404)

		const open = await testApi({ env: { outboxPublic: true } })
		expect((await open.api.request('/api/v1/dev/outbox', {}, fromSocket('203.0.113.7'))).status).toBe(200)
	})

	test('behind a trusted proxy, the forwarded address is the client', async () => {
		const { api } = await testApi({ env: { trustProxy: true } })
		expect((await api.request('/api/v1/dev/outbox', {}, fromSocket('10.0.0.2', { 'x-forwarded-for': '203.0.113.7' }))).status).toBe(404)
		expect((await api.request('/api/v1/dev/outbox', {}, fromSocket('10.0.0.2', { 'x-forwarded-for': '127.0.0.1' }))).status).toBe(200)
	})
})

describeApi('sandbox checkout', () => {
	test('is served in demo mode and not found outside it', async () => {
		const demo = await testApi()
		const off = await testApi({ env: { demo: false } })
		for (const method of ['GET', 'POST']) {
			const body = method === 'POST' ? new URLSearchParams({ outcome: 'approve' }) : undefined
			const onDemo = await demo.api.request('/api/v1/sandbox/checkout/no-such-reference', { method, body })
			expect(await onDemo.text()).toContain('We could not find that payment.')
			const offDemo = await off.api.request('/api/v1/sandbox/checkout/no-such-reference', { method, body })
			expect(offDemo.status).toBe(404)
			expect(await offDemo.json()).toEqual({ message: `No API route for ${method} /api/v1/sandbox/checkout/no-such-reference.` })
		}
		const paths = async (t: typeof demo) => Object.keys((await t.call('GET', '/openapi.json')).body.paths)
		expect(await paths(demo)).toContain('/sandbox/checkout/{reference}')
		expect(await paths(off)).not.toContain('/sandbox/checkout/{reference}')
	})
})
