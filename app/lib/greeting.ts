import { lagosHour } from '#api/contract/dates.ts'

/** 'Good morning' and so on, by the hour in Lagos. */
export function greeting(now = new Date()) {
	const hour = lagosHour(now)
	if (hour < 12) return 'Good morning'
	if (hour < 17) return 'Good afternoon'
	return 'Good evening'
}
