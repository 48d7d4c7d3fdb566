import { runInNewContext } from 'node:vm'
import { describe, expect, test } from 'vitest'
import { firstPageOrder } from './first-page-order.server.ts'

describe('firstPageOrder', () => {
	const css = '.skip-link{left:-9999px}.naira::before{content:"₦"}'
	const style = `<style data-precedence="default" data-href="/assets/app-1.css">${css}</style>`
	const preloads =
		'<link rel="modulepreload" href="/assets/entry.js" nonce="n"/><link rel="modulepreload" href="/assets/react.js" nonce="n"/>'
	const prefetch = '<link rel="prefetch" href="/assets/app-1.css" as="style"/>'
	const head = `<!DOCTYPE html><html lang="en-NG"><head><meta charSet="utf-8"/>${style}${prefetch}<title>Sign in · ₦</title><link rel="icon" href="/favicon.svg"/>${preloads}</head>`
	// React Router's module script, as it writes it: imports, then the entry's dynamic import.
	const code =
		';\nimport * as route0 from "/assets/root.js";\n  window.__reactRouterRouteModules = {"root":route0};\n\nimport("/assets/entry.js");'
	const moduleScript = `<script nonce="n" type="module" async="">${code}</script>`
	const content = '<a href="#main" class="skip-link">Skip</a><main id="main">₦42,000 due</main>'
	const body = `<body class="min-h-dvh">${content}<script nonce="n">x()</script>${moduleScript}<script nonce="n">y()</script></body></html>`
	const order = (html: string, text = css) => {
		const { page, stylesheetAt } = firstPageOrder(Buffer.from(html, 'utf8'), Buffer.from(text, 'utf8'))
		// Where it says the text stands is where it stands (or -1 where it is not in the page).
		expect(stylesheetAt).toBe(page.indexOf(Buffer.from(text, 'utf8')))
		return page.toString('utf8')
	}
	const headWithout = `<!DOCTYPE html><html lang="en-NG"><head><meta charSet="utf-8"/><noscript>${prefetch}</noscript><title>Sign in · ₦</title><link rel="icon" href="/favicon.svg"/></head>`
	/** The classic script that took the module script's place, and what it was given. */
	const starter = (page: string) => {
		const found = /<script nonce="n">(\(function\(p,c,a\)[^<]*)<\/script>/.exec(page)
		if (!found) throw new Error('no starter')
		return { source: found[1]!, at: found.index, length: found[0].length }
	}

	test('moves the stylesheet to the start of the body, puts a starter where the module script was and the prefetch in a noscript, and nothing else', () => {
		const page = order(head + body)
		const { at, length } = starter(page)
		expect(page.slice(0, at)).toBe(`${headWithout}<body class="min-h-dvh">${style}${content}<script nonce="n">x()</script>`)
		expect(page.slice(at + length)).toBe('<script nonce="n">y()</script></body></html>')
		expect(page).not.toMatch(/<link rel="modulepreload"/)
		expect(page).not.toMatch(/<script[^>]*type="module"/)
	})

	type Added = { where: string; tag: string; rel?: string; href?: string; as?: string; type?: string; text?: string; nonce?: string }
	/** The starter run against a stand-in for the browser's document, frames and timers. */
	function run(source: string, visibility: 'visible' | 'hidden' = 'visible') {
		const elements: { where: string; element: Record<string, unknown> }[] = []
		const frames: (() => void)[] = []
		const timers: { fn: () => void; ms: number }[] = []
		const ownRules = { sheet: { disabled: false } }
		const document = {
			querySelector: (selector: string) => (selector === 'style[data-href="/assets/app-1.css"]' ? ownRules : null),
			currentScript: { nonce: 'n0nce' },
			visibilityState: visibility,
			createElement: (tag: string) => ({ tag }),
			head: { appendChild: (element: Record<string, unknown>) => elements.push({ where: 'head', element }) },
			body: { appendChild: (element: Record<string, unknown>) => elements.push({ where: 'body', element }) },
		}
		runInNewContext(source, {
			document,
			requestAnimationFrame: (fn: () => void) => frames.push(fn),
			setTimeout: (fn: () => void, ms = 0) => timers.push({ fn, ms }),
		})
		/** What was added, without its event handlers. */
		const added = () =>
			elements.map(({ where, element }) => {
				const { onload: _load, onerror: _error, ...rest } = element
				return { where, ...rest } as Added
			})
		/** The stylesheet file as the browser would end it, loaded. */
		const stylesheetLoads = () => (elements.find(({ element }) => element.rel === 'stylesheet')!.element.onload as () => void)()
		return { added, frames, timers, stylesheetLoads, ownRules }
	}

	test('the starter applies the stylesheet file, then adds the preloads and the module script, with its nonce, once the first frame is drawn, and switches off the rules the page carries once the file is in', () => {
		const { source } = starter(order(head + body))
		const { added, frames, timers, stylesheetLoads, ownRules } = run(source)
		// Nothing yet: it waits for the frame, and a timer stands by where no frame comes.
		expect(added()).toEqual([])
		expect(frames).toHaveLength(1)
		expect(timers.map((t) => t.ms)).toEqual([250])
		frames[0]!()
		expect(added()).toEqual([])
		// The task after the frame.
		const afterFrame = timers[1]!
		expect(afterFrame.ms).toBe(0)
		afterFrame.fn()
		const all = [
			{ where: 'head', tag: 'link', rel: 'stylesheet', href: '/assets/app-1.css' },
			{ where: 'head', tag: 'link', rel: 'modulepreload', href: '/assets/entry.js', nonce: 'n0nce' },
			{ where: 'head', tag: 'link', rel: 'modulepreload', href: '/assets/react.js', nonce: 'n0nce' },
			{ where: 'body', tag: 'script', type: 'module', nonce: 'n0nce', text: code },
		]
		expect(added()).toEqual(all)
		// The stand-by timer finds it done.
		timers[0]!.fn()
		expect(added()).toEqual(all)
		// The page's own rules stay on until the file is in, then go off: the file's order decides.
		expect(ownRules.sheet.disabled).toBe(false)
		stylesheetLoads()
		expect(ownRules.sheet.disabled).toBe(true)
	})

	test('the starter starts them at once on a hidden page, and on its timer where no frame comes', () => {
		const { source } = starter(order(head + body))
		const hidden = run(source, 'hidden')
		expect(hidden.added().map((a) => a.rel ?? a.tag)).toEqual(['stylesheet', 'modulepreload', 'modulepreload', 'script'])
		expect(hidden.frames).toEqual([])
		const noFrame = run(source)
		noFrame.timers[0]!.fn()
		expect(noFrame.added().map((a) => a.rel ?? a.tag)).toEqual(['stylesheet', 'modulepreload', 'modulepreload', 'script'])
		noFrame.frames[0]!()
		noFrame.timers[1]!.fn()
		expect(noFrame.added()).toHaveLength(4)
	})

	test('code that holds `<!--<script>` or a line separator goes through whole, with no `<` left to end the starter', () => {
		const tricky = 'window.x = "<!--<script>\u2028</scrip";'
		const page = order(head + body.replace(code, tricky))
		const { source } = starter(page)
		expect(source).not.toContain('<')
		const { added, timers, frames } = run(source)
		frames[0]!()
		timers[1]!.fn()
		expect(added().find((a) => a.tag === 'script')?.text).toBe(tricky)
	})

	test('a page whose module script is not as expected keeps its preloads, at the end of the body, its script and its prefetch', () => {
		const moved = (html: string) => {
			const its = (html.match(/<link rel="modulepreload"[^>]*>/g) ?? []).join('')
			return html
				.replace(its, '')
				.replace(style, '')
				.replace('<body class="min-h-dvh">', `<body class="min-h-dvh">${style}`)
				.replace('</body>', `${its}</body>`)
		}
		for (const html of [
			// none
			head + body.replace(moduleScript, ''),
			// two
			head + body.replace(moduleScript, moduleScript + moduleScript),
			// one with its own attributes
			head + body.replace('<script nonce="n" type="module"', '<script nonce="n" id="x" type="module"'),
			// a preload whose address has an entity in it
			head.replace('/assets/react.js', '/assets/react.js?a=1&amp;b=2') + body,
		]) {
			expect(order(html)).toBe(moved(html))
		}
	})

	test('leaves a page as it is where it cannot place the stylesheet: no such stylesheet, one outside the head, no body', () => {
		for (const [html, text] of [
			[head + body, '.other{}'],
			[head.replace(style, '') + body.replace('<main', `${style}<main`), css],
			[head, css],
			[`${head.replace('</head>', '')}${body}`, css],
		] as const) {
			expect(order(html, text)).toBe(html)
		}
	})

	test('a page without preloads or prefetch gets its stylesheet moved and a starter with only the module script', () => {
		const page = order(head.replace(preloads, '').replace(prefetch, '') + body)
		expect(page).not.toContain('<noscript>')
		const { source } = starter(page)
		const { added, frames, timers } = run(source)
		frames[0]!()
		timers[1]!.fn()
		expect(added().map((a) => a.tag)).toEqual(['script'])
	})

	test('says whether the scripts start from the starter', () => {
		const started = (html: string) => firstPageOrder(Buffer.from(html, 'utf8'), Buffer.from(css, 'utf8')).started
		expect(started(head + body)).toBe(true)
		expect(started(head + body.replace(moduleScript, ''))).toBe(false)
		expect(started(head.replace(style, '') + body)).toBe(false)
	})

	test('a page with the prefetch and no preloads gets the stylesheet file applied, then the module script', () => {
		const { source } = starter(order(head.replace(preloads, '') + body))
		const { added } = run(source, 'hidden')
		expect(added().map((a) => a.rel ?? a.tag)).toEqual(['stylesheet', 'script'])
	})
})
