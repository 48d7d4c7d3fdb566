import PgBoss from 'pg-boss'
import type { Database } from '../db/client.ts'
import { embeddedUpkeep } from '../db/embedded-upkeep.ts'
import type { Deps } from '../deps.ts'
import { collectInvoices, runBilling } from '../services/billing.ts'
import { deliverDueWebhooks } from '../services/kit.ts'
import { creditReferralRewards } from '../services/rewards.tsx'
import { logger } from '../telemetry/logger.ts'
import { pgliteBossDb } from './boss-db.ts'
import { guardJobSettling } from './boss-settle.ts'
import { applyDueChanges, forgetUnboughtStaffLists, sweepUnreferencedUploads } from './housekeeping.ts'
import { recoverPayments, recoverPayouts } from './recovery.ts'
import { autoRenewPolicies, mailExpiredPolicies, sendRenewalReminders } from './renewals.ts'

/**
 * A job: what it does, and when (a cron line in Lagos time; every minute unless it says). Every job is
 * idempotent: its state is the database, and unique keys there make a second run change nothing.
 */
export type Job = { name: string; run: (deps: Deps) => Promise<Record<string, number>>; cron?: string }

const EVERY_MINUTE = '* * * * *'
const HOURLY = '7 * * * *'

/** The registry: every entry is scheduled by the runner (docs/decisions/090-job-runner.md). */
export const JOBS: Job[] = [
	{ name: 'recover-payments', run: (deps) => recoverPayments(deps) },
	// Finishing payouts a crash left hanging.
	{ name: 'recover-payouts', run: (deps) => recoverPayouts(deps) },
	// Webhooks to partners that failed wait longer each time (docs/decisions/077-partner-webhooks.md).
	{ name: 'deliver-webhooks', run: (deps) => deliverDueWebhooks(deps) },
	// Staff plans are billed monthly in arrears; unpaid invoices are retried, then pause the plan (docs/decisions/095).
	{ name: 'billing-run', run: (deps) => runBilling(deps) },
	{ name: 'collect-invoices', run: (deps) => collectInvoices(deps) },
	// Referrals whose cover was kept for the qualifying days earn, and are paid into wallets (decision 112).
	{ name: 'credit-referral-rewards', run: (deps) => creditReferralRewards(deps) },
	// Renewals, reminders and expiry (docs/decisions/091-renewals.md): daily rules, run hourly so a
	// process that was down catches up; each notice is sent once per policy and cover period.
	{ name: 'auto-renew-policies', run: (deps) => autoRenewPolicies(deps), cron: HOURLY },
	{ name: 'renewal-reminders', run: (deps) => sendRenewalReminders(deps), cron: HOURLY },
	{ name: 'policy-expiry', run: (deps) => mailExpiredPolicies(deps), cron: HOURLY },
	// Changes booked for a date (docs/decisions/079-effective-dates.md) reaching it: told once.
	{ name: 'changes-taking-effect', run: (deps) => applyDueChanges(deps), cron: HOURLY },
	// Housekeeping (docs/decisions/092-housekeeping.md).
	{ name: 'sweep-uploads', run: (deps) => sweepUnreferencedUploads(deps), cron: '23 3 * * *' },
	{ name: 'forget-staff-lists', run: (deps) => forgetUnboughtStaffLists(deps), cron: '41 3 * * *' },
]

/**
 * The registry for a database: on the embedded one, also the upkeep PostgreSQL's autovacuum does on a
 * server, which PGlite lacks (docs/decisions/133-embedded-upkeep.md). It looks every five minutes and
 * vacuums or analyzes only the tables that changed enough.
 */
export function jobsFor(database: Pick<Database, 'pglite'>): Job[] {
	const { pglite } = database
	if (!pglite) return JOBS
	return [...JOBS, { name: 'embedded-upkeep', run: () => embeddedUpkeep(pglite), cron: '*/5 * * * *' }]
}

