import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { describe, expect, test } from 'vitest'
import { inlineStylesheet, replaceLink } from './stylesheet.server.ts'

// The stylesheet inline in a browser's first page (decision 127): which requests get it, and the swap in
// the streamed HTML, wherever the chunks happen to split it.

const HREF = '/assets/root-C0v5SO1Q.css'
/** The built stylesheet's text (Vitest does not build CSS). */
const CSS = '.min-h-dvh{min-height:100dvh}'
const page = (link: string) =>
	`<!DOCTYPE html><html><head><title>Sign in · Cover</title>${link}<link rel="modulepreload" href="/assets/a.js"/></head><body><p>₦12,500 paid</p></body></html>`

async function through(html: string, chunkSize: number, request: Request) {
	const inline = await inlineStylesheet(request, HREF, CSS)
	// Cut by bytes, so a chunk can end inside a character (· and ₦ are two and three bytes).
	const bytes = Buffer.from(html)
	const chunks: Buffer[] = []
	for (let i = 0; i < bytes.length; i += chunkSize) chunks.push(bytes.subarray(i, i + chunkSize))
	return { inline, out: inline ? await text(Readable.from(chunks).pipe(replaceLink(inline))) : html }
}

describe('inlineStylesheet and replaceLink', () => {
	test.each([1, 7, 64, 10_000])('a first page gets the stylesheet in place of its link (chunks of %i)', async (size) => {
		const html = page(`<link nonce="abc==" rel="stylesheet" href="${HREF}"/>`)
		const { inline, out } = await through(html, size, new Request('http://portal.test/login'))
		expect(inline?.setCookie).toMatch(/^css=.+; Max-Age=31536000; Path=\/; HttpOnly;( Secure;)? SameSite=Lax$/)
		expect(out).not.toContain('rel="stylesheet"')
		expect(out).toContain(`<title>Sign in · Cover</title><style id="portal-css">${CSS}</style>`)
		expect(out).toContain(
			`</style><link rel="prefetch" href="${HREF}"/><link rel="modulepreload" href="/assets/a.js"/></head><body><p>₦12,500 paid</p></body></html>`,
		)
	})

	test('a browser with this version keeps the link; another version is inlined again', async () => {
		const first = await inlineStylesheet(new Request('http://portal.test/'), HREF, CSS)
		const cookie = first!.setCookie.split(';')[0]!
		expect(await inlineStylesheet(new Request('http://portal.test/', { headers: { Cookie: cookie } }), HREF, CSS)).toBeNull()
		const older = await inlineStylesheet(new Request('http://portal.test/'), '/assets/root-OLDER123.css', CSS)
		const olderCookie = older!.setCookie.split(';')[0]!
		expect(await inlineStylesheet(new Request('http://portal.test/', { headers: { Cookie: olderCookie } }), HREF, CSS)).not.toBeNull()
		expect(await inlineStylesheet(new Request('http://portal.test/'), undefined, CSS)).toBeNull()
		expect(await inlineStylesheet(new Request('http://portal.test/'), HREF, '.a{content:"</style>"}')).toBeNull()
	})

	test('a page without the link passes through unchanged, the body after the head included', async () => {
		const html = page('')
		const { out } = await through(html, 5, new Request('http://portal.test/'))
		expect(out).toBe(html)
	})
})
