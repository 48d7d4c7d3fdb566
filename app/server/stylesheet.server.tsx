import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { createCookie } from 'react-router'
import appStylesheet from '../app.css?url'
import { STYLESHEET_COOKIE } from '../lib/stylesheet.ts'
import { portalEnv } from './env.server.ts'
import { firstPageOrder } from './first-page-order.server.ts'
import { classAttributes, classesIn, firstPageRules } from './first-page-rules.server.ts'
import { type FixedText, fixedText } from './gzip-around.server.ts'
import { keptByKey } from './kept.server.ts'

/**
 * The stylesheet inline on a browser's first page, linked on every page after it
 * (docs/decisions/130-first-visit-stylesheet-and-render-costs.md). A first page paints when its HTML is in,
 * not one round trip later when the stylesheet is. It carries the rules it needs (decision 149); the file
 * comes after its first frame, and a cookie naming this build's file tells the next pages the browser has it.
 */

const YEAR_S = 365 * 24 * 60 * 60

/** The rules a first page carries: their text and their deflate blocks for the page's gzip (a FixedText). */
type Inline = { whole: FixedText; rulesFor: (attributes: string) => FixedText }
let inline: Inline | null | undefined
let cookie: ReturnType<typeof createCookie> | undefined

/**
 * What React renders inside the first page's `<style>`; the rules the page needs replace it once the page
 * is rendered (`withFirstPageRules`), as only then are its classes known.
 */
export const RULES_GO_HERE = '/*first-page-rules*/'
const RULES_GO_HERE_BYTES = Buffer.from(RULES_GO_HERE)

/**
 * Rules kept by the set of classes they were made for, and found by a page's class attributes as written
 * (a page like the last one is found without reading its classes). Past this many in either, the one
 * kept longest is let go; class attributes longer than ATTRIBUTES_KEPT_UP_TO (a long table) are not kept.
 */
const RULES_KEPT = 200
const ATTRIBUTES_KEPT_UP_TO = 16 * 1024

/** A stylesheet's text as a first page carries it: whole, or the rules a page needs. */
export function inlineRules(text: string): Inline {
	const rulesFor = firstPageRules(text)
	const byClasses = keptByKey<FixedText>(RULES_KEPT)
	const byAttributes = keptByKey<FixedText>(RULES_KEPT)
	return {
		whole: fixedText(text),
		rulesFor: (attributes) => {
			const bySet = () => {
				const classes = classesIn(attributes)
				return byClasses([...classes].sort().join(' '), () => fixedText(rulesFor(classes)))
			}
			return attributes.length <= ATTRIBUTES_KEPT_UP_TO ? byAttributes(attributes, bySet) : bySet()
		},
	}
}

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
			inline = inlineRules(text)
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
					{RULES_GO_HERE}
				</style>
				<link rel="prefetch" href={appStylesheet} as="style" />
			</>
		),
		inline: sheet,
	}
}

/**
 * A first page as it is sent (decisions 142, 145 and 149): reordered for its first paint, with the rules it
 * needs in its `<style>`, and those rules' deflate blocks for its gzip.
 *
 * The rules are those that could apply to the page's classes (`firstPageRules`), made once per set of
 * classes. Where the page's scripts start from the starter, it applies the stylesheet file after the first
 * frame, for what the page does next; a browser without JavaScript loads the next page, which links the file
 * it prefetched. A page whose scripts could not be started so carries the whole stylesheet, as before.
 */
export function withFirstPageRules(rendered: Buffer, sheet: Inline) {
	const { page, stylesheetAt, started } = firstPageOrder(rendered, RULES_GO_HERE_BYTES)
	if (stylesheetAt < 0) return { page, stylesheetAt, gzip: null }
	let rules = sheet.whole
	if (started) rules = sheet.rulesFor(classAttributes(page))
	return {
		page: Buffer.concat([page.subarray(0, stylesheetAt), rules.text, page.subarray(stylesheetAt + RULES_GO_HERE_BYTES.length)]),
		stylesheetAt,
		gzip: rules,
	}
}

// Read and parsed as the server starts (postcss takes about 30 ms over the built file), not on the first
// first page a process serves; in development and tests it finds no built file and keeps none.
inlineStylesheet()
