import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import { and, eq, isNull } from 'drizzle-orm'
import { createCookieSessionStorage } from 'react-router'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { SERVICE_UNAVAILABLE } from '#api/app.ts'
import { type Database, openDatabase } from '#api/db/client.ts'
import { customers, roles, users } from '#api/db/schema.ts'
import { issueToken } from '#api/security/tokens.ts'
import { ApiProcess, freePort } from '#tests/support/api-process.ts'
import { TempCluster, tempClusterUnavailable } from '#tests/support/temp-postgres.ts'

// The database restarted under the running server, idle and under load: the process lives, each
// request during the outage is answered at once (the API's 503, the portal's error page), and it serves
// again as soon as the database is back. The server runs against a PostgreSQL cluster of the test's own,
// which it stops and starts; on PGlite there is no server to lose, so this runs on the postgres project.

const skipped = process.env.TEST_DB !== 'postgres' ? 'it runs on the postgres project' : tempClusterUnavailable()
if (skipped && process.env.TEST_DB === 'postgres') console.warn(`[tests] the database outage test is skipped: ${skipped}`)

/** The production build of the portal, when there is one: then the whole process runs, portal included. */
const built = existsSync(path.resolve('build/server/index.js'))

const SECRET = `outage-test-${randomUUID()}`
const FAST_MS = 1_000
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

type Answer = { kind: 'api' | 'portal'; status: number; ms: number; body: string }

