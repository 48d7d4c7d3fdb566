// Cover periods and their length in months (spec section 5). Free of zod, so the portal and the API
// share one copy: app/lib/periods.ts re-exports it. The keys are the values the API and forms use;
// the order is the order they are offered in.
export const PERIODS = { annual: 12, 'bi-annual': 6, quarterly: 3, monthly: 1 } as const

export type Period = keyof typeof PERIODS

export const PERIOD_LABELS: Record<Period, string> = {
	annual: 'Annual',
	'bi-annual': 'Bi-annual',
	quarterly: 'Quarterly',
	monthly: 'Monthly',
}

/** The period's keys in offering order: ['annual', 'bi-annual', 'quarterly', 'monthly']. */
export const PERIOD_VALUES = Object.keys(PERIODS) as Period[]

/** annual -> 12, bi-annual -> 6, quarterly -> 3, monthly -> 1. */
export function periodMonths(period: Period): number {
	return PERIODS[period]
}

/** annual -> 'Annual', bi-annual -> 'Bi-annual'. */
export function periodLabel(period: Period): string {
	return PERIOD_LABELS[period]
}

/** Narrows text from a URL or form to a Period. */
export function isPeriod(value: unknown): value is Period {
	return typeof value === 'string' && Object.hasOwn(PERIODS, value)
}
