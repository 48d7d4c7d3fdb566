import { expect, test } from 'vitest'
import { lagosMidnight, passedOr, workingHoursOn } from './seed-time.ts'

const now = new Date('2026-12-01T00:40:00+01:00')

test('a planned moment that has passed is kept', () => {
	const at = new Date('2026-11-30T10:15:00Z')
	expect(passedOr(at, now, lagosMidnight('2026-12-01'))).toEqual(at)
	expect(passedOr(now, now, lagosMidnight('2026-12-01'))).toEqual(now)
})

test('a moment still to come falls between `since` and now, in the order of its share', () => {
	const since = lagosMidnight('2026-12-01')
	const first = passedOr(new Date('2026-12-03T10:15:00Z'), now, since, 0.25)
	const second = passedOr(new Date('2026-12-03T10:22:00Z'), now, since, 0.5)
	expect(first).toEqual(new Date('2026-12-01T00:10:00+01:00'))
	expect(second).toEqual(new Date('2026-12-01T00:20:00+01:00'))
	// `since` after now: the moment is now itself, never later.
	expect(passedOr(new Date('2026-12-03T10:15:00Z'), now, new Date('2026-12-01T07:00:00Z'))).toEqual(now)
})

test('a Lagos day starts at 23:00 UTC the day before', () => {
	expect(lagosMidnight('2026-12-01').toISOString()).toBe('2026-11-30T23:00:00.000Z')
})

test('working hours on a day: between 08:05 and 16:05 in Lagos, the same for the same day, and apart by the minutes asked', () => {
	const hours = ['2026-01-01', '2026-02-01', '2026-03-01', '2026-09-01', '2025-12-25'].map((day) => {
		const at = workingHoursOn(day)
		expect(at.getTime()).toBeGreaterThanOrEqual(Date.parse(`${day}T08:05:00+01:00`))
		expect(at.getTime()).toBeLessThan(Date.parse(`${day}T16:05:00+01:00`))
		expect(workingHoursOn(day)).toEqual(at)
		expect(workingHoursOn(day, 3).getTime() - at.getTime()).toBe(3 * 60_000)
		return at.getTime() - Date.parse(`${day}T00:00:00+01:00`)
	})
	// Not one hour for every day.
	expect(new Set(hours).size).toBeGreaterThan(3)
})
