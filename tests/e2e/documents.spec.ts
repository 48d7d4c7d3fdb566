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
test('a page comes in one piece with its length, gzipped only for a browser that takes gzip', async ({ baseURL, js }) => {
	test.skip(!js, 'an HTTP check: once is enough')
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
