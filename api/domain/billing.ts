import { formatMonth } from '../contract/dates.ts'
import type { InvoiceStatus } from '../contract/invoices.ts'
import { formatNairaFull } from '../contract/money.ts'
import { addDays } from './policies.ts'
import { endOfMonth, firstOfMonth, firstOfNextMonth } from './staff-lifecycle.ts'

// The billing of staff plans (docs/decisions/095-billing-of-staff-plans.md): in arrears, one invoice a
// calendar month, per person covered per month at the plan's rate. Membership only changes at a month's
// boundary (decision 050), so a month is billed whole or not at all: no proration. Whole Naira; health
// premiums are VAT-exempt, so an invoice has no tax line. No I/O here.

/** A person's days on a plan, both ends included; lastDay null while they stay. */
export type Span = { firstDay: string; lastDay: string | null }

/** The first day billed: a member who starts on a 1st is billed that month, one who starts later from the next 1st. */
export const billedFrom = (firstDay: string) => (firstDay.endsWith('-01') ? firstDay : firstOfNextMonth(firstDay))

/** The last day billed: whoever leaves stays to the end of that month. */
export const billedTo = (lastDay: string | null) => (lastDay === null ? null : endOfMonth(lastDay))

/** Whether `span` is billed for the month that starts on `monthStart` (a 1st). */
export function billsMonth(span: Span, monthStart: string) {
	const from = billedFrom(span.firstDay)
	const to = billedTo(span.lastDay)
	return from <= monthStart && (to === null || monthStart <= to)
}

/** The calendar month a day is in, as its first and last day. */
export function billingPeriod(day: string) {
	return { start: firstOfMonth(day), end: endOfMonth(day) }
}

/** The month before the one `today` is in: the one a billing run on `today` bills. */
export const periodBilledOn = (today: string) => billingPeriod(addDays(firstOfMonth(today), -1))

/** Whether anyone of `spans` is billed for the month: a month that bills nobody is settled without an invoice. */
export const billsAnyone = (spans: readonly Span[], monthStart: string) => spans.some((s) => billsMonth(s, monthStart))

export type BilledMember = Span & { id: string; name: string }
export type BilledDependant = Span & { id: string; name: string; principal: string }

export type InvoiceLine = {
	kind: 'member' | 'dependant'
	/** The staff row or the dependant billed. */
	subjectId: string
	description: string
	quantity: number
	unitAmount: number
	amount: number
}

/**
 * The lines of one month's invoice: a line per member and per dependant billed that month, at the plan's
 * rate per person per month (decision 051's dependant slots are people on the plan, priced as members).
 */
export function invoiceLines(input: {
	monthStart: string
	rate: number
	members: readonly BilledMember[]
	dependants: readonly BilledDependant[]
}): InvoiceLine[] {
	if (!Number.isSafeInteger(input.rate) || input.rate < 0) throw new RangeError(`A rate must be whole Naira, not ${input.rate}`)
	const month = formatMonth(input.monthStart)
	const lines: InvoiceLine[] = []
	for (const m of [...input.members].sort(byName)) {
		if (!billsMonth(m, input.monthStart)) continue
		lines.push({
			kind: 'member',
			subjectId: m.id,
			description: `${m.name}, member, ${month}`,
			quantity: 1,
			unitAmount: input.rate,
			amount: input.rate,
		})
	}
	for (const d of [...input.dependants].sort(byName)) {
		if (!billsMonth(d, input.monthStart)) continue
		lines.push({
			kind: 'dependant',
			subjectId: d.id,
			description: `${d.name}, dependant of ${d.principal}, ${month}`,
			quantity: 1,
			unitAmount: input.rate,
			amount: input.rate,
		})
	}
	return lines
}

const byName = (a: { name: string; id: string }, b: { name: string; id: string }) =>
	a.name.localeCompare(b.name) || a.id.localeCompare(b.id)

