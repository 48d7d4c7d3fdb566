import { execFileSync } from 'node:child_process'
import { describe, expect, test } from 'vitest'

// patches/react-dom+19.3.1.patch (decision 130): React's Node renderer gathers a page's text as a string
// and writes it in pieces of 16 KiB, where it encoded each of thousands of small chunks into 4 KiB views.
// The production build is the one patched, so the render runs in a process of its own with
// NODE_ENV=production; React's string renderer (unpatched) renders the same tree as the reference.
const RENDER = `
import { Writable } from 'node:stream'
import { createElement as h } from 'react'
import { renderToPipeableStream, renderToString } from 'react-dom/server'
const rows = Array.from({ length: 600 }, (_, i) =>
	h('tr', { key: i, className: 'row' },
		h('td', null, 'Policy CP-AUTO-2026-' + String(i).padStart(6, '0')),
		h('td', { 'data-amount': i * 1250 }, '₦' + (i * 1250).toLocaleString('en-NG')),
		h('td', null, h('a', { href: '/mycover/' + i }, 'Open ', i, ' — “cover”'))))
const page = h('html', { lang: 'en-NG' }, h('head', null, h('title', null, 'Cover')), h('body', null, h('table', null, h('tbody', null, rows))))
const chunks = []
const sink = new Writable({ write(chunk, _e, done) { chunks.push(Buffer.from(chunk)); done() }, final(done) {
	const html = Buffer.concat(chunks).toString('utf8')
	process.stdout.write(JSON.stringify({ html, chunks: chunks.length, reference: '<!DOCTYPE html>' + renderToString(page) }))
	done()
} })
const { pipe } = renderToPipeableStream(page, { onAllReady() { pipe(sink) } })
`

describe("React's Node renderer, patched to write text in large pieces", () => {
	test('renders the same page as its string renderer, multi-byte characters whole, in few writes', () => {
		const out = execFileSync(process.execPath, ['--input-type=module', '-e', RENDER], {
			env: { ...process.env, NODE_ENV: 'production' },
			maxBuffer: 16 * 1024 * 1024,
		}).toString('utf8')
		const { html, chunks, reference } = JSON.parse(out) as { html: string; chunks: number; reference: string }
		expect(html.length).toBeGreaterThan(60_000)
		expect(html).toBe(reference)
		expect(html).toContain('<td data-amount="748750">₦748,750</td>')
		// Unpatched, the same page comes in 4 KiB views: more than twenty writes.
		expect(chunks).toBeLessThanOrEqual(Math.ceil(Buffer.byteLength(html) / 16_384) + 2)
	})
})