describe.skipIf(Boolean(skipped))('the database going away', () => {
	let cluster: TempCluster
	let server: ApiProcess
	let database: Database
	let dataDir: string
	let token: string
	let cookie: string

	beforeAll(async () => {
		cluster = await TempCluster.create()
		dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-outage-'))
		const port = await freePort()
		const env = { DATABASE_URL: cluster.url, DATA_DIR: dataDir, SESSION_SECRET: SECRET, PORT: String(port), PAYMENT_GATEWAY: 'sandbox' }
		server = built
			? new ApiProcess(
					port,
					{ ...env, NODE_ENV: 'production', SESSION_COOKIE_SECURE: 'false' },
					{ script: 'server.ts', ready: `Portal on http://localhost:${port}` },
				)
			: new ApiProcess(port, env)
		if (!built) console.warn('[tests] no production build (npm run build): the outage test runs the API alone, without the portal')
		await server.start()

		database = await openDatabase({ url: cluster.url, migrate: false })
		const { db } = database
		const [owner] = await db
			.select({ id: roles.id })
			.from(roles)
			.where(and(isNull(roles.customerId), eq(roles.name, 'Owner')))
		const [customer] = await db
			.insert(customers)
			.values({ kind: 'business', name: 'Outage Test Ltd', sector: 'Healthcare' })
			.returning({ id: customers.id })
		const [user] = await db
			.insert(users)
			.values({
				customerId: customer!.id,
				roleId: owner!.id,
				firstName: 'Ada',
				lastName: 'Okafor',
				email: `outage-${randomUUID().slice(0, 8)}@example.test`,
				passwordHash: 'not-used',
				emailVerifiedAt: new Date(),
			})
			.returning({ id: users.id })
		token = await issueToken(db, user!.id, new Date())
		// The portal's session cookie, signed as the portal signs it.
		const storage = createCookieSessionStorage({ cookie: { name: '__session', secrets: [SECRET] } })
		const session = await storage.getSession()
		session.set('token', token)
		session.set('userId', user!.id)
		cookie = (await storage.commitSession(session)).split(';')[0]!
		await database.close()
	}, 60_000)

	afterAll(async () => {
		await server?.kill()
		await cluster?.destroy()
		if (dataDir) rmSync(dataDir, { recursive: true, force: true })
	})

	async function ask(kind: Answer['kind']): Promise<Answer> {
		const started = Date.now()
		try {
			const response =
				kind === 'api'
					? await fetch(`${server.url}/wallet`, { headers: { authorization: `Bearer ${token}` } })
					: await fetch(`http://127.0.0.1:${server.port}/`, { headers: { cookie }, redirect: 'manual' })
			const body = await response.text()
			return { kind, status: response.status, ms: Date.now() - started, body }
		} catch (error) {
			// No answer at all: the process is gone.
			return { kind, status: 0, ms: Date.now() - started, body: String((error as Error).cause ?? error) }
		}
	}
	const kinds: Answer['kind'][] = built ? ['api', 'portal'] : ['api']
	const askAll = () => Promise.all(kinds.map(ask))

	/** What the server answers while the database is down: at once, a 503 with its message or the error page. */
	function expectOutageAnswer(answer: Answer) {
		expect(answer.ms, `${answer.kind} took ${answer.ms} ms`).toBeLessThan(FAST_MS)
		if (answer.kind === 'api') {
			expect(answer.status).toBe(503)
			expect(JSON.parse(answer.body)).toMatchObject({ message: SERVICE_UNAVAILABLE })
		} else {
			expect(answer.status).toBe(500)
			expect(answer.body).toContain('Oops! Something Went Wrong')
		}
	}
	const served = (answer: Answer) => answer.status === 200

	/** Ask until everything is served again; answers how long that took after the database was back. */
	async function waitForService(deadlineMs = 10_000) {
		const started = Date.now()
		for (;;) {
			const answers = await askAll()
			if (answers.every(served)) return Date.now() - started
			expect(Date.now() - started, JSON.stringify(answers.map((a) => [a.kind, a.status]))).toBeLessThan(deadlineMs)
			await sleep(100)
		}
	}

	test('idle: a restart of the database drops the pooled connections, and the process lives and serves again', async () => {
		// Several connections in the pool, then idle.
		for (const answer of (await Promise.all([askAll(), askAll(), askAll(), askAll()])).flat()) expect(answer.status, answer.body).toBe(200)
		await sleep(200)

		await cluster.stop('fast')
		await sleep(500)
		expect(server.alive, server.log.slice(-2000)).toBe(true)
		for (let i = 0; i < 3; i++) for (const answer of await askAll()) expectOutageAnswer(answer)

		await cluster.start()
		const back = await waitForService()
		expect(back).toBeLessThan(5_000)
		expect(server.alive).toBe(true)
	}, 30_000)

	test('under load: requests during the outage are answered at once, and service resumes without a restart', async () => {
		type Phase = 'before' | 'stopping' | 'down' | 'starting' | 'after'
		// A request that began in one phase and ended in another is on a boundary.
		const answers: Array<Answer & { phase: Phase | 'boundary' }> = []
		let phase: Phase = 'before'
		let running = true
		const worker = async (kind: Answer['kind']) => {
			while (running) {
				const at = phase
				const answer = await ask(kind)
				answers.push({ ...answer, phase: at === phase ? at : 'boundary' })
			}
		}
		const workers = Array.from({ length: 4 }, (_, i) => worker(kinds[i % kinds.length]!))
		try {
			await sleep(2_500)
			phase = 'stopping'
			await cluster.stop('fast')
			phase = 'down'
			await sleep(2_000)
			phase = 'starting'
			await cluster.start()
			phase = 'after'
			await sleep(1_000)
		} finally {
			running = false
			await Promise.all(workers)
		}
		expect(server.alive, server.log.slice(-2000)).toBe(true)
		expect(await waitForService()).toBeLessThan(5_000)
		expect(server.alive).toBe(true)

		const during = answers.filter((a) => a.phase === 'down')
		expect(answers.filter((a) => a.phase === 'before').every(served)).toBe(true)
		expect(during.length).toBeGreaterThan(10)
		for (const answer of during) expectOutageAnswer(answer)
		// Every other answer is served or an outage answer, never another failure; one that was under way
		// when the database went may also take the time it took before, but does not hang.
		const slowest = (kind: Answer['kind']) =>
			Math.max(0, ...answers.filter((a) => a.phase === 'before' && a.kind === kind).map((a) => a.ms))
		for (const answer of answers.filter((a) => !served(a)))
			expectOutageAnswer({ ...answer, ms: answer.ms - (answer.phase === 'down' ? 0 : slowest(answer.kind)) })
		expect(answers.filter((a) => a.phase === 'after').some(served)).toBe(true)
		console.log(
			`[outage] ${answers.length} requests: ${answers.filter(served).length} served, ${during.length} during the outage, the slowest of those in ${Math.max(...during.map((a) => a.ms))} ms`,
		)
	}, 40_000)
})
