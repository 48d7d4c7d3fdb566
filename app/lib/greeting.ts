/** 'Good morning' and so on, by the hour in Lagos. */
export function greeting(now = new Date()) {
	const hour = Number(now.toLocaleString('en-GB', { hour: '2-digit', hour12: false, timeZone: 'Africa/Lagos' }))
	if (hour < 12) return 'Good morning'
	if (hour < 17) return 'Good afternoon'
	return 'Good evening'
}

/** A date and time as people in Nigeria read it, in Lagos time: '21 Nov 2026, 14:05'. */
export function formatDateTime(iso: string) {
	return new Date(iso).toLocaleString('en-GB', {
		day: 'numeric',
		month: 'short',
		year: 'numeric',
		hour: '2-digit',
		minute: '2-digit',
		timeZone: 'Africa/Lagos',
	})
}

/** A day as people in Nigeria read it, in Lagos time: '21 Nov 2026'. */
export function formatDate(iso: string) {
	return new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Africa/Lagos' })
}