/** The total of some lines: whole Naira in, whole Naira out; premiums carry no VAT. */
export const totalOf = (lines: readonly { amount: number }[]) => lines.reduce((sum, l) => sum + l.amount, 0)

/**
 * A correction of what was billed for a period: more is a new invoice, less a credit note for the
 * difference (never an edit of an issued invoice), nothing is nothing.
 */
export function adjustment(billed: number, due: number): { kind: 'invoice' | 'credit_note'; amount: number } | null {
	if (due === billed) return null
	return due > billed ? { kind: 'invoice', amount: due - billed } : { kind: 'credit_note', amount: billed - due }
}

// The calendar of an invoice (decision 095): issued on the 1st after its month, due 7 days later; the
// wallet is tried at issue and again 1, 3 and 7 days past due; from 14 days past due the plan is paused
// until the invoice is paid.
export const DUE_DAYS = 7
export const RETRY_DAYS = [1, 3, 7] as const
export const GRACE_DAYS = 14

export const dueOn = (issuedOn: string) => addDays(issuedOn, DUE_DAYS)

/**
 * Staff plans as the monthly billing run reads them (api/services/billing/people.ts): the first day they
 * cover (the later of their start and their activation), their cover end, the day they were ended if they
 * were, and how many of the business's live plans share those days.
 */
export type BillablePlans = { start: string; coverEnd: string; endedOn: string | null; plans: number }

/**
 * The next bill of a business's staff plans (docs/decisions/095-billing-of-staff-plans.md, decision 161):
 * the first month, from this one on, that a live plan is billed for; the billing run issues that month's
 * invoices on the 1st after it, due DUE_DAYS later. A plan is billed from its first whole month to the
 * month of its last day (`billsMonth`). How much follows the people on each plan that month, read for one
 * plan by `planNextBill` (api/services/billing/people.ts). Null when no live plan will be billed.
 */
export function nextBill(rows: readonly BillablePlans[], today: string) {
	let month: string | null = null
	let plans = 0
	for (const row of rows) {
		const span = { firstDay: row.start, lastDay: row.endedOn ? minDay(row.coverEnd, addDays(row.endedOn, -1)) : row.coverEnd }
		const first = [billedFrom(row.start), firstOfMonth(today)].sort()[1]!
		if (!billsMonth(span, first)) continue
		if (month === null || first < month) [month, plans] = [first, 0]
		if (first === month) plans += row.plans
	}
	if (month === null) return null
	const issued = firstOfNextMonth(month)
	return { month, issued_on: issued, due_on: dueOn(issued), plans }
}

/** The events that end a staff plan, when not cancelled: the earliest one's day is the first it does not cover. */
export const PLAN_ENDING_EVENTS = ['terminate', 'deactivate'] as const

/** A staff plan's stored facts, as its days of cover follow from them. */
export type PlanFacts = {
	kind: 'policy' | 'plan'
	status: 'pending' | 'active'
	coverStart: string
	coverEnd: string
	activatedOn: string | null
	/** The day of its earliest ending event (PLAN_ENDING_EVENTS), if it has one. */
	endedOn: string | null
}

/** A staff plan's own days of cover, both ends included: from its activation (never before its cover) to its cover end, or the day before it was ended. */
export function planDays(plan: Pick<PlanFacts, 'coverStart' | 'coverEnd' | 'activatedOn' | 'endedOn'>) {
	const start = plan.activatedOn && plan.activatedOn > plan.coverStart ? plan.activatedOn : plan.coverStart
	const end = plan.endedOn ? minDay(plan.coverEnd, addDays(plan.endedOn, -1)) : plan.coverEnd
	return { start, end }
}

/**
 * The day a staff plan's next invoice is issued (`nextBill` over the plan alone): what the contract calls its
 * `next_billing_date`. Null for a policy, paid when bought, and for a plan waiting for activation or one that
 * bills no month more.
 */
export function planBillingDay(plan: PlanFacts, today: string) {
	if (plan.kind !== 'plan' || plan.status !== 'active') return null
	const { start, end } = planDays(plan)
	return nextBill([{ start, coverEnd: end, endedOn: null, plans: 1 }], today)?.issued_on ?? null
}

