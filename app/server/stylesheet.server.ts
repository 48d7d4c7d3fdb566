import { Transform } from 'node:stream'
import { StringDecoder } from 'node:string_decoder'
import { createCookie } from 'react-router'
import cssText from '../app.css?inline'
import { portalEnv } from './env.server.ts'

// The stylesheet inline in a browser's first page (docs/decisions/127-inline-stylesheet.md). A browser
// that has not been sent this version of the stylesheet gets it in the page, in place of the link, with
// the file prefetched for the next page and a cookie naming the version; its next pages link the file.
// Done on the rendered HTML, so the browser's JavaScript carries none of it: hydrating, React finds the
// link missing from the head and adds it back, which the prefetch has already cached.

let cookie: ReturnType<typeof createCookie> | undefined
function stylesheetCookie() {
	cookie ??= createCookie('css', {
		path: '/',
		sameSite: 'lax',
		httpOnly: true,
		secure: portalEnv().secureCookies,
		maxAge: 365 * 24 * 60 * 60,
	})
	return cookie
}

export type InlineStylesheet = { link: RegExp; replacement: string; setCookie: string }

/**
 * What to put in place of the stylesheet's link on this request's page, or null to leave the link: when
 * the request's cookie names this version (the file's hashed name), or the build has no stylesheet.
 */
export async function inlineStylesheet(
	request: Request,
	href: string | undefined,
	text: string = cssText,
): Promise<InlineStylesheet | null> {
	// A stylesheet that could end the element early is linked, never inlined.
	if (!href || !text || /<\/style/i.test(text)) return null
	const version = href.slice(href.lastIndexOf('/') + 1)
	if ((await stylesheetCookie().parse(request.headers.get('Cookie'))) === version) return null
	return {
		// As React Router renders it: <link nonce="…" rel="stylesheet" href="/assets/root-….css"/>.
		link: new RegExp(`<link (?:nonce="[^"]*" )?rel="stylesheet" href="${href.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"/>`),
		replacement: `<style id="portal-css">${text}</style><link rel="prefetch" href="${href}"/>`,
		setCookie: await stylesheetCookie().serialize(version),
	}
}

/**
 * Passes the page through, with the first occurrence of the link (in the head) replaced. Read as UTF-8
 * across chunks, so a character split between two chunks passes whole.
 */
export function replaceLink({ link, replacement }: InlineStylesheet) {
	const decoder = new StringDecoder('utf8')
	let pending = ''
	let done = false
	return new Transform({
		transform(chunk: Buffer, _encoding, callback) {
			const text = decoder.write(chunk)
			if (done) return callback(null, text)
			pending += text
			const found = link.exec(pending)
			// Found, or past the head without it (the page is left as it is): what is held goes out.
			if (found || pending.includes('</head>')) {
				done = true
				const out = found ? pending.slice(0, found.index) + replacement + pending.slice(found.index + found[0].length) : pending
				pending = ''
				return callback(null, out)
			}
			callback()
		},
		flush(callback) {
			callback(null, pending + decoder.end() || undefined)
		},
	})
}
