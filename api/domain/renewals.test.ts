import { expect, test } from 'vitest'
import { addDays } from './policies.ts'
import { autoRenewDue, daysToEnd, dueReminder, renewable, renewalPeriod } from './renewals.ts'

const END = '2026-12-31'
const policy = { kind: 'policy' as const, period: 'annual', coverEnd: END, state: 'active' as const }

test('days to the end of cover count the last day as 0 and go negative after it', () => {
	expect(daysToEnd(END, '2026-12-17')).toBe(14)
	expect(daysToEnd(END, END)).toBe(0)
	expect(daysToEnd(END, '2027-01-02')).toBe(-2)
	// Across a month and a leap day.
	expect(daysToEnd('2028-03-01', '2028-02-28')).toBe(2)
})

test('the reminder due is the nearest whose day has come: 14 days before, then 3, none after the end', () => {
	expect(dueReminder(END, addDays(END, -15))).toBeNull()
	expect(dueReminder(END, addDays(END, -14))).toBe(14)
	expect(dueReminder(END, addDays(END, -4))).toBe(14)
	expect(dueReminder(END, addDays(END, -3))).toBe(3)
	expect(dueReminder(END, END)).toBe(3)
	expect(dueReminder(END, addDays(END, 1))).toBeNull()
})

test('auto-renewal is tried from 3 days before the end to the last day', () => {
	expect(autoRenewDue(END, addDays(END, -4))).toBe(false)
	expect(autoRenewDue(END, addDays(END, -3))).toBe(true)
	expect(autoRenewDue(END, END)).toBe(true)
	expect(autoRenewDue(END, addDays(END, 1))).toBe(false)
})

test('a policy is renewable from 14 days before its end to 30 days after', () => {
	expect(renewable(policy, addDays(END, -15))).toBe(false)
	expect(renewable(policy, addDays(END, -14))).toBe(true)
	expect(renewable({ ...policy, state: 'expired' }, addDays(END, 30))).toBe(true)
	expect(renewable({ ...policy, state: 'expired' }, addDays(END, 31))).toBe(false)
	expect(renewable({ ...policy, state: 'paused' }, END)).toBe(true)
})

test('a staff plan, a trip, pending cover and cover ended or being ended on purpose are not renewed', () => {
	const day = addDays(END, -5)
	expect(renewable({ ...policy, kind: 'plan' }, day)).toBe(false)
	expect(renewable({ ...policy, period: null }, day)).toBe(false)
	for (const state of ['pending', 'deactivated', 'terminated', 'to_be_deactivated', 'to_be_terminated'] as const) {
		expect(renewable({ ...policy, state }, day)).toBe(false)
	}
})

test('the new period starts the day after cover ends, or today for cover that ended; months end on the day before', () => {
	expect(renewalPeriod(END, '2026-12-20', 'annual')).toEqual({ start: '2027-01-01', end: '2027-12-31' })
	expect(renewalPeriod(END, END, 'quarterly')).toEqual({ start: '2027-01-01', end: '2027-03-31' })
	expect(renewalPeriod(END, '2027-01-10', 'monthly')).toEqual({ start: '2027-01-10', end: '2027-02-09' })
	// 31 January + 1 month is 28 February: cover ends the day before.
	expect(renewalPeriod('2027-01-30', '2027-01-20', 'monthly')).toEqual({ start: '2027-01-31', end: '2027-02-27' })
})
