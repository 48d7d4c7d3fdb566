import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import {
	adjustment,
	billedFrom,
	billedTo,
	billsAnyone,
	billsMonth,
	dueOn,
	invoiceLines,
	invoiceMove,
	nextBill,
	invoiceNumber,
	planBillingDay,
	planDays,
	pausesOn,
	payRefusal,
	periodBilledOn,
	retryDue,
	statusOn,
	totalOf,
	totalsSplit,
} from './billing.ts'
import { addDays, addMonths } from './policies.ts'
import { leavingDates, replacementDates } from './staff-lifecycle.ts'

describe('who is billed for a month (docs/decisions/095)', () => {
	test('a member added mid-month starts on the 1st of the next; one added on the 1st is billed that month', () => {
		expect(billedFrom('2026-03-15')).toBe('2026-04-01')
		expect(billedFrom('2026-03-01')).toBe('2026-03-01')
		expect(billsMonth({ firstDay: '2026-03-15', lastDay: null }, '2026-03-01')).toBe(false)
		expect(billsMonth({ firstDay: '2026-03-15', lastDay: null }, '2026-04-01')).toBe(true)
	})

	test('a member removed stays to the end of the month: that month is billed, the next is not', () => {
		expect(billedTo('2026-05-10')).toBe('2026-05-31')
		const span = { firstDay: '2026-01-01', lastDay: '2026-05-10' }
		expect(billsMonth(span, '2026-05-01')).toBe(true)
		expect(billsMonth(span, '2026-06-01')).toBe(false)
	})

	test('a month bills anyone only when one of the spans is billed in it; nobody at all bills no month', () => {
		const spans = [
			{ firstDay: '2026-03-15', lastDay: '2026-05-10' },
			{ firstDay: '2026-08-01', lastDay: null },
		]
		expect(billsAnyone(spans, '2026-03-01')).toBe(false)
		expect(billsAnyone(spans, '2026-04-01')).toBe(true)
		expect(billsAnyone(spans, '2026-06-01')).toBe(false)
		expect(billsAnyone(spans, '2026-07-01')).toBe(false)
		expect(billsAnyone(spans, '2026-08-01')).toBe(true)
		expect(billsAnyone([], '2026-08-01')).toBe(false)
	})

	test("a replacement: the leaver's last month and the joiner's first follow each other, one person a month", () => {
		const { leaverLastDay, joinerFirstDay } = replacementDates('2026-07-19')
		const leaver = { firstDay: '2026-01-01', lastDay: leaverLastDay }
		const joiner = { firstDay: joinerFirstDay, lastDay: null }
		for (const month of ['2026-06-01', '2026-07-01', '2026-08-01', '2026-09-01']) {
			expect(Number(billsMonth(leaver, month)) + Number(billsMonth(joiner, month))).toBe(1)
		}
	})

	test('worked example: 3 members at ₦3,500 and a dependant in March 2026 is ₦14,000, a line each', () => {
		const lines = invoiceLines({
			monthStart: '2026-03-01',
			rate: 3_500,
			members: [
				{ id: 'a', name: 'Ada Obi', firstDay: '2026-01-01', lastDay: null },
				{ id: 'b', name: 'Bola Ade', firstDay: '2026-02-10', lastDay: '2026-03-31' },
				{ id: 'c', name: 'Chidi Eze', firstDay: '2026-02-01', lastDay: leavingDates('2026-03-04').lastCoveredDay },
				// Joined mid-March: billed from April.
				{ id: 'd', name: 'Dayo Bello', firstDay: '2026-03-16', lastDay: null },
			],
			dependants: [{ id: 'e', name: 'Efe Obi', principal: 'Ada Obi', firstDay: '2026-02-20', lastDay: null }],
		})
		expect(lines.map((l) => [l.kind, l.description, l.amount])).toEqual([
			['member', 'Ada Obi, member, March 2026', 3_500],
			['member', 'Bola Ade, member, March 2026', 3_500],
			['member', 'Chidi Eze, member, March 2026', 3_500],
			['dependant', 'Efe Obi, dependant of Ada Obi, March 2026', 3_500],
		])
		expect(totalOf(lines)).toBe(14_000)
	})

	test('the rate is whole Naira: a fraction is refused, not rounded silently', () => {
		expect(() => invoiceLines({ monthStart: '2026-03-01', rate: 3_500.5, members: [], dependants: [] })).toThrow(RangeError)
	})

	test('a run on any day of a month bills the month before', () => {
		expect(periodBilledOn('2026-04-01')).toEqual({ start: '2026-03-01', end: '2026-03-31' })
		expect(periodBilledOn('2026-01-20')).toEqual({ start: '2025-12-01', end: '2025-12-31' })
	})
})

