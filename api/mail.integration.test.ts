import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { expect, test } from 'vitest'
import { describeApi, testApi } from '#tests/support/test-api.ts'
import { createMailer } from './mail.ts'

describeApi('the mailer', () => {
	test('with SMTP_URL set, mail goes to that SMTP server and not to the outbox', async () => {
		const received: string[] = []
		// A local SMTP server stands in for the provider's, at its protocol boundary.
		const server = new SMTPServer({
			authOptional: true,
			disabledCommands: ['STARTTLS'],
			onData(stream, _session, callback) {
				let text = ''
				stream.on('data', (chunk: Buffer) => {
					text += chunk.toString()
				})
				stream.on('end', () => {
					received.push(text)
					callback()
				})
			},
		})
		server.listen(0, '127.0.0.1')
		await once(server.server, 'listening')
		const { port } = server.server.address() as AddressInfo
		try {
			const { db } = await testApi()
			const mailer = await createMailer({ db, smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Cover Portal <no-reply@cover.test>' })
			expect(mailer.kind).toBe('smtp')
			await mailer.send({ to: 'ada@example.test', subject: 'Your verification code', text: 'Your code is 123456.' })
			expect(received).toHaveLength(1)
			expect(received[0]).toContain('Subject: Your verification code')
			expect(received[0]).toContain('To: ada@example.test')
			expect(received[0]).toContain('Your code is 123456.')
		} finally {
			await new Promise<void>((resolve) => server.close(() => resolve()))
		}
	})

	test('without SMTP_URL, mail is kept in the outbox', async () => {
		const { db, latestMail } = await testApi()
		const mailer = await createMailer({ db, from: 'x' })
		expect(mailer.kind).toBe('outbox')
		await mailer.send({ to: 'outbox-check@example.test', subject: 'Hello', text: 'Body 654321' })
		expect((await latestMail('outbox-check@example.test'))?.text).toBe('Body 654321')
	})
})
