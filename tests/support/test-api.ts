import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import { describe, inject } from 'vitest'
import { createApi } from '#api/app.ts'
import { type CacRegistry, createCacRegistry } from '#api/cac/index.ts'
import { type Database, openDatabase } from '#api/db/client.ts'
import { mailOutbox, roles } from '#api/db/schema.ts'
import type { Deps } from '#api/deps.ts'
import { createMailer } from '#api/mail.ts'
import type { PaymentGateway } from '#api/payments/index.ts'
import { createSandboxGateway } from '#api/payments/sandbox.ts'
import { createDiskStorage } from '#api/storage/index.ts'
import type { Analytics } from '#api/telemetry/analytics.ts'
import { createTestDatabase } from './postgres.ts'

const target = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite'

/** `describe` for integration suites: skipped on the postgres project when no server answers. */
export const describeApi: typeof describe =
	target === 'postgres' && !inject('postgresTemplate') ? (describe.skip as typeof describe) : describe

let database: Promise<Database> | undefined

/**
 * One database per test file, copied from the migrated and seeded template of this run. The files of a
 * worker share their modules (`isolate: false` in vitest.config.ts), so the setup file closes it after
 * each: a file's leftovers (a purchase a fault test left half done, on purpose) never meet another's
 * checks that the whole ledger reconciles.
 */
export async function closeFileDatabase() {
	const open = database
	database = undefined
	if (open) await (await open).close()
}

function fileDatabase() {
	database ??= (async () => {
		if (target === 'pglite') {
			const snapshot = readFileSync(inject('pgliteSnapshot'))
			return openDatabase({ dataDir: null, loadDataDir: new Blob([snapshot]), migrate: false })
		}
		return openDatabase({ url: await createTestDatabase(inject('postgresTemplate')!, 'worker'), migrate: false })
	})()
	return database
}

export type CallResult<T = any> = { status: number; body: T; headers: Headers }

/** The key the test API's sandbox gateway signs its webhooks with. */
export const TEST_WEBHOOK_SECRET = 'test-sandbox-webhook-secret'

/**
 * The real API over the worker's database, with a clock tests can move forward. The CAC registry is
 * the seeded local one unless `cac` stands in for it; the payment gateway is the sandbox (retrying
 * webhooks within milliseconds) unless `payments` stands in for it.
 */
