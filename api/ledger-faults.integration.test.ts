import { spawnSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { type Database, openDatabase } from '#api/db/client.ts'
import { customers, ledgerAccounts, payments, roles, sandboxCharges, users } from '#api/db/schema.ts'
import { PENDING_MAX_AGE_MS } from '#api/jobs/recovery.ts'
import { SIGNATURE_HEADER, sign } from '#api/payments/events.ts'
import { chargeSuccessEvent, sandboxTransferFails, transferEvent } from '#api/payments/sandbox.ts'
import { reconcile } from '#api/services/reconcile.ts'
import { issueToken } from '#api/security/tokens.ts'
import { ApiProcess, freePort } from '#tests/support/api-process.ts'
import { createTestDatabase } from '#tests/support/postgres.ts'
import { retryingClient } from '#tests/support/retrying-client.ts'

// 500 mixed operations against the API in a child process on PostgreSQL, killed (SIGKILL) at random
// moments and started again, then reconciliation. Some fundings the gateway approves never get their
// webhook or callback: the recovery job the API runs at start credits them. PGlite is one connection
// in one process: skipped there.

const describePostgres = process.env.TEST_DB === 'postgres' && inject('postgresTemplate') ? describe : describe.skip

const FLOWS = 500
const WORKERS = 24
const CUSTOMERS = 12
const USERS_PER_CUSTOMER = 14
const MAX_KILLS = 6
const THRESHOLD = 20_000
const SECRET = `fault-test-${randomUUID()}`

type User = { id: string; email: string; token: string }
type Customer = { id: string; users: User[]; free: User[] }
type Fund = { customer: Customer; user: User; reference: string; amount: number; approved: boolean }
type Withdrawal = {
	customer: Customer
	user: User
	id: string
	reference: string
	amount: number
	fee: number
	needsApproval: boolean
	fails: boolean
	cancel: boolean
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describePostgres('the ledger under faults', () => {
	let url: string
	let database: Database
	let server: ApiProcess
	const people: Customer[] = []

	beforeAll(async () => {
		url = await createTestDatabase(inject('postgresTemplate')!, 'faults')
		database = await openDatabase({ url, migrate: false })
		const { db } = database
		const [owner] = await db
			.select({ id: roles.id })
			.from(roles)
			.where(and(isNull(roles.customerId), eq(roles.name, 'Owner')))
		for (let c = 0; c < CUSTOMERS; c++) {
			const [customer] = await db
				.insert(customers)
				.values({ kind: 'business', name: `Fault Test ${c} Ltd` })
				.returning({ id: customers.id })
			const rows = await db
				.insert(users)
				.values(
					Array.from({ length: USERS_PER_CUSTOMER }, (_, u) => ({
						customerId: customer!.id,
						roleId: owner!.id,
						firstName: 'Ada',
						lastName: `User${u}`,
						email: `fault-${c}-${u}-${randomUUID().slice(0, 6)}@example.test`,
						passwordHash: 'not-used',
						emailVerifiedAt: new Date(),
					})),
				)
				.returning({ id: users.id, email: users.email })
			const list = await Promise.all(rows.map(async (r) => ({ ...r, token: await issueToken(db, r.id, new Date()) })))
			people.push({ id: customer!.id, users: list, free: [...list] })
		}
		server = new ApiProcess(await freePort(), {
			DATABASE_URL: url,
			DATABASE_POOL_SIZE: '8',
			PAYMENT_GATEWAY: 'sandbox',
			SANDBOX_SECRET_KEY: SECRET,
			WITHDRAWAL_APPROVAL_THRESHOLD: String(THRESHOLD),
		})
		await server.start()
	}, 60_000)

	afterAll(async () => {
		await server?.kill()
		await database?.close()
	})

	test('500 operations with the API killed at random: no Naira lost or created, none applied twice, no wallet below zero', async () => {
		const started = Date.now()
		const seed = Date.now() % 1_000_000
		let state = seed
		// mulberry32: the choices follow the seed (the interleaving of the workers does not).
		const random = () => {
			state = (state + 0x6d2b79f5) | 0
			let t = Math.imul(state ^ (state >>> 15), 1 | state)
			t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
			return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
		}
		const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1))
		const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!
		const { request, stats } = retryingClient(server)
		const funds: Fund[] = []
		/** Approved by the gateway, their webhook lost and the payer gone: only the recovery job credits them. */
		const orphans: Fund[] = []
		const withdrawals: Withdrawal[] = []
		const counts = { refused: 0, webhooks: 0, verifies: 0, skipped: 0, cancelledForCodes: 0 }

		const queue: Array<() => Promise<void>> = []
		/** Put a task somewhere in what is left to do: deliveries arrive in any order. */
		const later = (task: () => Promise<void>) => queue.splice(int(0, queue.length), 0, task)

		const deliver = async (event: unknown) => {
			const rawBody = JSON.stringify(event)
			const res = await request('POST', '/payments/webhook', {
				rawBody,
				headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: sign(rawBody, SECRET) },
			})
			expect(res.status).toBe(200)
			counts.webhooks++
		}
		const deliverCharge = (f: Fund) =>
			deliver(chargeSuccessEvent({ reference: f.reference, amountKobo: f.amount * 100, email: f.user.email, paidAt: new Date() }))
		const deliverTransfer = async (w: Withdrawal) => {
			const { rows } = (await database.db.execute(
				sql`select transfer_code, status, amount_kobo from sandbox_transfers where reference = ${w.reference}`,
			)) as unknown as {
				rows: Array<{ transfer_code: string; status: 'success' | 'failed'; amount_kobo: string }>
			}
			if (!rows[0]) return void counts.skipped++
			await deliver(
				transferEvent({
					reference: w.reference,
					transferCode: rows[0].transfer_code,
					amountKobo: Number(rows[0].amount_kobo),
					status: rows[0].status,
					reason: 'Replayed',
				}),
			)
		}
		const verify = async (f: Fund) => {
			const res = await request('POST', '/payments/verify', { body: { reference: f.reference } })
			expect(res.status).toBe(200)
			counts.verifies++
			return res.body.data.status as string
		}

		async function fundFlow() {
			const customer = pick(people)
			const user = pick(customer.users)
			const amount = int(100, 50_000)
			const res = await request('POST', '/wallet/fund', { token: user.token, body: { amount, idempotency_key: `fund-${randomUUID()}` } })
			expect(res.status).toBe(201)
			const f: Fund = { customer, user, reference: res.body.data.reference, amount, approved: random() < 0.85 }
			if (random() < 0.1) {
				f.approved = true
				await database.db
					.update(sandboxCharges)
					.set({ status: 'success', paidAt: new Date() })
					.where(eq(sandboxCharges.reference, f.reference))
				orphans.push(f)
				return
			}
			const paid = await request('POST', `/sandbox/checkout/${f.reference}`, { form: { outcome: f.approved ? 'approve' : 'decline' } })
			expect(paid.status).toBe(303)
			funds.push(f)
			if (f.approved) for (let i = int(1, 5); i > 0; i--) later(() => deliverCharge(f))
			if (random() < 0.5) later(async () => void (await verify(f)))
		}

		const codeFor = async (w: Withdrawal) => {
			const { rows } = (await database.db.execute(
				sql`select text from mail_outbox where "to" = ${w.user.email} and text like ${`%${w.reference}%`} order by created_at desc limit 1`,
			)) as unknown as { rows: Array<{ text: string }> }
			return rows[0]?.text.match(/Your code is (\d{6})/)?.[1] ?? null
		}
		const path = (w: Withdrawal, action: string) => `/wallet/withdrawals/${w.id}/${action}`

		/** Confirm with the mailed code, asking for a new one when a crash lost it; cancel when codes run out. */
		async function confirm(w: Withdrawal) {
			for (let attempt = 0; attempt < 4; attempt++) {
				const code = await codeFor(w)
				if (code) {
					const res = await request('POST', path(w, 'confirm'), { token: w.user.token, body: { otp: code } })
					if (res.status === 200) return
					expect(res.status, JSON.stringify(res.body)).toBe(400)
				}
				const resent = await request('POST', path(w, 'resend-code'), { token: w.user.token })
				if (resent.status === 429) break
				expect(resent.status).toBe(200)
			}
			w.cancel = true
			counts.cancelledForCodes++
			expect((await request('POST', path(w, 'cancel'), { token: w.user.token })).status).toBe(200)
		}

		async function withdrawFlow() {
			const customer = pick(people)
			const user = customer.free.shift()
			if (!user) return fundFlow()
			const amount = int(100, 30_000)
			const accountNumber = `01234567${int(0, 9)}${random() < 0.25 ? 9 : int(0, 8)}`
			const fails = sandboxTransferFails(accountNumber)
			const key = `wd-${randomUUID()}`
			const res = await request('POST', '/wallet/withdraw', {
				token: user.token,
				body: { amount, bank_code: '058', account_number: accountNumber, idempotency_key: key },
			})
			if (res.status === 400) {
				counts.refused++
				customer.free.push(user)
				return
			}
			expect(res.status, JSON.stringify(res.body)).toBe(201)
			const { id, reference, fee, needs_approval } = res.body.data
			const w: Withdrawal = { customer, user, id, reference, amount, fee, needsApproval: needs_approval, fails, cancel: random() < 0.15 }
			withdrawals.push(w)
			if (w.cancel) {
				expect((await request('POST', path(w, 'cancel'), { token: user.token })).status).toBe(200)
				return
			}
			await confirm(w)
			if (w.cancel) return
			if (w.needsApproval) {
				const approver = pick(customer.users.filter((u) => u !== user))
				expect((await request('POST', path(w, 'approve'), { token: approver.token })).status).toBe(200)
			}
			for (let i = int(1, 5); i > 0; i--) later(() => deliverTransfer(w))
		}

		for (let i = 0; i < FLOWS; i++) {
			const roll = random()
			queue.push(
				roll < 0.45
					? fundFlow
					: roll < 0.75
						? withdrawFlow
						: roll < 0.85
							? async () => void (funds.length && (await verify(pick(funds))))
							: async () => {
									const f = funds.filter((x) => x.approved)
									if (f.length) await deliverCharge(pick(f))
								},
			)
		}

		let kills = 0
		let working = true
		const killer = (async () => {
			while (working && kills < MAX_KILLS) {
				await sleep(int(300, 1_200))
				if (!working) break
				await server.kill()
				kills++
				await server.start()
			}
		})()
		let busy = 0
		const worker = async () => {
			while (queue.length || busy) {
				const task = queue.shift()
				if (!task) {
					await sleep(5)
					continue
				}
				busy++
				try {
					await task()
				} finally {
					busy--
				}
			}
		}
		try {
			await Promise.all(Array.from({ length: WORKERS }, worker))
		} finally {
			working = false
			await killer
		}
		const opsDone = Date.now()

		// The orphans are older than the recovery's threshold (moved back rather than waited for); the API
		// is killed once more, and the recovery it runs at start credits them.
		const { db } = database
		expect(orphans.length).toBeGreaterThan(0)
		const orphanReferences = orphans.map((f) => f.reference)
		await db
			.update(payments)
			.set({ createdAt: sql`${payments.createdAt} - ${`${PENDING_MAX_AGE_MS + 60_000} milliseconds`}::interval` })
			.where(inArray(payments.reference, orphanReferences))
		expect(
			(await db.select().from(payments).where(inArray(payments.reference, orphanReferences))).every((p) => p.status === 'pending'),
		).toBe(true)
		await server.kill()
		await server.start()
		for (let tries = 0; ; tries++) {
			const rows = await db.select({ status: payments.status }).from(payments).where(inArray(payments.reference, orphanReferences))
			if (rows.every((p) => p.status === 'success')) break
			expect(tries, `orphans still pending: ${rows.filter((p) => p.status !== 'success').length}`).toBeLessThan(150)
			await sleep(100)
		}
		const recovered = Date.now()

		// The dust settles: every payment is asked about once more, every withdrawal driven to its end
		// (looking at one under way starts or checks its payout).
		for (const f of funds) expect(await verify(f)).toBe(f.approved ? 'success' : 'failed')
		for (const w of withdrawals) {
			for (let tries = 0; ; tries++) {
				const res = await request('GET', `/wallet/withdrawals/${w.id}`, { token: w.user.token })
				const status = res.body.data.status
				if (['succeeded', 'failed', 'cancelled'].includes(status)) break
				expect(tries, `${w.reference} stuck in ${status}`).toBeLessThan(200)
				if (status === 'awaiting_otp') await confirm(w)
				else if (status === 'awaiting_approval')
					await request('POST', path(w, 'approve'), { token: pick(w.customer.users.filter((u) => u !== w.user)).token })
				await sleep(20)
			}
		}
		await server.kill()

		const { problems, transfers } = await reconcile(db)
		expect(problems).toEqual([])
		const script = spawnSync(process.execPath, ['--import', 'tsx', 'api/scripts/reconcile.ts'], {
			env: { ...process.env, DATABASE_URL: url },
			encoding: 'utf8',
		})
		expect(script.status, script.stderr).toBe(0)
		expect(script.stdout).toContain('every balance equals the sum of its entries')

		const wallets = new Map(
			(await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.kind, 'wallet'))).map((a) => [a.customerId, a.balance]),
		)
		const paidOut = (w: Withdrawal) => !w.cancel && !w.fails
		for (const customer of people) {
			const credited = [...funds, ...orphans].filter((f) => f.customer === customer && f.approved).reduce((s, f) => s + f.amount, 0)
			const spent = withdrawals.filter((w) => w.customer === customer && paidOut(w)).reduce((s, w) => s + w.amount + w.fee, 0)
			expect(wallets.get(customer.id) ?? 0).toBe(credited - spent)
		}
		const { rows: funding } = (await db.execute(
			sql`select reference, count(*)::int as n from ledger_transfers where kind = 'funding' group by reference`,
		)) as unknown as { rows: Array<{ reference: string; n: number }> }
		const creditsByReference = new Map(funding.map((r) => [r.reference, r.n]))
		for (const f of [...funds, ...orphans]) expect(creditsByReference.get(f.reference) ?? 0, f.reference).toBe(f.approved ? 1 : 0)
		const { rows: states } = (await db.execute(sql`select reference, status from withdrawals`)) as unknown as {
			rows: Array<{ reference: string; status: string }>
		}
		const statusOf = new Map(states.map((r) => [r.reference, r.status]))
		for (const w of withdrawals)
			expect(statusOf.get(w.reference), w.reference).toBe(w.cancel ? 'cancelled' : w.fails ? 'failed' : 'succeeded')
		const [totals] = (
			(await db.execute(
				sql`select coalesce(sum(balance), 0)::bigint as total, min(balance) filter (where kind = 'wallet') as lowest from ledger_accounts`,
			)) as unknown as { rows: Array<{ total: string; lowest: string | null }> }
		).rows
		expect(Number(totals!.total)).toBe(0)
		expect(Number(totals!.lowest ?? 0)).toBeGreaterThanOrEqual(0)

		const credited = [...funds, ...orphans].filter((f) => f.approved).reduce((s, f) => s + f.amount, 0)
		console.log(
			[
				`[faults] seed ${seed}: ${FLOWS} operations by ${WORKERS} workers in ${((opsDone - started) / 1000).toFixed(1)} s, settled and reconciled in ${((Date.now() - opsDone) / 1000).toFixed(1)} s`,
				`  API killed with SIGKILL ${kills} times; ${stats.requests} HTTP requests, ${stats.retries} retried (${stats.networkErrors} network errors, ${stats.serverErrors} 5xx)`,
				`  ${funds.length + orphans.length} fundings (${funds.filter((f) => f.approved).length + orphans.length} paid, ₦${credited.toLocaleString('en')} credited), ${counts.webhooks} signed webhooks delivered, ${counts.verifies} callbacks verified, ${counts.skipped} transfer webhooks skipped before the payout existed`,
				`  ${orphans.length} fundings approved without a webhook or callback, credited by the recovery job ${((recovered - opsDone) / 1000).toFixed(1)} s after a restart`,
				`  ${withdrawals.length} withdrawals (${withdrawals.filter(paidOut).length} paid, ${withdrawals.filter((w) => w.fails && !w.cancel).length} failed and reversed, ${withdrawals.filter((w) => w.cancel).length} cancelled, ${counts.cancelledForCodes} of them for lack of codes, ${withdrawals.filter((w) => w.needsApproval).length} above the approval threshold), ${counts.refused} refused for want of money`,
				`  ${transfers} ledger transfers; every balance equals its entries, all sum to ₦0, no wallet below ₦0`,
			].join('\n'),
		)
	}, 150_000)

	test('the reconcile command exits non-zero and prints what differs', async () => {
		const { db } = database
		const [wallet] = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.kind, 'wallet')).limit(1)
		await db.transaction(async (tx) => {
			// Only a superuser with the triggers off can do this.
			await tx.execute(sql`set local session_replication_role = replica`)
			await tx
				.update(ledgerAccounts)
				.set({ balance: sql`${ledgerAccounts.balance} + 100` })
				.where(eq(ledgerAccounts.id, wallet!.id))
		})
		const script = spawnSync(process.execPath, ['--import', 'tsx', 'api/scripts/reconcile.ts'], {
			env: { ...process.env, DATABASE_URL: url },
			encoding: 'utf8',
		})
		expect(script.status).toBe(1)
		expect(script.stderr).toContain('Reconciliation found 2 differences:')
		expect(script.stderr).toContain(
			`account ${wallet!.id} (wallet of customer ${wallet!.customerId}): balance ${wallet!.balance + 100} but its entries sum to ${wallet!.balance} (difference 100)`,
		)
		expect(script.stderr).toContain('all balances sum to 100, not 0: Naira were created or lost')
	}, 30_000)
})
