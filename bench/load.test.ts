import { describe, expect, test } from 'vitest'
import { interleavedLoads, type LoadRound, summariseRounds } from './load.ts'

const round = (times: number[], reqPerSec: number): LoadRound => ({ times, reqPerSec, durationS: 10 })

describe('summariseRounds', () => {
	test('req/s is the mean of the rounds; percentiles rank every response of every round', () => {
		// 100 responses: 1..50 ms in the first round, 51..100 in the second.
		const first = Array.from({ length: 50 }, (_, i) => i + 1)
		const second = Array.from({ length: 50 }, (_, i) => 100 - i)
		const result = summariseRounds([round(first, 300), round(second, 100)], 10)
		expect(result.reqPerSec).toBe(200)
		expect(result.reqPerSecByRound).toEqual([300, 100])
		expect(result.p95Ms).toBe(95)
		expect(result.p50Ms).toBe(50)
		expect(result.requests).toBe(100)
		expect(result.durationS).toBe(20)
		expect(result.rounds).toBe(2)
	})

	test('no rounds is an error, not a figure', () => {
		expect(() => summariseRounds([], 10)).toThrow()
	})
})

describe('interleavedLoads', () => {
	test('takes the targets in turn, round after round', async () => {
		const order: string[] = []
		const results = await interleavedLoads(['floor', 'login', 'home'], 3, 10, async (target) => {
			order.push(target)
			return round([order.length], order.length)
		})
		expect(order).toEqual(['floor', 'login', 'home', 'floor', 'login', 'home', 'floor', 'login', 'home'])
		// The floor's figure is from rounds 1, 4 and 7: the same stretch as the pages'.
		expect(results[0]).toMatchObject({ rounds: 3, reqPerSecByRound: [1, 4, 7] })
		expect(results[2]).toMatchObject({ rounds: 3, reqPerSecByRound: [3, 6, 9] })
	})

	test('a target whose round fails gets its error and is not loaded again; the others go on', async () => {
		const order: string[] = []
		const results = await interleavedLoads(['floor', 'broken'], 2, 10, async (target) => {
			order.push(target)
			if (target === 'broken') throw new Error('GET /broken: 3×500 of 10 responses were not 200')
			return round([5], 100)
		})
		expect(order).toEqual(['floor', 'broken', 'floor'])
		expect(results[0]).toMatchObject({ rounds: 2, reqPerSec: 100 })
		expect(results[1]).toBeInstanceOf(Error)
		expect((results[1] as Error).message).toContain('not 200')
	})
})
