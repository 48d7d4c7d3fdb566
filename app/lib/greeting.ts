// Intl formatters are made once: building one per call (as toLocaleString does) was a visible share of a
// signed-in page's server time (docs/decisions/117-request-path-performance.md).
const LAGOS_HOUR = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hour12: false, timeZone: 'Africa/Lagos' })
const LAGOS_DATE_TIME = new Intl.DateTimeFormat('en-GB', {
	day: 'numeric',
	month: 'short',
	year: 'numeric',
	hour: '2-digit',
	minute: '2-digit',
	timeZone: 'Africa/Lagos',
})
const LAGOS_DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Africa/Lagos' })

/** 'Good morning' and so on, by the hour in Lagos. */
export function greeting(now = new Date()) {
	const hour = Number(LAGOS_HOUR.format(now))
	if (hour < 12) return 'Good morning'
	if (hour < 17) return 'Good afternoon'
	return 'Good evening'
}

/** A date and time as people in Nigeria read it, in Lagos time: '21 Nov 2026, 14:05'. */
export function formatDateTime(iso: string) {
	return LAGOS_DATE_TIME.format(new Date(iso))
}

/** A day as people in Nigeria read it, in Lagos time: '21 Nov 2026'. */
export function formatDate(iso: string) {
	return LAGOS_DATE.format(new Date(iso))
}