const minDay = (a: string, b: string) => (a < b ? a : b)

/** The day a plan with this invoice unpaid is paused. */
export const pausesOn = (due: string) => addDays(due, GRACE_DAYS)

/** The retry days (past due) that have come by `today` and were not yet tried: the job tries once for them all. */
export function retryDue(due: string, today: string, attemptsAfterDue: number) {
	const come = RETRY_DAYS.filter((d) => addDays(due, d) <= today).length
	return come > attemptsAfterDue
}

type Move = 'issue' | 'pay' | 'fall_overdue' | 'void'
const MOVES: Record<Move, { from: readonly InvoiceStatus[]; to: InvoiceStatus }> = {
	issue: { from: ['draft'], to: 'open' },
	pay: { from: ['open', 'overdue'], to: 'paid' },
	fall_overdue: { from: ['open'], to: 'overdue' },
	void: { from: ['draft', 'open', 'overdue'], to: 'void' },
}

/** The status an invoice moves to, or null when the move is not allowed from where it is. */
export function invoiceMove(from: InvoiceStatus, move: Move): InvoiceStatus | null {
	const rule = MOVES[move]
	return rule.from.includes(from) ? rule.to : null
}

/** The status of an open invoice on `today`: overdue once its due day has passed. */
export const statusOn = (status: InvoiceStatus, due: string, today: string): InvoiceStatus =>
	status === 'open' && due < today ? 'overdue' : status

/** 'INV-000012' or 'CN-000003': one gapless sequence per business and kind. */
export const invoiceNumber = (kind: 'invoice' | 'credit_note', sequence: number) =>
	`${kind === 'invoice' ? 'INV' : 'CN'}-${String(sequence).padStart(6, '0')}`

/** Why an invoice cannot be paid now, or null. */
export function payRefusal(invoice: { kind: 'invoice' | 'credit_note'; status: InvoiceStatus; balance: number }) {
	if (invoice.kind === 'credit_note') return 'A credit note is not paid: its amount was returned to your wallet.'
	if (invoice.status === 'paid') return 'This invoice is already paid.'
	if (invoice.status === 'void') return 'This invoice was voided and is not due.'
	if (invoice.status === 'draft') return 'This invoice has not been issued yet.'
	if (invoice.balance <= 0) return 'Nothing is left to pay on this invoice.'
	return null
}

/** The words of the refusal of a claim on a plan paused for an unpaid invoice. */
export const pausedClaimMessage = (number: string, balance: number) =>
	`This plan is paused because invoice ${number} (${formatNairaFull(balance)}) is unpaid: pay it from /invoice to make claims again.`

/** Both ends included; null is open. */
export type DayRange = { from: string | null; to: string | null }

/**
 * How the invoice list's totals read a range of period starts (decision 134): the whole months inside
 * it from the running totals (`months`, as the first days of the first and last month; null when no whole
 * month lies inside), and the days at either end that fall short of a whole month from the invoices
 * themselves (`days`). Together they cover the range exactly once.
 */
export function totalsSplit(range: DayRange): { months: DayRange | null; days: DayRange[] } {
	const { from, to } = range
	const firstWhole = from === null ? null : from.endsWith('-01') ? from : firstOfNextMonth(from)
	const lastWhole = to === null ? null : to === endOfMonth(to) ? firstOfMonth(to) : firstOfMonth(addDays(firstOfMonth(to), -1))
	if (firstWhole !== null && lastWhole !== null && firstWhole > lastWhole) return { months: null, days: [{ from, to }] }
	const days: DayRange[] = []
	if (from !== null && firstWhole !== from) days.push({ from, to: addDays(firstWhole!, -1) })
	if (to !== null && lastWhole !== firstOfMonth(to)) days.push({ from: firstOfMonth(to), to })
	return { months: { from: firstWhole, to: lastWhole }, days }
}
