import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import type { Deps } from '#api/deps.ts'
import { type Job, startJobs } from '#api/jobs/scheduler.ts'
import { logger } from '#api/telemetry/logger.ts'

const deps = {} as Deps

beforeEach(() => {
	vi.useFakeTimers()
	vi.spyOn(logger, 'warn').mockImplementation(() => {})
	vi.spyOn(logger, 'info').mockImplementation(() => {})
})
afterEach(() => {
	vi.useRealTimers()
	vi.restoreAllMocks()
})

test('the jobs run at start and then every interval, a failing one not stopping the others', async () => {
	const runs: string[] = []
	const jobs: Job[] = [
		{
			name: 'broken',
			run: async () => {
				runs.push('broken')
				throw new Error('the database is away')
			},
		},
		{
			name: 'fine',
			run: async () => {
				runs.push('fine')
				return { settled: 1 }
			},
		},
	]
	const scheduler = startJobs(deps, { intervalMs: 1_000, jobs })
	await vi.advanceTimersByTimeAsync(0)
	expect(runs).toEqual(['broken', 'fine'])
	expect(logger.warn).toHaveBeenCalledWith('[jobs] broken failed: the database is away')
	await vi.advanceTimersByTimeAsync(2_000)
	expect(runs).toEqual(['broken', 'fine', 'broken', 'fine', 'broken', 'fine'])
	await scheduler.stop()
	await vi.advanceTimersByTimeAsync(5_000)
	expect(runs).toHaveLength(6)
})

test('a round still running when the next is due is not started twice, and stop waits for it', async () => {
	let finish = () => {}
	let started = 0
	const slow: Job = {
		name: 'slow',
		run: () => {
			started++
			return new Promise((resolve) => {
				finish = () => resolve({})
			})
		},
	}
	const scheduler = startJobs(deps, { intervalMs: 1_000, jobs: [slow] })
	await vi.advanceTimersByTimeAsync(3_500)
	expect(started).toBe(1)
	let stopped = false
	const stopping = scheduler.stop().then(() => {
		stopped = true
	})
	await vi.advanceTimersByTimeAsync(0)
	expect(stopped).toBe(false)
	finish()
	await stopping
	expect(stopped).toBe(true)
	expect(started).toBe(1)
})
