import type { Db } from './db/client.ts'
import { mailOutbox } from './db/schema.ts'

export type Mail = { to: string; subject: string; text: string }
export type Mailer = { send: (mail: Mail) => Promise<void>; kind: 'smtp' | 'outbox' }

/** SMTP when SMTP_URL is set; otherwise the local outbox table, which tests and the dev page read. */
export async function createMailer(options: { db: Db; smtpUrl?: string | undefined; from: string }): Promise<Mailer> {
	if (options.smtpUrl) {
		const { default: nodemailer } = await import('nodemailer')
		const transport = nodemailer.createTransport(options.smtpUrl)
		return {
			kind: 'smtp',
			send: async (mail) => {
				await transport.sendMail({ from: options.from, ...mail })
			},
		}
	}
	return {
		kind: 'outbox',
		send: async (mail) => {
			await options.db.insert(mailOutbox).values(mail)
		},
	}
}
