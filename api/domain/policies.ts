import type { Category, Product } from './catalogue/index.ts'

/** The line's code in a policy number: CP-AUTO-2026-000123. */
const LINE_CODES: Record<Category, string> = { health: 'HLTH', auto: 'AUTO', gadget: 'GDGT', travel: 'TRVL', others: 'OTHR' }

export function policyNumber(category: Category, year: number, sequence: number) {
	return `CP-${LINE_CODES[category]}-${year}-${String(sequence).padStart(6, '0')}`
}

/** Today in Lagos (UTC+1, no daylight saving), as YYYY-MM-DD. */
export const lagosDate = (now: Date) => new Date(now.getTime() + 3_600_000).toISOString().slice(0, 10)

const parse = (day: string) => new Date(`${day}T00:00:00Z`)
const format = (date: Date) => date.toISOString().slice(0, 10)

export function addDays(day: string, days: number) {
	const d = parse(day)
	d.setUTCDate(d.getUTCDate() + days)
	return format(d)
}

/** The same day n months on, or the month's last day when it has no such day (31 Jan + 1 = 28 Feb). */
export function addMonths(day: string, months: number) {
	const d = parse(day)
	const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1))
	const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate()
	target.setUTCDate(Math.min(d.getUTCDate(), last))
	return format(target)
}

/** Cover from its first day to its last, both included: months of cover, or a trip's days. */
export function coverPeriod(start: string, length: { months: number } | { days: number }) {
	const end = 'months' in length ? addDays(addMonths(start, length.months), -1) : addDays(start, length.days - 1)
	return { start, end }
}

/** A business's standard health plan for its staff is a subscription (spec section 1); anything else is a policy. */
export function isStaffPlan(customerKind: 'business' | 'individual', product: Product, planType: unknown) {
	return customerKind === 'business' && product.category === 'health' && planType === 'standard'
}

/**
 * Pending until its activation details arrive, when the product asks for any; active at once
 * otherwise. A staff plan always waits for its activation sheet: its staff's dates of birth.
 */
export const initialStatus = (product: Product, kind: 'policy' | 'plan') => (kind === 'plan' || product.activation ? 'pending' : 'active')
