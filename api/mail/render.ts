import { render } from '@react-email/render'
import type { ReactElement } from 'react'
import type { Deps } from '../deps.ts'
import type { MailAttachment } from '../mail.ts'

// Headings keep their case in the text part: html-to-text would shout them in capitals.
const headings = ['h1', 'h2'].map((selector) => ({ selector, options: { uppercase: false } }))

/** A template as the two parts of one mail: the HTML, and the text part made from the same markup. */
export async function renderMail(element: ReactElement) {
	const [html, text] = await Promise.all([
		render(element),
		render(element, { plainText: true, htmlToTextOptions: { selectors: headings } }),
	])
	return { html, text }
}

/** Render a template and send it as one mail with its text and HTML parts. */
export async function sendTemplate(
	deps: Pick<Deps, 'mailer'>,
	to: string,
	subject: string,
	element: ReactElement,
	attachments?: MailAttachment[],
) {
	await deps.mailer.send({ to, subject, ...(await renderMail(element)), ...(attachments ? { attachments } : {}) })
}