type Change = { kind: 'join' | 'leave' | 'replace'; day: number; who: number }

describe('a year of a staff plan (property)', () => {
	// Random joins, leaves and replacements decided on days of 2026, through the staff register's own
	// calendar. The oracle is independent of the rules: a month is owed for whoever is covered on its 1st.
	test('twelve monthly invoices add up to the member-months, whatever happens in the year', () => {
		const change = fc.record({
			kind: fc.constantFrom<Change['kind']>('join', 'leave', 'replace'),
			day: fc.integer({ min: 0, max: 364 }),
			who: fc.nat(50),
		})
		fc.assert(
			fc.property(
				fc.integer({ min: 1, max: 8 }),
				fc.array(change, { maxLength: 30 }),
				fc.integer({ min: 1, max: 30_000 }),
				(start, changes, rate) => {
					const people: { id: string; firstDay: string; lastDay: string | null }[] = []
					for (let i = 0; i < start; i++) people.push({ id: `p${i}`, firstDay: '2026-01-01', lastDay: null })
					for (const c of [...changes].sort((a, b) => a.day - b.day)) {
						const today = addDays('2026-01-01', c.day)
						const staying = people.filter((p) => p.lastDay === null && p.firstDay <= today)
						if (c.kind === 'join') people.push({ id: `p${people.length}`, firstDay: today, lastDay: null })
						else if (staying.length) {
							const leaver = staying[c.who % staying.length]!
							if (c.kind === 'leave') leaver.lastDay = leavingDates(today).lastCoveredDay
							else {
								const { leaverLastDay, joinerFirstDay } = replacementDates(today)
								leaver.lastDay = leaverLastDay
								people.push({ id: `p${people.length}`, firstDay: joinerFirstDay, lastDay: null })
							}
						}
					}
					const members = people.map((p) => ({ ...p, name: p.id }))
					let billed = 0
					let invoices = 0
					let memberMonths = 0
					for (let m = 0; m < 12; m++) {
						const monthStart = addMonths('2026-01-01', m)
						billed += totalOf(invoiceLines({ monthStart, rate, members, dependants: [] }))
						invoices++
						// Owed: everyone covered on the month's 1st.
						memberMonths += people.filter((p) => p.firstDay <= monthStart && (p.lastDay === null || monthStart <= p.lastDay)).length
					}
					expect(invoices).toBe(12)
					expect(billed).toBe(memberMonths * rate)
				},
			),
			{ numRuns: 200 },
		)
	})
})

describe("an invoice's life", () => {
	test('issued, then paid; open falls overdue; void only before paid', () => {
		expect(invoiceMove('draft', 'issue')).toBe('open')
		expect(invoiceMove('open', 'pay')).toBe('paid')
		expect(invoiceMove('overdue', 'pay')).toBe('paid')
		expect(invoiceMove('open', 'fall_overdue')).toBe('overdue')
		expect(invoiceMove('paid', 'void')).toBeNull()
		expect(invoiceMove('paid', 'pay')).toBeNull()
		expect(invoiceMove('draft', 'pay')).toBeNull()
	})

	test('due 7 days after issue; retried 1, 3 and 7 days past due; paused 14 days past due', () => {
		expect(dueOn('2026-04-01')).toBe('2026-04-08')
		expect(pausesOn('2026-04-08')).toBe('2026-04-22')
		expect(retryDue('2026-04-08', '2026-04-08', 0)).toBe(false)
		expect(retryDue('2026-04-08', '2026-04-09', 0)).toBe(true)
		expect(retryDue('2026-04-08', '2026-04-10', 1)).toBe(false)
		expect(retryDue('2026-04-08', '2026-04-11', 1)).toBe(true)
		expect(retryDue('2026-04-08', '2026-04-30', 3)).toBe(false)
		expect(statusOn('open', '2026-04-08', '2026-04-09')).toBe('overdue')
		expect(statusOn('open', '2026-04-08', '2026-04-08')).toBe('open')
	})

	test('numbers per kind, six digits; adjustments are an invoice or a credit note', () => {
		expect(invoiceNumber('invoice', 12)).toBe('INV-000012')
		expect(invoiceNumber('credit_note', 3)).toBe('CN-000003')
		expect(adjustment(10_000, 7_000)).toEqual({ kind: 'credit_note', amount: 3_000 })
		expect(adjustment(10_000, 13_500)).toEqual({ kind: 'invoice', amount: 3_500 })
		expect(adjustment(10_000, 10_000)).toBeNull()
	})

	test('what cannot be paid says why', () => {
		expect(payRefusal({ kind: 'invoice', status: 'paid', balance: 0 })).toMatch(/already paid/)
		expect(payRefusal({ kind: 'credit_note', status: 'paid', balance: 0 })).toMatch(/credit note/)
		expect(payRefusal({ kind: 'invoice', status: 'overdue', balance: 100 })).toBeNull()
	})
})

