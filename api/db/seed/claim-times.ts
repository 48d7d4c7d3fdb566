import { addDays, lagosDate } from '../../domain/policies.ts'

// When the demo claims' steps happened (docs/decisions/158-demo-history-in-time.md).

const HOUR = 3_600_000
const DAY = 24 * HOUR

/** Lagos is an hour ahead of UTC all year. */
const lagosMidnight = (day: string) => Date.parse(`${day}T00:00:00+01:00`)

/**
 * When each of a claim's steps happened, in Lagos working hours: the first the morning after the
 * incident; a closed claim's steps two days apart; an open claim's spread over the days up to today
 * (yesterday, before early afternoon), its last step at least three hours ago. Strictly forward, in
 * whole minutes; `seed` varies the hours from claim to claim.
 */
export function stepTimes(incidentDay: string, steps: number, open: boolean, now: Date, seed: number): Date[] {
	const first = addDays(incidentDay, 1)
	const today = lagosDate(now)
	const afternoon = now.getTime() - lagosMidnight(today) >= 13 * HOUR
	const last = open ? (afternoon ? today : addDays(today, -1)) : addDays(first, (steps - 1) * 2)
	const span = Math.round((lagosMidnight(last) - lagosMidnight(first)) / DAY)
	const times: number[] = []
	for (let j = 0; j < steps; j++) {
		const day = steps > 1 ? addDays(first, Math.round((j * span) / (steps - 1))) : first
		// Between 09:05 and 16:05.
		let at = lagosMidnight(day) + (9 * 60 + 5 + ((j * 137 + seed * 53) % 420)) * 60_000
		if (open && j === steps - 1) at = Math.min(at, Math.floor((now.getTime() - 3 * HOUR) / 60_000) * 60_000)
		const previous = times.at(-1)
		if (previous !== undefined && at <= previous) at = previous + 25 * 60_000
		times.push(at)
	}
	return times.map((t) => new Date(t))
}
