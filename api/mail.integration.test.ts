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
			await mailer.send({
				to: 'ada@example.test',
				subject: 'Your verification code',
				text: 'Your code is 123456.',
				html: '<p>Your code is <b>123456</b>.</p>',
				attachments: [{ filename: 'certificate.pdf', content: new TextEncoder().encode('%PDF-1.7 test'), contentType: 'application/pdf' }],
			})
			expect(received).toHaveLength(1)
			expect(received[0]).toContain('Subject: Your verification code')
			expect(received[0]).toContain('To: ada@example.test')
			expect(received[0]).toContain('Your code is 123456.')
			// Text and HTML as alternatives, and the file beside them.
			expect(received[0]).toContain('Content-Type: text/html')
			expect(received[0]).toContain('<p>Your code is <b>123456</b>.</p>')
			expect(received[0]).toMatch(/Content-Type: application\/pdf; name="?certificate\.pdf/)
			expect(received[0]).toContain(Buffer.from('%PDF-1.7 test').toString('base64'))
		} finally {
			await new Promise<void>((resolve) => server.close(() => resolve()))
		}
	})

	test('without SMTP_URL, mail is kept in the outbox', async () => {
		const { db, latestMail } = await testApi()
		const mailer = await createMailer({ db, from: 'x' })
		expect(mailer.kind).toBe('outbox')
		await mailer.send({ to: 'outbox-check@example.test', subject: 'Hello', text: 'Body 654321' })
		expect(await latestMail('outbox-check@example.test')).toMatchObject({ text: 'Body 654321', html: null, attachments: [] })
		await mailer.send({
			to: 'outbox-check@example.test',
			subject: 'With a file',
			text: 'Body',
			html: '<p>Body</p>',
			attachments: [{ filename: 'certificate.pdf', content: new Uint8Array([37, 80, 68, 70]), contentType: 'application/pdf' }],
		})
		// The outbox keeps the HTML and the names of the files, not their bytes.
		expect(await latestMail('outbox-check@example.test')).toMatchObject({ html: '<p>Body</p>', attachments: ['certificate.pdf'] })
	})
})