describe('totalsSplit: whole months from the running totals, the days either side from the invoices', () => {
	test('no range is every month and no days', () => {
		expect(totalsSplit({ from: null, to: null })).toEqual({ months: { from: null, to: null }, days: [] })
	})

	test('ends on a first and a last day are whole months', () => {
		expect(totalsSplit({ from: '2026-03-01', to: '2026-05-31' })).toEqual({ months: { from: '2026-03-01', to: '2026-05-01' }, days: [] })
		expect(totalsSplit({ from: '2024-02-01', to: '2024-02-29' })).toEqual({ months: { from: '2024-02-01', to: '2024-02-01' }, days: [] })
	})

	test('ends within a month leave their days to the invoices', () => {
		expect(totalsSplit({ from: '2026-03-15', to: '2026-06-10' })).toEqual({
			months: { from: '2026-04-01', to: '2026-05-01' },
			days: [
				{ from: '2026-03-15', to: '2026-03-31' },
				{ from: '2026-06-01', to: '2026-06-10' },
			],
		})
		expect(totalsSplit({ from: null, to: '2026-12-30' })).toEqual({
			months: { from: null, to: '2026-11-01' },
			days: [{ from: '2026-12-01', to: '2026-12-30' }],
		})
		expect(totalsSplit({ from: '2025-12-31', to: null })).toEqual({
			months: { from: '2026-01-01', to: null },
			days: [{ from: '2025-12-31', to: '2025-12-31' }],
		})
	})

	test('a range with no whole month in it is read as days alone', () => {
		expect(totalsSplit({ from: '2026-03-15', to: '2026-04-10' })).toEqual({
			months: null,
			days: [{ from: '2026-03-15', to: '2026-04-10' }],
		})
		expect(totalsSplit({ from: '2026-03-01', to: '2026-03-30' })).toEqual({
			months: null,
			days: [{ from: '2026-03-01', to: '2026-03-30' }],
		})
		expect(totalsSplit({ from: '2026-05-01', to: '2026-03-31' })).toEqual({
			months: null,
			days: [{ from: '2026-05-01', to: '2026-03-31' }],
		})
	})

	test('every day is counted once: by its month when the month is whole inside the range, else by a day range', () => {
		const day = fc.integer({ min: 0, max: 1500 }).map((n) => addDays('2024-01-01', n))
		fc.assert(
			fc.property(fc.option(day, { nil: null }), fc.option(day, { nil: null }), day, (from, to, d) => {
				const { months, days } = totalsSplit({ from, to })
				const inside = (r: { from: string | null; to: string | null }, x: string) =>
					(r.from === null || r.from <= x) && (r.to === null || x <= r.to)
				const byMonth = months !== null && inside(months, `${d.slice(0, 8)}01`) ? 1 : 0
				const byDays = days.filter((r) => inside(r, d)).length
				expect(byMonth + byDays).toBe(inside({ from, to }, d) ? 1 : 0)
			}),
		)
	})
})

