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
const BODY = /<body[^>]*>/

/**
 * `page` with the `<style>` element around `stylesheet` moved from the head to the start of the body and
 * the head's module preloads moved to the end of the body; `page` itself when it is not laid out so.
 */
export function firstPageOrder(page: Buffer, stylesheet: Buffer): Buffer {
	const at = page.indexOf(stylesheet)
	if (at < 0) return page
	// latin1 maps each byte to one character and back: the text's UTF-8 goes through untouched.
	const html = page.toString('latin1')
	const headEnd = html.indexOf('</head>')
	const styleStart = html.lastIndexOf('<style', at)
	const styleEnd = html.indexOf('</style>', at + stylesheet.length)
	if (headEnd < 0 || styleStart < 0 || styleEnd < 0 || styleEnd > headEnd) return page
	const style = html.slice(styleStart, styleEnd + '</style>'.length)
	const head = html.slice(0, styleStart) + html.slice(styleStart + style.length, headEnd)
	const preloads = head.match(PRELOAD) ?? []
	const rest = html.slice(headEnd)
	const body = BODY.exec(rest)
	const bodyEnd = rest.lastIndexOf('</body>')
	if (!body || bodyEnd < 0) return page
	const bodyOpenEnd = body.index + body[0].length
	return Buffer.from(
		head.replace(PRELOAD, '') +
			rest.slice(0, bodyOpenEnd) +
			style +
			rest.slice(bodyOpenEnd, bodyEnd) +
			preloads.join('') +
			rest.slice(bodyEnd),
		'latin1',
	)
}
