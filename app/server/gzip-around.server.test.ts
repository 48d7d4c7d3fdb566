import { gunzipSync, gzipSync } from 'node:zlib'
import { describe, expect, test } from 'vitest'
import { fixedText, gzipAround } from './gzip-around.server.ts'

describe('gzipAround', () => {
	const css = `${'.a{color:red}\n'.repeat(2000)}.naira::before{content:"₦"}`
	const fixed = fixedText(css)
	const page = (head: string, tail: string) => Buffer.from(`${head}<style data-href="/assets/app.css">${css}</style>${tail}`, 'utf8')

	test('gives back the page byte for byte, the fixed text in the middle, at either end, or alone', async () => {
		for (const [head, tail] of [
			['<!DOCTYPE html><html><head>', '</head><body>₦42,000 paid</body></html>'],
			['', ''],
			['<p>only before</p>', ''],
			['', '<p>only after ₦</p>'],
		] as const) {
			const html = page(head, tail)
			const zipped = await gzipAround(html, fixed)
			expect(gunzipSync(zipped).equals(html)).toBe(true)
		}
	})

	test('compresses only around the fixed text: the page is about as small as gzip makes it', async () => {
		const html = page('<!DOCTYPE html><head>', `<body>${'<li>Policy CP-AUTO-2026-000039 ₦60,000</li>'.repeat(400)}</body>`)
		const zipped = await gzipAround(html, fixed)
		expect(gunzipSync(zipped).equals(html)).toBe(true)
		// The fixed text's blocks are in it as made once.
		expect(zipped.includes(fixed.deflated)).toBe(true)
		expect(zipped.length).toBeLessThan(gzipSync(html).length * 1.25)
	})

	test('takes the place the caller found the text at, and looks for it when that place does not hold it', async () => {
		const html = page('<!DOCTYPE html><head>₦', '<body>₦42,000</body>')
		const at = html.indexOf(fixed.text)
		for (const knownAt of [at, -1, 0, at - 1, at + 1, html.length]) {
			const zipped = await gzipAround(html, fixed, knownAt)
			expect(gunzipSync(zipped).equals(html)).toBe(true)
			expect(zipped.includes(fixed.deflated)).toBe(true)
		}
	})

	test('a page without the fixed text, or no fixed text, is gzipped whole', async () => {
		const html = Buffer.from('<!DOCTYPE html><p>no stylesheet here</p>')
		expect(gunzipSync(await gzipAround(html, fixed)).equals(html)).toBe(true)
		expect((await gzipAround(html, null)).equals(gzipSync(html))).toBe(true)
	})
})
