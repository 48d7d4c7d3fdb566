import { request } from 'node:http'
import { gunzipSync } from 'node:zlib'
import { expect, test } from './support.ts'

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }

/** A GET with exactly these headers, its body as sent (no client undoing the gzip on the way). */
function get(url: string, headers: Record<string, string>): Promise<Answer> {
	return new Promise((resolve, reject) => {
		const req = request(url, { headers }, (res) => {
			const chunks: Buffer[] = []
			res.on('data', (c: Buffer) => chunks.push(c))
			res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
			res.on('error', reject)
		})
		req.on('error', reject)
		req.end()
	})
}

// Documents are rendered whole and sent in one piece (docs/decisions/128-request-path-second-pass.md).
test('a page comes in one piece with its length, gzipped only for a browser that takes gzip', async ({ baseURL }) => {
	const zipped = await get(`${baseURL}/login`, { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' })
	expect(zipped.status).toBe(200)
	expect(zipped.headers['content-encoding']).toBe('gzip')
	expect(zipped.headers['transfer-encoding']).toBeUndefined()
	expect(Number(zipped.headers['content-length'])).toBe(zipped.body.length)
	expect(zipped.headers.vary).toMatch(/accept-encoding/i)
	const html = gunzipSync(zipped.body).toString('utf8')
	expect(html).toMatch(/^<!DOCTYPE html>/i)
	expect(html).toContain('</html>')
	expect(html).toContain('name="password"')

	for (const refused of ['identity', 'gzip;q=0, identity']) {
		const plain = await get(`${baseURL}/login`, { accept: 'text/html', 'accept-encoding': refused })
		expect(plain.headers['content-encoding']).toBeUndefined()
		expect(Number(plain.headers['content-length'])).toBe(plain.body.length)
		expect(plain.body.toString('utf8')).toContain('name="password"')
	}

	// A page that is not found is a whole document too, with its status.
	const missing = await get(`${baseURL}/no-such-page`, { accept: 'text/html', 'accept-encoding': 'gzip' })
	expect(missing.status).toBe(404)
	expect(gunzipSync(missing.body).toString('utf8')).toContain('</html>')
})

// The stylesheet is a resource React puts ahead of the scripts' preloads (docs/decisions/129-stylesheet-first.md).
test('the stylesheet comes first in the head, is applied, and stays one stylesheet once the page runs', async ({ page, baseURL, js }) => {
	const errors: string[] = []
	page.on('pageerror', (error) => errors.push(error.message))
	page.on('console', (message) => {
		if (message.type() === 'error') errors.push(message.text())
	})
	for (const path of ['/login', '/register']) {
		const html = (await get(`${baseURL}${path}`, { accept: 'text/html' })).body.toString('utf8')
		const head = html.slice(0, html.indexOf('</head>'))
		const stylesheet = head.search(/<link [^>]*rel="stylesheet" href="\/assets\/[^"]+\.css"/)
		expect(stylesheet, `${path}: a stylesheet link in the head`).toBeGreaterThan(0)
		expect(stylesheet, `${path}: before the scripts' preloads`).toBeLessThan(head.indexOf('rel="modulepreload"'))
		expect(head.match(/rel="stylesheet"/g), `${path}: one stylesheet`).toHaveLength(1)

		await page.goto(path)
		// The portal's own rules are in force: the body fills the screen (min-h-dvh), the primary button is filled.
		await expect(page.locator('body')).toHaveCSS('min-height', /\d+px/)
		const button = page.getByRole('button', { name: path === '/login' ? 'Sign in' : 'Continue' }).first()
		await expect(button).not.toHaveCSS('background-color', 'rgba(0, 0, 0, 0)')
		// With JavaScript, once the scripts are in and React has taken the page over.
		if (js) await page.waitForLoadState('networkidle')
		expect(await page.locator('link[rel="stylesheet"], style[data-href]').count(), `${path}: still one stylesheet`).toBe(1)
		// The skip link is out of sight until the keyboard reaches it first.
		const skip = page.getByRole('link', { name: 'Skip to content' })
		expect((await skip.boundingBox())?.width).toBeLessThanOrEqual(1)
		await page.keyboard.press('Tab')
		await expect(skip).toBeFocused()
		expect((await skip.boundingBox())?.width).toBeGreaterThan(50)
	}
	expect(errors).toEqual([])
})
