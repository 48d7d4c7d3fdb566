import { afterEach, beforeAll, expect, test, vi } from 'vitest'
import { bossFor, JOBS, type Job, type JobRunner, jobsFor, startJobs } from '#api/jobs/scheduler.ts'
import { logger } from '#api/telemetry/logger.ts'
import { describeApi, testApi } from '#tests/support/test-api.ts'

// The job runner on pg-boss, over the worker's database: PGlite through the db adapter, PostgreSQL
// through its connection string (docs/decisions/090-job-runner.md).

type Ctx = Awaited<ReturnType<typeof testApi>>

const waitFor = async (check: () => boolean, ms = 15_000) => {
	const until = Date.now() + ms
	while (!check()) {
		if (Date.now() > until) throw new Error('timed out waiting')
		await new Promise((resolve) => setTimeout(resolve, 100))
	}
}

describeApi('the job runner', () => {
	let ctx: Ctx
	const runners: JobRunner[] = []
	const start = async (jobs: Job[]) => {
		const runner = await startJobs(ctx.deps, ctx.database, { jobs, pollingIntervalSeconds: 0.5 })
		runners.push(runner)
		return runner
	}

	beforeAll(async () => {
		ctx = await testApi()
	})
	afterEach(async () => {
		await Promise.all(runners.splice(0).map((r) => r.stop()))
		vi.restoreAllMocks()
	})

	test('every job of the registry is scheduled in the database, and each runs at start; a failing one does not stop the others', async () => {
		vi.spyOn(logger, 'warn').mockImplementation(() => {})
		const runs: string[] = []
		const jobs: Job[] = [
			...JOBS.map((job) => ({
				...job,
				run: async () => {
					runs.push(job.name)
					return {}
				},
			})),
			{
				name: 'broken',
				run: async () => {
					runs.push('broken')
					throw new Error('the gateway is away')
				},
			},
		]
		const runner = await start(jobs)
		expect(runner.running).toBe(true)
		const scheduled = await runner.boss.getSchedules()
		expect(scheduled.map((s) => s.name).sort()).toEqual(jobs.map((j) => j.name).sort())
		expect(scheduled.find((s) => s.name === 'renewal-reminders')).toMatchObject({ cron: '7 * * * *', timezone: 'Africa/Lagos' })
		await waitFor(() => jobs.every((j) => runs.includes(j.name)))
		await waitFor(() => vi.mocked(logger.warn).mock.calls.some(([m]) => m === '[jobs] broken failed: the gateway is away'))
		await runner.stop()
		expect(runner.running).toBe(false)
	})

	test('two runners on one database run a job once', async () => {
		let runs = 0
		const job: Job = {
			name: 'counted-once',
			run: async () => {
				runs++
				await new Promise((resolve) => setTimeout(resolve, 300))
				return { runs }
			},
		}
		// Two processes' runners start together, each queueing the job at start, each working the queue.
		const [a, b] = await Promise.all([start([job]), start([job])])
		await waitFor(() => runs >= 1)
		await new Promise((resolve) => setTimeout(resolve, 2_500))
		expect(runs).toBe(1)
		// Both ask for a run at the same moment: one run.
		await Promise.all([a.runNow(job.name), b.runNow(job.name)])
		await waitFor(() => runs >= 2)
		await new Promise((resolve) => setTimeout(resolve, 2_500))
		expect(runs).toBe(2)
		expect((await a.boss.getSchedules()).filter((s) => s.name === job.name)).toHaveLength(1)
	})

	test('schedules and queued work survive a restart: a job queued before the stop runs after it', async () => {
		const ran: string[] = []
		const job: Job = {
			name: 'after-restart',
			run: async () => {
				ran.push('run')
				return {}
			},
		}
		const first = await start([job])
		await waitFor(() => ran.length === 1)
		const queued = await first.boss.send(job.name, {}, { startAfter: 3 })
		expect(queued).toBeTruthy()
		await first.stop()
		ran.length = 0

		// Another process looks at the queue without scheduling anything: the schedule is stored.
		const bare = bossFor(ctx.database, { schedule: false, supervise: false })
		await bare.start()
		expect((await bare.getSchedules()).map((s) => s.name)).toContain(job.name)
		await bare.stop({ graceful: false, wait: true })

		const second = await start([job])
		// The job queued before the restart runs once its time comes (the queue holds one waiting job,
		// so it stands for the restart's own kick too).
		await waitFor(() => ran.length >= 1, 20_000)
		let state: string | undefined
		for (let i = 0; i < 50 && state !== 'completed'; i++) {
			state = (await second.boss.getJobById(job.name, queued!))?.state
			if (state !== 'completed') await new Promise((resolve) => setTimeout(resolve, 200))
		}
		expect(state).toBe('completed')
		await second.stop()
	})

	test('the embedded database gets autovacuum’s upkeep as a job of its own; a PostgreSQL server keeps its own', async () => {
		const jobs = jobsFor(ctx.database)
		const upkeep = jobs.find((j) => j.name === 'embedded-upkeep')
		if (ctx.database.kind === 'postgres') {
			expect(jobs).toEqual(JOBS)
			return
		}
		expect(jobs.slice(0, JOBS.length)).toEqual(JOBS)
		expect(upkeep?.cron).toBe('*/5 * * * *')
		// The seeded database has tables never analyzed: the first run sees to them, the next has nothing left.
		const first = await upkeep!.run(ctx.deps)
		expect(first.vacuumed! + first.analyzed!).toBeGreaterThan(0)
		const { rows } = await ctx.database.pglite!.query<{ n: number }>(
			`select count(*)::int as n from pg_stat_user_tables where relname = 'customers' and last_analyze is not null`,
		)
		expect(rows[0]!.n).toBe(1)
		expect(await upkeep!.run(ctx.deps)).toEqual({ vacuumed: 0, analyzed: 0 })
	})
})
