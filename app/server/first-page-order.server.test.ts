import { describe, expect, test } from 'vitest'
import { firstPageOrder } from './first-page-order.server.ts'

describe('firstPageOrder', () => {
	const css = '.skip-link{left:-9999px}.naira::before{content:"₦"}'
	const style = `<style data-precedence="default" data-href="/assets/app-1.css">${css}</style>`
	const preloads =
		'<link rel="modulepreload" href="/assets/entry.js" nonce="n"/><link rel="modulepreload" href="/assets/react.js" nonce="n"/>'
	const head = `<!DOCTYPE html><html lang="en-NG"><head><meta charSet="utf-8"/>${style}<title>Sign in · ₦</title><link rel="icon" href="/favicon.svg"/>${preloads}</head>`
	const body =
		'<body class="min-h-dvh"><a href="#main" class="skip-link">Skip</a><main id="main">₦42,000 due</main><script nonce="n">x()</script></body></html>'
	const order = (html: string, text = css) => {
		const { page, stylesheetAt } = firstPageOrder(Buffer.from(html, 'utf8'), Buffer.from(text, 'utf8'))
		// Where it says the text stands is where it stands (or -1 where it is not in the page).
		expect(stylesheetAt).toBe(page.indexOf(Buffer.from(text, 'utf8')))
		return page.toString('utf8')
	}

	test('moves the stylesheet to the start of the body and the preloads to its end, and nothing else', () => {
		expect(order(head + body)).toBe(
			'<!DOCTYPE html><html lang="en-NG"><head><meta charSet="utf-8"/><title>Sign in · ₦</title><link rel="icon" href="/favicon.svg"/></head>' +
				`<body class="min-h-dvh">${style}<a href="#main" class="skip-link">Skip</a><main id="main">₦42,000 due</main><script nonce="n">x()</script>${preloads}</body></html>`,
		)
	})

	test('leaves a page as it is where it cannot place both: no such stylesheet, one outside the head, no body', () => {
		for (const [html, text] of [
			[head + body, '.other{}'],
			[head.replace(style, '') + body.replace('<main', `${style}<main`), css],
			[head, css],
			[`${head.replace('</head>', '')}${body}`, css],
		] as const) {
			expect(order(html, text)).toBe(html)
		}
	})

	test('a page without preloads gets only its stylesheet moved', () => {
		const html = head.replace(preloads, '') + body
		expect(order(html)).toBe(
			`${head.replace(preloads, '').replace(style, '')}${body.replace('<body class="min-h-dvh">', `<body class="min-h-dvh">${style}`)}`,
		)
	})
})
