import { describe, expect, test } from 'vitest'
import { ApiCallError } from '#app/server/api.server.ts'
import { passOnFile } from './files.server.ts'

describe('passOnFile', () => {
	test("the API's file goes on as an attachment, whatever the API said", async () => {
		const fromApi = new Response('<html><script>alert(1)</script></html>', {
			headers: { 'content-type': 'image/png', 'content-disposition': 'inline; filename="receipt.png"' },
		})
		const res = await passOnFile(async () => fromApi, { filename: 'document' })
		expect(res.status).toBe(200)
		expect(res.headers.get('content-type')).toBe('image/png')
		expect(res.headers.get('content-disposition')).toBe('attachment; filename="receipt.png"')
		expect(res.headers.get('cache-control')).toBe('private, no-store')
	})

	test('without a name from the API the fallback names it; a name is kept to safe characters', async () => {
		const bare = await passOnFile(async () => new Response(new Uint8Array([1])), { filename: 'certificate.pdf' })
		expect(bare.headers.get('content-disposition')).toBe('attachment; filename="certificate.pdf"')
		expect(bare.headers.get('content-type')).toBe('application/octet-stream')
		const odd = await passOnFile(
			async () => new Response('x', { headers: { 'content-disposition': 'attachment; filename="a b;c.pdf"' } }),
			{ filename: 'x' },
		)
		expect(odd.headers.get('content-disposition')).toBe('attachment; filename="a_b_c.pdf"')
	})

	test('a document that is not there is a plain 404', async () => {
		const res = await passOnFile(
			async () => {
				throw new ApiCallError(404, 'We could not find that document.')
			},
			{ filename: 'document' },
		)
		expect(res.status).toBe(404)
		expect(await res.text()).toBe('We could not find that document.\n')
	})

	test("a file not issued yet (a pending policy's certificate) is a 409 in the API's words", async () => {
		const res = await passOnFile(
			async () => {
				throw new ApiCallError(409, 'The certificate is issued once the policy is active.')
			},
			{ filename: 'certificate.pdf' },
		)
		expect(res.status).toBe(409)
		expect(await res.text()).toBe('The certificate is issued once the policy is active.\n')
	})
})
