import { randomUUID } from 'node:crypto'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { ADDRESS_LIMITS } from '#api/domain/auth-rules.ts'
import { ApiProcess, freePort } from '#tests/support/api-process.ts'
import { createTestDatabase, withDatabase } from '#tests/support/postgres.ts'

// Two portal processes (server.ts, each with the API in it) on one PostgreSQL server, as the deployment
// in the README runs them behind a balancer: a limit counted on one holds on the other, and a code used
// on one is used on both. Each state lives in the database (docs/decisions/062-logs-health-and-scale-out.md).

const skipped =
	process.env.TEST_DB !== 'postgres' ? 'it runs on the postgres project' : !inject('postgresTemplate') ? 'no PostgreSQL server' : null
/** The production build, when there is one: then the portal processes run; else two API processes stand in. */
const built = existsSync(path.resolve('build/server/index.js'))
const SECRET = `scale-out-test-${randomUUID()}`

describe.skipIf(Boolean(skipped))('two portal processes on one PostgreSQL server', () => {
	const processes: ApiProcess[] = []
	const dataDirs: string[] = []
	let databaseUrl: string

	beforeAll(async () => {
		databaseUrl = await createTestDatabase(inject('postgresTemplate')!, 'scale')
		if (!built) console.warn('[tests] no production build (npm run build): the scale-out test runs two API processes, without the portal')
		for (let i = 0; i < 2; i++) {
			const port = await freePort()
			const dataDir = mkdtempSync(path.join(os.tmpdir(), `portal-scale-${i}-`))
			dataDirs.push(dataDir)
			// Behind the balancer: the client's address comes in X-Forwarded-For (TRUST_PROXY).
			const env = { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, SESSION_SECRET: SECRET, PORT: String(port), TRUST_PROXY: 'true' }
			processes.push(
				built
					? new ApiProcess(
							port,
							{ ...env, NODE_ENV: 'production', SESSION_COOKIE_SECURE: 'false' },
							{ script: 'server.ts', ready: `Portal on http://localhost:${port}` },
						)
					: new ApiProcess(port, env),
			)
		}
		await Promise.all(processes.map((p) => p.start(60_000)))
	}, 90_000)

	afterAll(async () => {
		await Promise.all(processes.map((p) => p.kill()))
		for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true })
	})

	const post = (which: number, route: string, body: unknown, address: string) =>
		fetch(`${processes[which]!.url}${route}`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
			body: JSON.stringify(body),
		})

	test('both are ready on the same database', async () => {
		for (const p of processes) {
			const ready = await fetch(`http://127.0.0.1:${p.port}/readyz`)
			expect(ready.status).toBe(200)
			expect((await ready.json()).checks).toMatchObject({ database: 'ok', migrations: 'ok', jobs: 'ok' })
		}
	})

	test('a per-address limit counted across both: the request past it is refused by either', async () => {
		const address = `203.0.113.${10 + Math.floor(Math.random() * 200)}`
		const { max, message } = ADDRESS_LIMITS['code-send']
		// Alternating: each process alone sees only half the limit.
		for (let i = 0; i < max; i++) {
			const res = await post(i % 2, '/auth/recover-password', { email: `nobody-${randomUUID().slice(0, 8)}@example.test` }, address)
			expect(res.status, `request ${i + 1} to process ${i % 2}`).toBe(200)
		}
		for (const which of [0, 1]) {
			const refused = await post(which, '/auth/recover-password', { email: `nobody-${randomUUID().slice(0, 8)}@example.test` }, address)
			expect(refused.status).toBe(429)
			expect((await refused.json()).message).toBe(message)
		}
	})

	test('a code mailed through one is accepted once, by the other, and then refused by both', async () => {
		const email = `scale-${randomUUID().slice(0, 8)}@example.test`
		const signUp = await post(
			0,
			'/auth/sign-up',
			{ account_type: 'individual', first_name: 'Ngozi', last_name: 'Eze', email, phone: '08031234567', password: 'Test-pass-1234' },
			'203.0.113.250',
		)
		expect(signUp.status).toBe(201)
		const code = await withDatabase(databaseUrl, async (client) => {
			const { rows } = await client.query<{ text: string }>(
				'select text from mail_outbox where lower("to") = $1 order by created_at desc limit 1',
				[email],
			)
			return rows[0]?.text.match(/Your code is (\d{6})\b/)?.[1]
		})
		expect(code).toMatch(/^\d{6}$/)
		const verify = { email, purpose: 'verify-email', otp: code }
		const first = await post(1, '/otp/verify', verify, '203.0.113.251')
		expect(first.status).toBe(200)
		for (const which of [0, 1]) {
			const again = await post(which, '/otp/verify', verify, '203.0.113.251')
			expect(again.status).toBe(400)
			expect((await again.json()).message).toBe('This code has expired or was already used. Ask for a new one.')
		}
	})
})
