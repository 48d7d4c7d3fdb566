import { describe, expect, test } from 'vitest'
import { API_BASE_PATH } from '#api/app.ts'
import { FORM_BODY_MAX_BYTES, UPLOAD_BODY_MAX_BYTES } from '#api/security/body-limit.ts'
import { describeApi, testApi } from '#tests/support/test-api.ts'

/** A body that never ends, counting what was read of it: a client streaming without Content-Length. */
function endless(chunkBytes = 16 * 1024) {
	const read = { bytes: 0 }
	const chunk = new Uint8Array(chunkBytes).fill(0x61)
	const body = new ReadableStream<Uint8Array>({
		pull(controller) {
			read.bytes += chunk.length
			controller.enqueue(chunk)
		},
	})
	return { body, read }
}

describeApi('body limits', () => {
	test('a JSON body claiming 400 MB is refused with 413 by its Content-Length, unread', async () => {
		const { api } = await testApi()
		const { body, read } = endless()
		const res = await api.request(`${API_BASE_PATH}/auth/sign-in`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', 'content-length': String(400 * 1024 * 1024) },
			body,
			duplex: 'half',
		} as RequestInit)
		expect(res.status).toBe(413)
		expect(await res.json()).toEqual({ message: 'The request is too large.' })
		expect(read.bytes).toBeLessThanOrEqual(64 * 1024)
	})

	test('a chunked JSON body is cut off once it passes the limit', async () => {
		const { api } = await testApi()
		const { body, read } = endless()
		const res = await api.request(`${API_BASE_PATH}/auth/sign-in`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body,
			duplex: 'half',
		} as RequestInit)
		expect(res.status).toBe(413)
		expect(read.bytes).toBeLessThan(FORM_BODY_MAX_BYTES + 64 * 1024)
	})

	test('an upload route takes the upload limit, and refuses a byte more', async () => {
		const { api, createAccount } = await testApi()
		const { token } = await createAccount({ kyc: true })
		const send = (length: number) =>
			api.request(`${API_BASE_PATH}/purchases/batch/preview`, {
				method: 'POST',
				headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(length) },
				body: endless().body,
				duplex: 'half',
			} as RequestInit)
		expect((await send(UPLOAD_BODY_MAX_BYTES + 1)).status).toBe(413)
		expect(await (await send(UPLOAD_BODY_MAX_BYTES + 1)).json()).toMatchObject({ message: expect.stringContaining('5 MB') })
		// Chunked, an upload is cut off at its own limit, far above the JSON one.
		const { body, read } = endless(256 * 1024)
		const res = await api.request(`${API_BASE_PATH}/purchases/batch/preview`, {
			method: 'POST',
			headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=x' },
			body,
			duplex: 'half',
		} as RequestInit)
		expect(res.status).toBe(413)
		expect(read.bytes).toBeGreaterThan(UPLOAD_BODY_MAX_BYTES)
		expect(read.bytes).toBeLessThan(UPLOAD_BODY_MAX_BYTES + 1024 * 1024)
	})
})

describe('the limits', () => {
	test('an upload may carry the most documents an activation asks for at 5 MB each; JSON stays small', () => {
		expect(UPLOAD_BODY_MAX_BYTES).toBeGreaterThanOrEqual(3 * 5 * 1024 * 1024)
		expect(FORM_BODY_MAX_BYTES).toBeLessThanOrEqual(64 * 1024)
	})
})
