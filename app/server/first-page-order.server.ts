/**
 * A browser's first page, reordered for its first paint (docs/decisions/142-first-page-order.md): the
 * stylesheet that React put in the head goes to the start of the body, ahead of all content, and the
 * scripts' preloads go to the end of the body, after it. With 40 KB of rules in the head, Chrome on a slow
 * network held the first paint about a second in most runs, though the whole page was in; with the same
 * rules at the start of the body it painted as soon as the page was in, every run. The preloads follow
 * the content so that the scripts still start after the rules, as decision 129 ordered them in the head,
 * and now after the content too.
 *
 * The browser hydrates as before: React skips what it does not render among the body's own children, and
 * looks for the preloads it renders across the whole document. Anything it cannot place (no stylesheet,
 * no head or body, a stylesheet outside the head) leaves the page as it was.
 */

const PRELOAD = /<link rel="modulepreload"[^>]*>/g

/** The page in the order it is sent, and where the stylesheet's text stands in it (-1 if nowhere). */
export type OrderedPage = { page: Buffer; stylesheetAt: number }

/**
 * `page` with the `<style>` element around `stylesheet` moved from the head to the start of the body and
 * the head's module preloads moved to the end of the body; `page` itself when it is not laid out so. The
 * stylesheet's place in the result comes back with it, so that gzip need not look for it again.
 */
export function firstPageOrder(page: Buffer, stylesheet: Buffer): OrderedPage {
	const at = page.indexOf(stylesheet)
	const asItWas = { page, stylesheetAt: at }
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
	// Only the head (a few KB once the rules are out of it) is read as text. latin1 maps each byte to one
	// character and back, so its UTF-8 goes through untouched.
	const head = page.toString('latin1', 0, styleStart) + page.toString('latin1', styleClose, headEnd)
	const preloads = Buffer.from((head.match(PRELOAD) ?? []).join(''), 'latin1')
	const headLeft = Buffer.from(head.replace(PRELOAD, ''), 'latin1')
	return {
		page: Buffer.concat([
			headLeft,
			page.subarray(headEnd, bodyOpenEnd),
			page.subarray(styleStart, styleClose),
			page.subarray(bodyOpenEnd, bodyEnd),
			preloads,
			page.subarray(bodyEnd),
		]),
		stylesheetAt: headLeft.length + (bodyOpenEnd - headEnd) + (at - styleStart),
	}
}
