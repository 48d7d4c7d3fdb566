import { expect, test } from 'vitest'
import { formatDay, formatDays, formatDayTime, formatLongDay, formatLongDays, formatMonth, lagosHour, shortMonth } from './dates.ts'

test('a day the API sends reads as people in Nigeria write it, whatever the ICU', () => {
	expect(formatDay('2026-12-11')).toBe('11 Dec 2026')
	expect(formatDay('2026-09-05')).toBe('5 Sep 2026')
	expect(formatDay('2027-01-01')).toBe('1 Jan 2027')
	expect(formatDays('2026-10-01', '2026-10-31')).toBe('1 Oct 2026 to 31 Oct 2026')
})

test('a time reads as its day and clock in Lagos, an hour ahead of UTC', () => {
	// 23:30 UTC on New Year's Eve is already New Year's Day in Lagos.
	expect(formatDay('2026-12-31T23:30:00.000Z')).toBe('1 Jan 2027')
	expect(formatDayTime('2026-12-31T23:30:00.000Z')).toBe('1 Jan 2027, 00:30')
	expect(formatDayTime('2026-11-21T13:05:00Z')).toBe('21 Nov 2026, 14:05')
	expect(formatDayTime(new Date('2026-11-21T13:05:00+01:00'))).toBe('21 Nov 2026, 13:05')
	expect(formatDay(new Date('2026-02-28T23:00:00Z'))).toBe('1 Mar 2026')
	expect(lagosHour(new Date('2026-11-21T23:10:00Z'))).toBe(0)
	expect(lagosHour(new Date('2026-11-21T10:59:00Z'))).toBe(11)
})

test('text that is not a date comes back as it is, never as Invalid Date', () => {
	expect(formatDay('soon')).toBe('soon')
	expect(formatDayTime('')).toBe('')
})

test("agrees with Intl's en-GB day in Lagos for every day of a year, but for September's name", () => {
	const intl = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Africa/Lagos' })
	for (let t = Date.UTC(2026, 0, 1, 0, 30); t < Date.UTC(2027, 0, 1); t += 86_400_000 / 2) {
		const at = new Date(t)
		expect(formatDay(at)).toBe(intl.format(at).replace('Sept', 'Sep'))
	}
})

test('mail and documents write the day in full', () => {
	expect(formatLongDay('2026-11-23')).toBe('23 November 2026')
	expect(formatLongDay('2026-09-05')).toBe('5 September 2026')
	// A payment at 23:30 UTC on 30 November was made on 1 December in Lagos.
	expect(formatLongDay(new Date('2026-11-30T23:30:00Z'))).toBe('1 December 2026')
	expect(formatLongDays('2026-10-01', '2026-10-31')).toBe('1 October 2026 to 31 October 2026')
	expect(formatLongDay('later')).toBe('later')
})

test('a month reads in full, and short under the chart', () => {
	expect(formatMonth('2026-03-01')).toBe('March 2026')
	expect(formatMonth('2025-12')).toBe('December 2025')
	expect(shortMonth('2026-09')).toBe('Sep')
})
