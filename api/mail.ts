import type { Db } from './db/client.ts'
import { mailOutbox } from './db/schema.ts'

export type MailAttachment = { filename: string; content: Uint8Array; contentType: string }
/** A mail as sent: the text part always, the HTML part and files when its template has them. */
export type Mail = { to: string; subject: string; text: string; html?: string; attachments?: MailAttachment[] }
export type Mailer = { send: (mail: Mail) => Promise<void>; kind: 'smtp' | 'outbox' }

/** SMTP when SMTP_URL is set; otherwise the local outbox table, which tests and the dev page read. */
export async function createMailer(options: { db: Db; smtpUrl?: string | undefined; from: string }): Promise<Mailer> {
	if (options.smtpUrl) {
		const { default: nodemailer } = await import('nodemailer')
		const transport = nodemailer.createTransport(options.smtpUrl)
		return {
			kind: 'smtp',
			send: async ({ attachments, ...mail }) => {
				await transport.sendMail({
					from: options.from,
					...mail,
					attachments: attachments?.map((a) => ({ filename: a.filename, content: Buffer.from(a.content), contentType: a.contentType })),
				})
			},
		}
	}
	return {
		kind: 'outbox',
		send: async ({ attachments = [], ...mail }) => {
			await options.db.insert(mailOutbox).values({ ...mail, attachments: attachments.map((a) => a.filename) })
		},
	}
}
