import { request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createReadableStreamFromReadable } from '@react-router/node'
import express from 'express'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { FORM_BODY_MAX_BYTES, UPLOAD_BODY_MAX_BYTES } from '../api/security/body-limit.ts'
import { rawHttp } from '../tests/support/raw-http.ts'
import { portalBodyLimit } from './body-limit.ts'

// The portal's middleware before a handler that reads the body as React Router's express adapter does.
let read = 0
let port = 0
const app = express()
app.use(portalBodyLimit)
app.post(/.*/, async (req, res) => {
	const request = new Request('http://portal.test/', {
		method: 'POST',
		headers: { 'content-type': 'application/x-www-form-urlencoded' },
		body: createReadableStreamFromReadable(req),
		duplex: 'half',
	} as RequestInit)
	try {
		const reader = request.body!.getReader()
		for (;;) {
			const { done, value } = await reader.read()
			if (done) break
			read += value.length
		}
		if (!res.headersSent) res.status(200).end('read')
	} catch {
		if (!res.headersSent) res.status(400).end('broken')
	}
})
const server = app.listen(0)

beforeAll(() => {
	port = (server.address() as AddressInfo).port
})
afterAll(() => void server.close())

const raw = (text: string, write?: Parameters<typeof rawHttp>[2]) => rawHttp(port, text, write)

describe('portal body limit', () => {
	test('a POST to /login claiming 400 MB is a 413 at once, its body unread', async () => {
		read = 0
		const res = await raw(
			'POST /login HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 419430400\r\n\r\n',
			(socket) => socket.write('email=a'),
		)
		expect(res.status).toBe(413)
		expect(res.ms).toBeLessThan(2_000)
		expect(read).toBe(0)
	})

	test('a chunked POST to /login is a 413 once it passes the limit, and no more is read', async () => {
		read = 0
		const chunk = 'a'.repeat(8 * 1024)
		let timer: NodeJS.Timeout | undefined
		const res = await raw(
			'POST /login HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n',
			(socket) => {
				// An endless stream: it stops only because the server closes the connection.
				timer = setInterval(() => {
					if (!socket.destroyed) socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`)
				}, 1)
				socket.on('close', () => clearInterval(timer))
			},
		)
		clearInterval(timer)
		expect(res.status).toBe(413)
		expect(read).toBeLessThan(FORM_BODY_MAX_BYTES + 64 * 1024)
	})

	test('an upload screen takes the upload limit: a byte over it is a 413, a form over the JSON limit is not', async () => {
		const head = (path: string, length: number) =>
			`POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: ${length}\r\n\r\n`
		expect((await raw(head('/products/5/batch', UPLOAD_BODY_MAX_BYTES + 1), () => {})).status).toBe(413)
		expect((await raw(head('/mycover/7/activate.data', UPLOAD_BODY_MAX_BYTES + 1), () => {})).status).toBe(413)
		const body = 'x'.repeat(FORM_BODY_MAX_BYTES + 1)
		expect((await raw(head('/mycover/7/activate-staff', body.length), (s) => s.write(body))).status).toBe(200)
	})

	test('a form within its limit is read whole, with or without Content-Length', async () => {
		const status = await new Promise<number>((resolve) => {
			const req = httpRequest(
				{ port, method: 'POST', path: '/login', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
				(res) => resolve(res.statusCode!),
			)
			req.write('email=a%40b.c&')
			req.end('password=x')
		})
		expect(status).toBe(200)
	})
})
