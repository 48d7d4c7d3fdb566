// Intl formatters are made once: building one per call (as toLocaleString does) was a visible share of a
// signed-in page's server time (docs/decisions/117-request-path-performance.md).
const lagos = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'Africa/Lagos' })
const DAY = { day: 'numeric', month: 'short', year: 'numeric' } as const
const LAGOS_HOUR = lagos({ hour: '2-digit', hour12: false })
const LAGOS_DATE_TIME = lagos({ ...DAY, hour: '2-digit', minute: '2-digit' })
const LAGOS_DATE = lagos(DAY)

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
