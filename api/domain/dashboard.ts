import { CATEGORIES, type Category } from '../contract/catalogue.ts'
import type { Permission } from '../contract/permissions.ts'

// The rules of home's figures, without I/O (docs/decisions/047-home-dashboard.md).

/** Cover whose period ends within this many days is due for renewal. */
export const RENEWAL_WINDOW_DAYS = 30

export type DashboardPart = 'wallet' | 'cover' | 'staff' | 'spend' | 'next_bill' | 'renewals' | 'claims'

/** The permission each part needs, and the kinds of account whose home has it. */
const PARTS: Record<DashboardPart, { permission: Permission; kinds: ReadonlyArray<'business' | 'individual'> }> = {
	wallet: { permission: 'wallet.view', kinds: ['business', 'individual'] },
	cover: { permission: 'plans.view', kinds: ['business', 'individual'] },
	staff: { permission: 'employees.view', kinds: ['business'] },
	spend: { permission: 'transactions.view', kinds: ['business'] },
	next_bill: { permission: 'invoices.view', kinds: ['business'] },
	renewals: { permission: 'plans.view', kinds: ['business', 'individual'] },
	claims: { permission: 'claims.view', kinds: ['business', 'individual'] },
}

/** The parts of home this member sees: those of their kind of account that their role allows. */
export function visibleParts(kind: 'business' | 'individual', permissions: readonly string[]) {
	const allowed = new Set(permissions)
	return new Set(
		(Object.keys(PARTS) as DashboardPart[]).filter((part) => PARTS[part].kinds.includes(kind) && allowed.has(PARTS[part].permission)),
	)
}

/** 'YYYY-MM' of a 'YYYY-MM-DD' day, moved by `by` months. */
function monthOf(day: string, by = 0) {
	const year = Number(day.slice(0, 4))
	const month = Number(day.slice(5, 7)) - 1 + by
	const d = new Date(Date.UTC(year, month, 1))
	return d.toISOString().slice(0, 7)
}

/** The 12 months ending with today's, oldest first, as 'YYYY-MM'. */
export function lastTwelveMonths(today: string) {
	return Array.from({ length: 12 }, (_, i) => monthOf(today, i - 11))
}

/** The first day of the oldest of the 12 months, 'YYYY-MM-DD': where the spend query starts. */
export const spendStart = (today: string) => `${monthOf(today, -11)}-01`

/**
 * Spend in each of the last 12 months, oldest first: the sums per month the database gave, a month
 * without any counted as ₦0, and months outside the window left out.
 */
export function spendByMonth(rows: ReadonlyArray<{ month: string; amount: number }>, today: string) {
	const sums = new Map<string, number>()
	for (const row of rows) sums.set(row.month, (sums.get(row.month) ?? 0) + row.amount)
	const months = lastTwelveMonths(today).map((month) => ({ month, amount: sums.get(month) ?? 0 }))
	return {
		months,
		this_month: months[11]!.amount,
		total: months.reduce((sum, m) => sum + m.amount, 0),
	}
}

type Cover = { category: Category; status: 'pending' | 'active'; coverEnd: string }

/** Live cover is active and its period not ended; pending cover waits for its details and has not ended either. */
export const isLive = (p: Pick<Cover, 'status' | 'coverEnd'>, today: string) => p.status === 'active' && p.coverEnd >= today
export const isWaiting = (p: Pick<Cover, 'status' | 'coverEnd'>, today: string) => p.status === 'pending' && p.coverEnd >= today

/**
 * Live cover counted by line, in the catalogue's order of lines (a line with none is left out), and
 * waiting cover in all: from the database's counts of live and waiting cover per product (isLive and
 * isWaiting, counted in SQL), several products to a line.
 */
export function coverByLine(counts: ReadonlyArray<{ category: Category; active: number; pending: number }>) {
	const sum = (of: typeof counts) => of.reduce((n, c) => n + c.active, 0)
	return {
		active: sum(counts),
		pending: counts.reduce((n, c) => n + c.pending, 0),
		by_line: CATEGORIES.map((category) => ({ category, active: sum(counts.filter((c) => c.category === category)) })).filter(
			(line) => line.active > 0,
		),
	}
}

/** The number of whole days from one day to another. */
function daysBetween(from: string, to: string) {
	return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000)
}

/** Live cover whose last day is within the window: today up to `windowDays` days on. */
export function isRenewalDue(p: Pick<Cover, 'status' | 'coverEnd'>, today: string, windowDays = RENEWAL_WINDOW_DAYS) {
	return isLive(p, today) && daysBetween(today, p.coverEnd) <= windowDays
}