export async function testApi(
	options: {
		cac?: CacRegistry
		payments?: PaymentGateway
		env?: Partial<Deps['env']>
		analytics?: Analytics
		/** Stands in for the network the kit's webhooks go out on. */
		webhooks?: (url: string | URL | Request, init?: RequestInit) => Promise<Response>
	} = {},
) {
	const database = await fileDatabase()
	const { db } = database
	let offsetMs = 0
	const now = () => new Date(Date.now() + offsetMs)
	const mailer = await createMailer({ db, from: 'test@localhost' })
	const cac = options.cac ?? createCacRegistry({ db })
	const sandbox = createSandboxGateway({
		db,
		secret: TEST_WEBHOOK_SECRET,
		apiUrl: 'http://api.test',
		retryDelaysMs: [5, 10],
		transferDelayMs: 1,
		now,
	})
	const payments = options.payments ?? sandbox
	const env = {
		publicUrl: 'http://portal.test',
		demo: true,
		outboxPublic: false,
		trustProxy: false,
		walletFundMax: 5_000_000,
		withdrawalApprovalThreshold: 1_000_000,
		...options.env,
	}
	const uploadsDir = path.join(tmpdir(), `portal-test-uploads-${process.pid}`)
	const storage = createDiskStorage(uploadsDir)
	const webhooks = options.webhooks ?? (async () => new Response('ok'))
	const kit = { payloadKey: new Uint8Array(32).fill(7), fetch: webhooks as typeof fetch }
	const deps: Deps = { db, mailer, cac, payments, storage, env, now, analytics: options.analytics, kit }
	const api = createApi(deps, { checkResponses: true })

	async function call<T = any>(
		method: string,
		path: string,
		options: { body?: unknown; token?: string; rawBody?: string; headers?: Record<string, string> } = {},
	): Promise<CallResult<T>> {
		// As the portal calls it in process, forwarding its client's address: here the machine itself.
		const headers: Record<string, string> = { 'x-forwarded-for': '127.0.0.1', ...options.headers }
		if (options.token) headers.authorization = `Bearer ${options.token}`
		let body: string | undefined
		if (options.rawBody !== undefined) body = options.rawBody
		else if (options.body !== undefined) {
			headers['content-type'] = 'application/json'
			body = JSON.stringify(options.body)
		}
		const response = await api.request(`/api/v1${path}`, { method, headers, body })
		const text = await response.text()
		const json = response.headers.get('content-type')?.includes('application/json')
		return { status: response.status, body: text ? (json ? JSON.parse(text) : text) : null, headers: response.headers }
	}

	/** The 6-digit code in the newest code mail to `email` (mail about money may have come since). */
	async function latestCode(email: string) {
		const mails = await db
			.select()
			.from(mailOutbox)
			.where(sql`lower(${mailOutbox.to}) = ${email.toLowerCase()}`)
			.orderBy(desc(mailOutbox.createdAt))
			.limit(20)
		const code = mails.map((m) => m.text.match(/Your code is (\d{6})\b/)?.[1]).find(Boolean)
		if (!code) throw new Error(`No code mailed to ${email}`)
		return code
	}

	async function latestMail(email: string) {
		const [mail] = await db
			.select()
			.from(mailOutbox)
			.where(sql`lower(${mailOutbox.to}) = ${email.toLowerCase()}`)
			.orderBy(desc(mailOutbox.createdAt))
			.limit(1)
		return mail ?? null
	}

	/** A new account of its own customer, optionally verified and with KYC done. */
	async function createAccount(options: { kind?: 'business' | 'individual'; verified?: boolean; kyc?: boolean; password?: string } = {}) {
		const kind = options.kind ?? 'business'
		const email = `${kind}-${randomUUID().slice(0, 12)}@example.test`
		const password = options.password ?? 'Test-pass-1234'
		const signUp = await call('POST', '/auth/sign-up', {
			body: {
				account_type: kind,
				first_name: 'Ngozi',
				last_name: 'Eze',
				email,
				phone: '08031234567',
				password,
				...(kind === 'business' ? { business_name: 'Eze Foods Ltd' } : {}),
			},
		})
		if (signUp.status !== 201) throw new Error(`sign-up failed: ${JSON.stringify(signUp.body)}`)
		const token: string = signUp.body.data.access_token
		const user = signUp.body.data
		if (options.verified ?? true) {
			const verified = await call('POST', '/auth/verify-email', { token, body: { otp: await latestCode(email) } })
			if (verified.status !== 200) throw new Error(`verify failed: ${JSON.stringify(verified.body)}`)
		}
		if (options.kyc) {
			const kyc = await call('POST', `/business/${user.customer.id}`, {
				token,
				body: {
					sector: 'Healthcare',
					business_type: kind === 'business' ? 'none' : undefined,
					state: 'Lagos',
					lga: 'Ikeja',
					address: '1 Awolowo Way',
					phone: '08031234567',
				},
			})
			if (kyc.status !== 200) throw new Error(`kyc failed: ${JSON.stringify(kyc.body)}`)
		}
		return { email, password, token, userId: user.id as string, customerId: user.customer.id as string }
	}

	/** The id of a seeded role: Owner, Admin, Finance, HR or Viewer. */
	async function roleId(name: string) {
		const [role] = await db
			.select({ id: roles.id })
			.from(roles)
			.where(and(isNull(roles.customerId), eq(roles.name, name)))
		if (!role) throw new Error(`No seeded role ${name}`)
		return role.id
	}

	/** The invitation token in the newest mail to `email`. */
	async function invitationToken(email: string) {
		const token = (await latestMail(email))?.text.match(/\/invitation\?token=([\w-]+)/)?.[1]
		if (!token) throw new Error(`No invitation mailed to ${email}`)
		return token
	}

	/**
	 * A member of the inviter's business, invited and activated as the portal does, with a seeded role
	 * by name (Owner, Admin, Finance, HR, Viewer) or any role by id.
	 */
	async function createMember(inviter: { token: string }, role: string) {
		const email = `member-${randomUUID().slice(0, 12)}@example.test`
		const password = 'Test-pass-1234'
		const role_id = /^[0-9a-f-]{36}$/i.test(role) ? role : await roleId(role)
		const invited = await call('POST', '/invitations', { token: inviter.token, body: { email, role_id } })
		if (invited.status !== 201) throw new Error(`invitation failed: ${JSON.stringify(invited.body)}`)
		const activated = await call('POST', '/invitations/activate', {
			body: { token: await invitationToken(email), first_name: 'Bola', last_name: 'Ade', password },
		})
		if (activated.status !== 201) throw new Error(`activation failed: ${JSON.stringify(activated.body)}`)
		const user = activated.body.data
		return { email, password, token: user.access_token as string, userId: user.id as string, customerId: user.customer.id as string }
	}

	return {
		api,
		/** What the API runs with, for the jobs. */
		deps,
		db,
		/** The worker's database, for the job runner (its connection string, or the embedded database). */
		database,
		/** Where this run's uploaded files are stored. */
		uploadsDir,
		sandbox,
		call,
		latestCode,
		latestMail,
		createAccount,
		createMember,
		invitationToken,
		roleId,
		advanceClock: (ms: number) => {
			offsetMs += ms
		},
	}
}