describe('nextBill', () => {
	// Decision 161: the run bills each month on the 1st after it (decision 095).
	const plan = { start: '2026-01-03', coverEnd: '2027-01-02', endedOn: null, plans: 1 }

	test("is this month's, issued on the next 1st and due a week later, for every plan billed this month", () => {
		expect(nextBill([plan, { ...plan, start: '2026-06-01', plans: 3 }], '2026-11-25')).toEqual({
			month: '2026-11-01',
			issued_on: '2026-12-01',
			due_on: '2026-12-08',
			plans: 4,
		})
	})

	test('leaves out a plan that starts later, and is its first whole month when no plan is billed before', () => {
		const later = { ...plan, start: '2026-11-20', coverEnd: '2027-11-19', plans: 2 }
		expect(nextBill([plan, later], '2026-11-25')?.plans).toBe(1)
		// Bought on the 20th: November is free, December is billed on 1 January.
		expect(nextBill([later], '2026-11-25')).toEqual({ month: '2026-12-01', issued_on: '2027-01-01', due_on: '2027-01-08', plans: 2 })
		// Starting on a 1st, that month is billed.
		expect(nextBill([{ ...plan, start: '2026-12-01' }], '2026-11-25')?.month).toBe('2026-12-01')
	})

	test('bills the month a plan ends in, and not after the day before it was ended', () => {
		expect(nextBill([{ ...plan, coverEnd: '2026-11-02' }], '2026-11-25')?.month).toBe('2026-11-01')
		expect(nextBill([{ ...plan, coverEnd: '2026-10-31' }], '2026-11-25')).toBeNull()
		// Ended from 1 November: its last day was 31 October, billed on 1 November already.
		expect(nextBill([{ ...plan, endedOn: '2026-11-01' }], '2026-11-25')).toBeNull()
		// Ended from the 15th: November is still billed, whole.
		expect(nextBill([{ ...plan, endedOn: '2026-11-15' }], '2026-11-25')?.plans).toBe(1)
	})

	test('is null with no plan billed', () => {
		expect(nextBill([], '2026-11-25')).toBeNull()
	})
})

describe('planDays: a staff plan’s own days of cover', () => {
	const plan = { coverStart: '2026-03-01', coverEnd: '2027-02-28', activatedOn: null, endedOn: null }

	test('from its activation, never before its cover, to its cover end or the day before its end', () => {
		expect(planDays(plan)).toEqual({ start: '2026-03-01', end: '2027-02-28' })
		expect(planDays({ ...plan, activatedOn: '2026-03-10' })).toEqual({ start: '2026-03-10', end: '2027-02-28' })
		expect(planDays({ ...plan, activatedOn: '2026-02-20' }).start).toBe('2026-03-01')
		expect(planDays({ ...plan, endedOn: '2026-11-15' }).end).toBe('2026-11-14')
		expect(planDays({ ...plan, endedOn: '2027-06-01' }).end).toBe('2027-02-28')
	})
})

describe('planBillingDay: the next_billing_date of a staff plan', () => {
	const plan = {
		kind: 'plan',
		status: 'active',
		coverStart: '2026-03-01',
		coverEnd: '2027-02-28',
		activatedOn: '2026-03-01',
		endedOn: null,
	} as const

	test('is the 1st after this month for a plan billed this month, not the day after its period', () => {
		expect(planBillingDay(plan, '2026-11-25')).toBe('2026-12-01')
		expect(planBillingDay(plan, '2026-12-01')).toBe('2027-01-01')
	})

	test('counts from activation: a plan activated mid-month is first billed for its first whole month', () => {
		expect(planBillingDay({ ...plan, coverStart: '2026-11-01', activatedOn: '2026-11-10' }, '2026-11-25')).toBe('2027-01-01')
	})

	test('stops with the plan: after its last month, or its end', () => {
		expect(planBillingDay({ ...plan, coverEnd: '2026-10-31' }, '2026-11-25')).toBeNull()
		expect(planBillingDay({ ...plan, endedOn: '2026-11-01' }, '2026-11-25')).toBeNull()
		expect(planBillingDay({ ...plan, endedOn: '2026-11-15' }, '2026-11-25')).toBe('2026-12-01')
	})

	test('is null for a policy, paid when bought, and for a plan waiting for activation', () => {
		expect(planBillingDay({ ...plan, kind: 'policy' }, '2026-11-25')).toBeNull()
		expect(planBillingDay({ ...plan, status: 'pending', activatedOn: null }, '2026-11-25')).toBeNull()
	})
})
