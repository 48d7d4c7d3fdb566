import { formatDay, formatDayTime, lagosHour } from '#api/contract/dates.ts'

/** 'Good morning' and so on, by the hour in Lagos. */
export function greeting(now = new Date()) {
	const hour = lagosHour(now)
	if (hour < 12) return 'Good morning'
	if (hour < 17) return 'Good afternoon'
	return 'Good evening'
}

/** A date and time as people in Nigeria read it, in Lagos time: '21 Nov 2026, 14:05'. */
export const formatDateTime = (iso: string) => formatDayTime(iso)

/** A day as people in Nigeria read it, in Lagos time: '21 Nov 2026'. */
export const formatDate = (iso: string) => formatDay(iso)