/** Whether this server process runs the jobs: yes, unless RUN_JOBS=false leaves them to `npm run worker`. */
export const jobsInProcess = () => process.env.RUN_JOBS !== 'false'

export type JobRunner = {
	/** Whether the jobs are scheduled and worked (for /readyz). */
	readonly running: boolean
	/** Queue a job now (once: a job already waiting is not queued again). */
	runNow(name: string): Promise<string | null>
	/** Stop working, and wait for the jobs under way. */
	stop(): Promise<void>
	boss: PgBoss
}

/** Where pg-boss keeps its queue: PostgreSQL through its connection string, PGlite through an adapter. */
export function bossFor(database: Pick<Database, 'url' | 'pglite'>, options: PgBoss.ConstructorOptions = {}) {
	const connection: PgBoss.ConstructorOptions = database.url
		? { connectionString: database.url, max: 3, application_name: 'cover-jobs' }
		: { db: pgliteBossDb(database.pglite!) }
	guardJobSettling()
	return new PgBoss({ ...connection, ...options })
}

async function ensureQueue(boss: PgBoss, name: string) {
	for (let attempt = 1; ; attempt++) {
		if (await boss.getQueue(name)) return
		try {
			// Short: at most one waiting, so runs never pile up behind a slow one. Not stately: a run left
			// active by a killed process would block the queue until it expired.
			await boss.createQueue(name, { name, policy: 'short', retryLimit: 0, expireInSeconds: 15 * 60 })
			return
		} catch (error) {
			// Processes starting together race to create it (PostgreSQL may end one as a deadlock): look again.
			if (attempt >= 5) throw error
			await new Promise((resolve) => setTimeout(resolve, 100 * attempt))
		}
	}
}

/**
 * Schedule every job of `jobs` on pg-boss and work them in this process (docs/decisions/090-job-runner.md).
 * Schedules live in the database (they survive a restart); one process per minute turns them into
 * jobs, and each job is taken by one worker, so two processes on one PostgreSQL server run it once.
 * Every job also runs at start (one waiting job per queue keeps that once across processes starting together).
 */
export async function startJobs(
	deps: Deps,
	database: Pick<Database, 'url' | 'pglite'>,
	{
		jobs = jobsFor(database),
		pollingIntervalSeconds = 5,
		boss = bossFor(database),
	}: { jobs?: Job[]; pollingIntervalSeconds?: number; boss?: PgBoss } = {},
): Promise<JobRunner> {
	let stopped = false
	boss.on('error', (error) => logger.warn(`[jobs] queue: ${error.message}`))
	await boss.start()
	// A second wait before it may be taken: queued at once by several processes, it is queued once.
	const kick = (name: string) => boss.send(name, {}, { startAfter: 1 })
	for (const job of jobs) {
		await ensureQueue(boss, job.name)
		await boss.schedule(job.name, job.cron ?? EVERY_MINUTE, {}, { tz: 'Africa/Lagos' })
		await boss.work(job.name, { pollingIntervalSeconds }, async () => {
			try {
				const counts = await job.run(deps)
				if (Object.values(counts).some(Boolean)) logger.info(`[jobs] ${job.name}: ${JSON.stringify(counts)}`)
				return counts
			} catch (error) {
				// Logged here; the job fails in the queue and the next schedule tries again.
				logger.warn(`[jobs] ${job.name} failed: ${error instanceof Error ? error.message : error}`)
				throw error
			}
		})
		await kick(job.name)
	}
	// A job taken out of the registry is no longer turned into work nobody takes.
	for (const schedule of await boss.getSchedules()) {
		if (!jobs.some((j) => j.name === schedule.name)) await boss.unschedule(schedule.name)
	}
	return {
		boss,
		get running() {
			return !stopped
		},
		runNow: kick,
		async stop() {
			if (stopped) return
			stopped = true
			await boss.stop({ graceful: true, wait: true, timeout: 8_000 })
		},
	}
}
