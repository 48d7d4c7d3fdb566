import { createHash } from 'node:crypto'

// When the demo's records are dated (docs/decisions/158-demo-history-in-time.md): as their story plans
// them, but never after the moment the demo is seeded.

/**
 * A moment in Lagos working hours on `day`, at an hour the day picks (08:05 to 16:05) and `minutes` after
 * it, so that a year of the demo does not happen at one time of day, or at the hour it was seeded.
 */
export function workingHoursOn(day: string, minutes = 0): Date {
	const hour = createHash('sha256').update(day).digest().readUInt32BE(0) % 480
	return new Date(Date.parse(`${day}T08:05:00+01:00`) + (hour + minutes) * 60_000)
}

/** The start of a Lagos day (Lagos is an hour ahead of UTC all year). */
export const lagosMidnight = (day: string) => new Date(`${day}T00:00:00+01:00`)

/**
 * `at`, once it has passed. A moment the story plans for later than `now` (a bill paid two days after the
 * 1st, when the seed runs on the 1st) happens instead `share` of the way from `since` to `now`, so that
 * records planned in order stay in order, given shares in that order.
 */
export function passedOr(at: Date, now: Date, since: Date, share = 0.5): Date {
	if (at.getTime() <= now.getTime()) return at
	const from = Math.min(since.getTime(), now.getTime())
	return new Date(from + Math.floor((now.getTime() - from) * share))
}
