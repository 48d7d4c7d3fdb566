/**
 * A browser's first page, reordered for its first paint (docs/decisions/142-first-page-order.md and
 * 145-scripts-after-first-paint.md): the stylesheet that React put in the head goes to the start of the
 * body, ahead of all content, and the scripts start once the page has been painted.
 *
 * - With 40 KB of rules in the head, Chrome on a slow network held the first paint about a second in most
 *   runs, though the whole page was in; with the same rules at the start of the body it painted as soon as
 *   the page was in, every run (decision 142).
 * - On a first page no script is in the browser's cache. Fetched as soon as the page was read, their
 *   parsing on the browser's other threads ran alongside the first layout, which took 8 ms in one run
 *   and 49 ms in another (decision 145). So React Router's module script becomes a small classic script in
 *   the same place that, after the first frame, applies the stylesheet file (the page carries only the rules
 *   it needs, decision 149), then adds the preloads the head had and the module script itself, unchanged.
 *   Without JavaScript the file's prefetch, for the next page, is read from a `<noscript>` where it stood.
 *
 * The browser hydrates as before: React skips what it does not render among the body's own children, finds
 * the preloads it renders wherever they are, and takes the classic script for the module script it
 * renders (both are `<script>`s without `src`). Anything it cannot place (no stylesheet, no head or body,
 * a stylesheet outside the head) leaves the page as it was; a page whose module script is not where it is
 * expected keeps its preloads, at the end of the body, and its module script as it is.
 */

const PRELOAD = /<link rel="modulepreload"[^>]*>/g
/** The stylesheet file's prefetch, for the pages after this one (decision 130); the starter applies it. */
const PREFETCH = /<link rel="prefetch" href="([^"&]+)" as="style"\/>/g
/** An asset's path; one with an entity in it (none is) is left to the preload as it was. */
const HREF = /\bhref="([^"&]+)"/

/** React Router's one module script: `<script nonce="…" type="module" async="">`. */
const MODULE_SCRIPT = ' type="module" async="">'
const MODULE_SCRIPT_OPEN = /^<script(?: nonce="[^"<>]*")?$/
const SCRIPT_END = '</script>'

/**
 * Run in place of the module script: on the first frame's task after it is painted (or at once when the
 * page is hidden, where there is no frame; or after 250 ms, where a frame out of sight is not drawn), the
 * stylesheet file is applied, then the preloads go into the head and the module script into the body, with
 * this script's nonce. The page carries only the rules it needs (decision 149), and what it does once React
 * has it (a dialog, a message, the next page) may use any rule, so the file comes first. Once the file is
 * in, the page's own rules are switched off: they stand after the file, so a rule of theirs (`.hidden`)
 * would otherwise beat one the file has after it (`.sm:block`) on an element that only a later page draws.
 */
const START = (preloads: string, code: string, stylesheets: string) =>
	`(function(p,c,a){var n=document.currentScript.nonce,link=function(r,h){var l=document.createElement("link");l.rel=r;l.href=h;document.head.appendChild(l);return l},go=function(){if(c===null)return;a.forEach(function(h){link("stylesheet",h).onload=function(){var s=document.querySelector('style[data-href="'+h+'"]');if(s&&s.sheet)s.sheet.disabled=true}});p.forEach(function(h){link("modulepreload",h).nonce=n});var s=document.createElement("script");s.type="module";s.nonce=n;s.text=c;document.body.appendChild(s);c=null};if(document.visibilityState!=="visible")go();else{requestAnimationFrame(function(){setTimeout(go)});setTimeout(go,250)}})(${preloads},${code},${stylesheets})`

/** A string as a JavaScript literal that cannot end the `<script>` it stands in. */
const scriptLiteral = (value: unknown) => {
	const json = JSON.stringify(value)
	return json.includes('<') ? json.replace(/</g, '\\u003c') : json
}

/**
 * The page in the order it is sent, where the stylesheet's text stands in it (-1 if nowhere), and whether
 * its scripts start from the starter (which then applies the stylesheet file).
 */
