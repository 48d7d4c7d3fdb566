import { expect, test } from 'vitest'
import { dependantRefusal } from './dependants.ts'
import { employeeFlags, employeeStatus, endOfMonth, filterOf, leavingDates, refusal, replacementDates } from './staff-lifecycle.ts'

test('a replacement decided on the 31st: the leaver is covered to that day, the joiner from the 1st', () => {
	expect(replacementDates('2026-01-31')).toEqual({ leaverLastDay: '2026-01-31', joinerFirstDay: '2026-02-01' })
	expect(replacementDates('2026-03-31')).toEqual({ leaverLastDay: '2026-03-31', joinerFirstDay: '2026-04-01' })
})

test('a replacement decided on the 1st still waits for the next month', () => {
	expect(replacementDates('2026-02-01')).toEqual({ leaverLastDay: '2026-02-28', joinerFirstDay: '2026-03-01' })
	expect(replacementDates('2028-02-01')).toEqual({ leaverLastDay: '2028-02-29', joinerFirstDay: '2028-03-01' })
})

test('a replacement in December takes effect in January of the next year', () => {
	expect(replacementDates('2026-12-15')).toEqual({ leaverLastDay: '2026-12-31', joinerFirstDay: '2027-01-01' })
	expect(leavingDates('2026-12-31')).toEqual({ lastCoveredDay: '2026-12-31', effectiveOn: '2027-01-01' })
})

test('end of month for every length of month', () => {
	expect(endOfMonth('2026-04-10')).toBe('2026-04-30')
	expect(endOfMonth('2026-02-28')).toBe('2026-02-28')
	expect(endOfMonth('2026-07-01')).toBe('2026-07-31')
})

test('a removal is pending through its last covered day and final the day after, as the clock moves', () => {
	const member = { enrolledOn: '2026-01-01', leavesOn: '2026-05-31', leaveKind: 'removed' as const }
	expect(employeeStatus(member, '2026-05-10')).toBe('to_be_removed')
	expect(employeeStatus(member, '2026-05-31')).toBe('to_be_removed')
	expect(employeeStatus(member, '2026-06-01')).toBe('is_terminated')
	expect(filterOf(employeeStatus(member, '2026-05-31'))).toBe('pending')
	expect(filterOf(employeeStatus(member, '2026-06-01'))).toBe('terminated')
})

test('deactivation and replacement have their own pending and final flags', () => {
	const deactivated = { enrolledOn: '2026-01-01', leavesOn: '2026-05-31', leaveKind: 'deactivated' as const }
	expect(employeeFlags(deactivated, '2026-05-31')).toMatchObject({ to_be_deactivated: true, is_deactivated: false, active: false })
	expect(employeeFlags(deactivated, '2026-06-01')).toMatchObject({ to_be_deactivated: false, is_deactivated: true })
	const replaced = { enrolledOn: '2026-01-01', leavesOn: '2026-05-31', leaveKind: 'replaced' as const }
	expect(employeeStatus(replaced, '2026-05-20')).toBe('to_be_terminated')
	expect(employeeStatus(replaced, '2026-06-01')).toBe('is_terminated')
})

test('a joiner is pending until their first day, then active', () => {
	const joiner = { enrolledOn: '2026-06-01', leavesOn: null, leaveKind: null }
	expect(employeeStatus(joiner, '2026-05-31')).toBe('is_pending')
	expect(employeeStatus(joiner, '2026-06-01')).toBe('active')
	expect(Object.values(employeeFlags(joiner, '2026-06-01')).filter(Boolean)).toHaveLength(1)
})

test('lifecycle steps refused in the wrong state', () => {
	const active = { enrolledOn: '2026-01-01', leavesOn: null, leaveKind: null }
	const leaving = { enrolledOn: '2026-01-01', leavesOn: '2026-05-31', leaveKind: 'removed' as const }
	expect(refusal('deactivate', active, '2026-05-10')).toBeNull()
	expect(refusal('reactivate', active, '2026-05-10')).toMatch(/already active/)
	expect(refusal('remove', leaving, '2026-05-10')).toBe(
		'This member of staff already leaves on 31 May 2026. Reactivate them to cancel that first.',
	)
	expect(refusal('replace', leaving, '2026-06-02')).toMatch(/already left/)
	expect(refusal('reactivate', leaving, '2026-06-02')).toBeNull()
})

const today = '2026-05-10'
test('dependants: a spouse and four children under 18 on slots bought', () => {
	const child = { relationship: 'child' as const, dateOfBirth: '2015-01-01' }
	const four = [child, child, child, child]
	expect(dependantRefusal({ planType: 'standard', existing: [], candidate: child, slotsFree: 1, today })).toBeNull()
	expect(dependantRefusal({ planType: 'standard', existing: [], candidate: child, slotsFree: 0, today })).toMatch(/no dependant slot/)
	expect(dependantRefusal({ planType: 'family', existing: four, candidate: child, slotsFree: 0, today })).toMatch(/four children/)
	expect(
		dependantRefusal({
			planType: 'family',
			existing: [{ relationship: 'spouse', dateOfBirth: '1990-01-01' }],
			candidate: { relationship: 'spouse', dateOfBirth: '1991-01-01' },
			slotsFree: 0,
			today,
		}),
	).toMatch(/already has a spouse/)
	expect(
		dependantRefusal({
			planType: 'family',
			existing: [],
			candidate: { relationship: 'child', dateOfBirth: '2008-05-10' },
			slotsFree: 0,
			today,
		}),
	).toMatch(/turn 18/)
	expect(
		dependantRefusal({
			planType: 'family',
			existing: [],
			candidate: { relationship: 'child', dateOfBirth: '2008-05-11' },
			slotsFree: 0,
			today,
		}),
	).toBeNull()
	expect(
		dependantRefusal({
			planType: 'family',
			existing: [],
			candidate: { relationship: 'parent', dateOfBirth: '1960-01-01' },
			slotsFree: 3,
			today,
		}),
	).toMatch(/own policy/)
})
