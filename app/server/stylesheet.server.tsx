import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { createCookie } from 'react-router'
import appStylesheet from '../app.css?url'
import { STYLESHEET_COOKIE } from '../lib/stylesheet.ts'
import { portalEnv } from './env.server.ts'
import { type FixedText, fixedText } from './gzip-around.server.ts'

/**
 * The stylesheet inline on a browser's first page, linked on every page after it
 * (docs/decisions/130-first-visit-stylesheet-and-render-costs.md). A first page paints when its HTML is in,
 * not one round trip later when the stylesheet is; the file is fetched after the page at the lowest
 * priority (a prefetch), and a cookie naming this build's file tells the next pages the browser has it.
 */

const YEAR_S = 365 * 24 * 60 * 60

type Inline = { text: string; gzip: FixedText }
let inline: Inline | null | undefined
let cookie: ReturnType<typeof createCookie> | undefined

/**
 * The built file's text, read once, and its deflate blocks for the pages' gzip; null in development, where
 * Vite serves the stylesheet itself.
 */
function inlineStylesheet(): Inline | null {
	if (inline !== undefined) return inline
	inline = null
	if (import.meta.env.PROD && appStylesheet.startsWith('/assets/')) {
		// The server bundle sits in build/server beside build/client, where the file was written.
		try {
			const text = readFileSync(fileURLToPath(new URL(`../client${appStylesheet}`, import.meta.url)), 'utf8')
			inline = { text, gzip: fixedText(text) }
		} catch {}
	}
	return inline
}

function stylesheetCookie() {
	cookie ??= createCookie(STYLESHEET_COOKIE, {
		path: '/',
		sameSite: 'lax',
		httpOnly: true,
		secure: portalEnv().secureCookies,
		maxAge: YEAR_S,
	})
	return cookie
}

/**
 * What the head carries for this request; a first page also gets the cookie on its answer's headers, and
 * the stylesheet's text is handed on so the page's gzip can take it as compressed once.
 */
export async function stylesheetFor(request: Request, headers: Headers) {
	const sheet = inlineStylesheet()
	// The page differs with the cookie: a cache between must not hand one browser's page to another.
	if (sheet !== null) headers.append('Vary', 'Cookie')
	const sent = sheet === null ? null : await stylesheetCookie().parse(request.headers.get('Cookie'))
	if (sheet === null || sent === appStylesheet) {
		return { head: <link rel="stylesheet" href={appStylesheet} precedence="default" />, inline: null }
	}
	headers.append('Set-Cookie', await stylesheetCookie().serialize(appStylesheet))
	return {
		head: (
			<>
				<style href={appStylesheet} precedence="default">
					{sheet.text}
				</style>
				<link rel="prefetch" href={appStylesheet} as="style" />
			</>
		),
		inline: sheet.gzip,
	}
}