export type OrderedPage = { page: Buffer; stylesheetAt: number; started: boolean }

/** Where React Router's module script stands between `from` and `to`, if it is there once and as expected. */
function moduleScript(page: Buffer, from: number, to: number) {
	const marker = page.indexOf(MODULE_SCRIPT, from)
	if (marker < 0 || marker > to) return null
	const start = page.lastIndexOf('<script', marker)
	const codeStart = marker + MODULE_SCRIPT.length
	const end = page.indexOf(SCRIPT_END, codeStart)
	if (start < from || end < 0 || end > to) return null
	const open = page.toString('latin1', start, marker)
	if (!MODULE_SCRIPT_OPEN.test(open)) return null
	const again = page.indexOf(MODULE_SCRIPT, end)
	if (again >= 0 && again < to) return null
	return { start, open, code: page.toString('utf8', codeStart, end), end: end + SCRIPT_END.length }
}

/**
 * `page` with the `<style>` element around `stylesheet` moved from the head to the start of the body, and
 * the head's module preloads and the body's module script started after the first paint; `page` itself
 * when it is not laid out so. The stylesheet's place in the result comes back with it, so that gzip need
 * not look for it again. The starter applies the stylesheet file that the head prefetched.
 */
export function firstPageOrder(page: Buffer, stylesheet: Buffer): OrderedPage {
	const at = page.indexOf(stylesheet)
	const asItWas = { page, stylesheetAt: at, started: false }
	if (at < 0) return asItWas
	const headEnd = page.indexOf('</head>')
	const styleStart = page.lastIndexOf('<style', at)
	const styleEnd = page.indexOf('</style>', at + stylesheet.length)
	if (headEnd < 0 || styleStart < 0 || styleEnd < 0 || styleEnd > headEnd) return asItWas
	const styleClose = styleEnd + '</style>'.length
	const bodyStart = page.indexOf('<body', headEnd)
	const bodyOpenEnd = bodyStart < 0 ? -1 : page.indexOf('>', bodyStart) + 1
	const bodyEnd = page.lastIndexOf('</body>')
	if (bodyOpenEnd <= 0 || bodyEnd < bodyOpenEnd) return asItWas
	// Only the head (a few KB once the rules are out of it) and the module script are read as text. latin1
	// maps each byte to one character and back, so the head's UTF-8 goes through untouched.
	const head = page.toString('latin1', 0, styleStart) + page.toString('latin1', styleClose, headEnd)
	const preloadTags = head.match(PRELOAD) ?? []
	const headWithout = head.replace(PRELOAD, '')
	const script = moduleScript(page, bodyOpenEnd, bodyEnd)
	const hrefs = preloadTags.map((tag) => HREF.exec(tag)?.[1])
	const starts = script !== null && hrefs.every((href) => href !== undefined)
	// With the scripts started after the first frame, the stylesheet file is applied with them (a browser
	// without JavaScript reads its prefetch from `<noscript>`, as it did from the head).
	const stylesheets: string[] = []
	const headLeft = Buffer.from(
		starts
			? headWithout.replace(PREFETCH, (tag, href: string) => {
					stylesheets.push(href)
					return `<noscript>${tag}</noscript>`
				})
			: headWithout,
		'latin1',
	)
	const body = starts
		? [
				page.subarray(bodyOpenEnd, script.start),
				Buffer.from(
					`${script.open}>${START(scriptLiteral(hrefs), scriptLiteral(script.code), scriptLiteral(stylesheets))}${SCRIPT_END}`,
					'utf8',
				),
				page.subarray(script.end, bodyEnd),
			]
		: [page.subarray(bodyOpenEnd, bodyEnd), Buffer.from(preloadTags.join(''), 'latin1')]
	return {
		page: Buffer.concat([
			headLeft,
			page.subarray(headEnd, bodyOpenEnd),
			page.subarray(styleStart, styleClose),
			...body,
			page.subarray(bodyEnd),
		]),
		stylesheetAt: headLeft.length + (bodyOpenEnd - headEnd) + (at - styleStart),
		started: starts,
	}
}
