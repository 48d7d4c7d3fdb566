// Days and times as people in Nigeria read them, in Lagos time: '11 Dec 2026', '21 Nov 2026, 14:05' on
// screens and in the API's messages, '23 November 2026' in mail and documents. This is the one place that
// turns a date into text.
//
// Written out by hand rather than with Intl.DateTimeFormat, for the reason money is (money.ts): Intl's
// output depends on the ICU data of the server's Node or the user's browser (en-GB's September is
// 'Sept' in recent ICU and 'Sep' in older), and a server-rendered date must match the hydrated one
// character for character. Lagos keeps West Africa Time, UTC+1, all year.

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const
const LONG_MONTHS = [
	'January',
	'February',
	'March',
	'April',
	'May',
	'June',
	'July',
	'August',
	'September',
	'October',
	'November',
	'December',
] as const
const LAGOS_OFFSET_MS = 3_600_000
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/

/** The instant as Lagos's wall clock, read through the UTC getters; null when it is not a time. */
function lagosClock(value: string | Date): Date | null {
	const time = typeof value === 'string' ? Date.parse(value) : value.getTime()
	return Number.isNaN(time) ? null : new Date(time + LAGOS_OFFSET_MS)
}

const dayText = (year: number, month: number, day: number, months: readonly string[] = MONTHS) => `${day} ${months[month]} ${year}`
const pad = (n: number) => String(n).padStart(2, '0')

/** A day the API sends ('2026-12-11'), or a time read as its day in Lagos, in the given month names. */
function dayIn(value: string | Date, months: readonly string[]): string {
	const day = typeof value === 'string' ? DAY.exec(value) : null
	if (day) return dayText(Number(day[1]), Number(day[2]) - 1, Number(day[3]), months)
	const clock = lagosClock(value)
	return clock ? dayText(clock.getUTCFullYear(), clock.getUTCMonth(), clock.getUTCDate(), months) : String(value)
}

/**
 * A day: '2026-12-11' (a day, as the API sends one) reads '11 Dec 2026'; a time ('2026-12-10T23:30:00Z')
 * reads as its day in Lagos, '11 Dec 2026'. Anything else comes back as it is, rather than as 'Invalid Date'.
 */
export const formatDay = (value: string | Date): string => dayIn(value, MONTHS)

/** A day in full, as mail and documents write it: '23 November 2026'; a time as its day in Lagos. */
export const formatLongDay = (value: string | Date): string => dayIn(value, LONG_MONTHS)

/** A time as its day and its hour and minute in Lagos, on the 24-hour clock: '21 Nov 2026, 14:05'. */
export function formatDayTime(value: string | Date): string {
	const clock = lagosClock(value)
	if (!clock) return String(value)
	return `${dayText(clock.getUTCFullYear(), clock.getUTCMonth(), clock.getUTCDate())}, ${pad(clock.getUTCHours())}:${pad(clock.getUTCMinutes())}`
}

/** The hour in Lagos, 0 to 23. */
export function lagosHour(value: Date): number {
	return (value.getUTCHours() + 1) % 24
}

/** A month, from its first day or as 'YYYY-MM': '2026-03-01' reads 'March 2026'. */
export function formatMonth(value: string): string {
	return `${LONG_MONTHS[Number(value.slice(5, 7)) - 1]} ${value.slice(0, 4)}`
}

/** A month's short name, from 'YYYY-MM' or a day: '2026-03' reads 'Mar'. */
export function shortMonth(value: string): string {
	return MONTHS[Number(value.slice(5, 7)) - 1]!
}

/** A span of days: '1 Oct 2026 to 31 Oct 2026'. */
export function formatDays(from: string, to: string): string {
	return `${formatDay(from)} to ${formatDay(to)}`
}

/** A span of days in full, as mail and documents write it: '1 October 2026 to 31 October 2026'. */
export function formatLongDays(from: string, to: string): string {
	return `${formatLongDay(from)} to ${formatLongDay(to)}`
}
