import { expect, test } from 'vitest'
import { addDays, lagosDate } from '../../domain/policies.ts'
import { stepTimes } from './claim-times.ts'

// The demo claims' steps (docs/decisions/158-demo-history-in-time.md): forward, in Lagos working hours,
// an open claim's last step a few hours before the seed whatever the hour it runs at.

const lagosHour = (d: Date) => (d.getUTCHours() + 1) % 24

test.each(['2026-11-30T06:30:00Z', '2026-11-30T12:10:00Z', '2026-11-30T22:45:00Z', '2026-12-01T00:20:00Z'])(
	'seeded at %s, every claim moves forward in working hours and an open one ends at least three hours before',
	(seededAt) => {
		const now = new Date(seededAt)
		for (const [seed, steps, open, daysAgo] of [
			[0, 1, true, 5],
			[1, 2, true, 15],
			[3, 4, true, 35],
			[7, 6, true, 75],
			[9, 8, false, 95],
			[12, 9, false, 125],
		] as const) {
			const incident = addDays(lagosDate(now), -daysAgo)
			const times = stepTimes(incident, steps, open, now, seed)
			expect(times).toHaveLength(steps)
			expect(lagosDate(times[0]!)).toBe(addDays(incident, 1))
			for (let j = 1; j < steps; j++) expect(times[j]!.getTime()).toBeGreaterThan(times[j - 1]!.getTime())
			for (const t of times) {
				expect(lagosHour(t)).toBeGreaterThanOrEqual(9)
				expect(lagosHour(t)).toBeLessThan(17)
			}
			if (open) expect(times.at(-1)!.getTime()).toBeLessThanOrEqual(now.getTime() - 3 * 3_600_000)
			else expect(lagosDate(times.at(-1)!)).toBe(addDays(incident, 1 + (steps - 1) * 2))
		}
	},
)
