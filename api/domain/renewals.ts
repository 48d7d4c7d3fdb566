import { type Period, periodMonths } from '../contract/periods.ts'
import type { PolicyState } from '../contract/statuses.ts'
import { addDays, coverPeriod } from './policies.ts'

// Renewing retail cover (docs/decisions/091-renewals.md): pure date rules, no I/O.

/** The renewal window opens this many days before cover ends; the first reminder goes then. */
export const RENEWAL_WINDOW_DAYS = 14
/** Reminders before cover ends, in days; each is sent once per cover period. */
export const REMINDER_DAYS = [14, 3] as const
export type ReminderDays = (typeof REMINDER_DAYS)[number]
/** Auto-renewal is tried from this many days before cover ends (the second reminder's day). */
export const AUTO_RENEW_DAYS = 3
/** An expired policy may still be renewed, keeping its number, for this many days after its end. */
export const LATE_RENEWAL_DAYS = 30

/** Days from `today` to the last day of cover (0 on that day, negative after it). */
export function daysToEnd(coverEnd: string, today: string) {
	return Math.round((Date.parse(`${coverEnd}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000)
}

/** The reminder due on `today`: the nearest one whose day has come, while cover still runs; else null. */
export function dueReminder(coverEnd: string, today: string): ReminderDays | null {
	const left = daysToEnd(coverEnd, today)
	if (left < 0) return null
	const due = REMINDER_DAYS.filter((days) => left <= days)
	return due.length ? (Math.min(...due) as ReminderDays) : null
}

/** What renewal needs of a policy. */
export type RenewalFacts = { kind: 'policy' | 'plan'; period: string | null; coverEnd: string; state: PolicyState }

/** States a policy can be renewed from: cover that runs, or ran out unrenewed (not ended on purpose). */
const RENEWABLE: readonly PolicyState[] = ['active', 'paused', 'expired']

/**
 * Whether a policy may be renewed on `today`: retail cover with a period (a trip is not renewed; staff
 * plans are billed instead), not ended or being ended on purpose, from 14 days before its end to 30 after.
 */
export function renewable(policy: RenewalFacts, today: string) {
	if (policy.kind !== 'policy' || policy.period === null || !RENEWABLE.includes(policy.state)) return false
	const left = daysToEnd(policy.coverEnd, today)
	return left <= RENEWAL_WINDOW_DAYS && left >= -LATE_RENEWAL_DAYS
}

/** Whether the auto-renewal should be tried on `today` (from 3 days before the end to the last day). */
export function autoRenewDue(coverEnd: string, today: string) {
	const left = daysToEnd(coverEnd, today)
	return left >= 0 && left <= AUTO_RENEW_DAYS
}

/**
 * The next cover period: from the day after the current one ends, so cover runs on without a gap; or,
 * for cover that already ended, from today (the days between are not covered).
 */
export function renewalPeriod(coverEnd: string, today: string, period: Period) {
	const start = coverEnd >= today ? addDays(coverEnd, 1) : today
	return coverPeriod(start, { months: periodMonths(period) })
}
