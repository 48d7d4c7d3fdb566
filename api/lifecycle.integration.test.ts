import { mkdtempSync, rmSync } from 'node:fs'
import { connect } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ApiProcess, freePort } from '#tests/support/api-process.ts'

// The API as production runs it (api/main.ts in a process of its own, on the embedded database): its
// health answers, its JSON log lines joined by the request id, and a SIGTERM that lets the request
// under way finish before the process ends. One process per run: on the pglite project only.

const skipped = process.env.TEST_DB === 'postgres'
const QUOTE = JSON.stringify({ product_id: 5, gadget_type: 'phone', device_value: 450_000, period: 'annual' })

describe.skipIf(skipped)('the API process: health, logs and graceful shutdown', () => {
	let server: ApiProcess
	let dataDir: string
	let base: string

	beforeAll(async () => {
		dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-lifecycle-'))
		const port = await freePort()
		server = new ApiProcess(port, { DATA_DIR: dataDir, SHUTDOWN_GRACE_MS: '8000' })
		await server.start(60_000)
		base = `http://127.0.0.1:${port}`
	}, 70_000)

	afterAll(async () => {
		await server?.kill()
		rmSync(dataDir, { recursive: true, force: true })
	})

	test('/healthz says alive; /readyz checks the database, its migrations and the jobs', async () => {
		const alive = await fetch(`${base}/healthz`)
		expect(alive.status).toBe(200)
		expect(await alive.json()).toEqual({ status: 'ok' })
		const ready = await fetch(`${base}/readyz`)
		expect(ready.status).toBe(200)
		expect(await ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', jobs: 'ok' } })
	})

	test('each request is one JSON log line under the id the caller sent, without its query', async () => {
		const res = await fetch(`${base}/api/v1/products?email=ada@example.com`, { headers: { 'x-request-id': 'lifecycle-test-0001' } })
		expect(res.status).toBe(200)
		expect(res.headers.get('x-request-id')).toBe('lifecycle-test-0001')
		// An id that could forge a log line is replaced by a fresh one.
		const forged = await fetch(`${base}/api/v1/products`, { headers: { 'x-request-id': 'forged"} {"level":"fatal' } })
		expect(forged.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
		await expect.poll(() => server.log.includes('lifecycle-test-0001')).toBe(true)
		const lines = server.log.split('\n').filter((l) => l.startsWith('{'))
		const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>)
		expect(entries.find((e) => e.requestId === 'lifecycle-test-0001')).toMatchObject({
			level: 'info',
			tier: 'api',
			method: 'GET',
			path: '/api/v1/products',
			status: 200,
			msg: 'request',
		})
		expect(server.log).not.toContain('ada@example.com')
	})

	test('SIGTERM: no new connection is taken, the request in flight is answered, then the process exits 0', async () => {
		// A request under way: its headers sent, half its body still to come.
		const socket = connect(server.port, '127.0.0.1')
		await new Promise((resolve) => socket.once('connect', resolve))
		const answer = new Promise<string>((resolve) => {
			let text = ''
			socket.on('data', (d) => {
				text += d.toString()
			})
			socket.on('close', () => resolve(text))
		})
		socket.write(
			`POST /api/v1/products/compute-price HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${QUOTE.length}\r\n\r\n${QUOTE.slice(0, 20)}`,
		)
		await new Promise((r) => setTimeout(r, 200))

		const exited = server.kill('SIGTERM')
		await expect.poll(() => server.log.includes('shutting down')).toBe(true)
		await expect(fetch(`${server.url.replace('/api/v1', '')}/healthz`)).rejects.toThrow()

		socket.write(QUOTE.slice(20))
		const text = await answer
		expect(text).toMatch(/^HTTP\/1\.1 200 /)
		expect(text).toContain('"total"')
		await exited
		expect(server.exited).toEqual({ code: 0, signal: null })
		expect(server.log).toContain('"msg":"stopped"')
	})
})
