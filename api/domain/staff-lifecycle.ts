import { formatDay } from '../contract/dates.ts'
import type { EmployeeFilter, EmployeeStatus, LeaveKind } from '../contract/employees.ts'
import { addDays, addMonths } from './policies.ts'

// The staff register's lifecycle (docs/decisions/050-staff-lifecycle.md). A decision to end someone's
// cover is stored as the last day covered; the spec's flags are read from that date against today, so
// a pending change becomes final on its date with no job to run, and a clock that tests move is enough.

/** The last day of the month `day` is in. */
export function endOfMonth(day: string) {
	return addDays(addMonths(firstOfMonth(day), 1), -1)
}

export const firstOfMonth = (day: string) => `${day.slice(0, 8)}01`

/** The 1st of the month after `day`'s. */
export const firstOfNextMonth = (day: string) => addMonths(firstOfMonth(day), 1)

/**
 * When a decision made today takes effect. The spec: a replacement takes effect at the start of the
 * next month, the person leaving covered to the end of this one. Deactivation and removal follow the
 * same calendar, so a plan's members change only at a month's boundary, where billing counts them.
 */
export function leavingDates(today: string) {
	return { lastCoveredDay: endOfMonth(today), effectiveOn: firstOfNextMonth(today) }
}

/** A replacement: the leaver's last day and the joiner's first, which follow each other. */
export function replacementDates(today: string) {
	const { lastCoveredDay, effectiveOn } = leavingDates(today)
	return { leaverLastDay: lastCoveredDay, joinerFirstDay: effectiveOn }
}

export type Lifecycle = { enrolledOn: string; leavesOn: string | null; leaveKind: LeaveKind | null }

const PENDING: Record<LeaveKind, EmployeeStatus> = {
	deactivated: 'to_be_deactivated',
	removed: 'to_be_removed',
	replaced: 'to_be_terminated',
}
const FINAL: Record<LeaveKind, EmployeeStatus> = { deactivated: 'is_deactivated', removed: 'is_terminated', replaced: 'is_terminated' }

/** A member's status on `today`: leaving is pending up to and on the last covered day, final from the day after. */
export function employeeStatus(member: Lifecycle, today: string): EmployeeStatus {
	if (member.leavesOn && member.leaveKind) return member.leavesOn < today ? FINAL[member.leaveKind] : PENDING[member.leaveKind]
	if (member.enrolledOn > today) return 'is_pending'
	return 'active'
}

/** The spec's flags, all of them, each from the stored dates. */
export function employeeFlags(member: Lifecycle, today: string) {
	const status = employeeStatus(member, today)
	return {
		active: status === 'active',
		is_pending: status === 'is_pending',
		to_be_deactivated: status === 'to_be_deactivated',
		to_be_removed: status === 'to_be_removed',
		to_be_terminated: status === 'to_be_terminated',
		is_deactivated: status === 'is_deactivated',
		is_terminated: status === 'is_terminated',
	}
}

export const filterOf = (status: EmployeeStatus): EmployeeFilter =>
	status === 'active' ? 'active' : status === 'is_deactivated' || status === 'is_terminated' ? 'terminated' : 'pending'

/** Covered on `day`: enrolled by then and not past the last covered day. */
export const isCovered = (member: Lifecycle, day: string) => member.enrolledOn <= day && (!member.leavesOn || day <= member.leavesOn)

/** Why a lifecycle step cannot be taken today, or null when it can. */
export function refusal(step: 'deactivate' | 'remove' | 'replace' | 'reactivate', member: Lifecycle, today: string): string | null {
	const status = employeeStatus(member, today)
	if (step === 'reactivate') {
		return status === 'active' || status === 'is_pending' ? 'This member of staff is already active.' : null
	}
	if (status === 'is_deactivated' || status === 'is_terminated') return 'This member of staff has already left. Reactivate them first.'
	if (status !== 'active' && status !== 'is_pending') {
		return `This member of staff already leaves on ${formatDay(member.leavesOn!)}. Reactivate them to cancel that first.`
	}
	return null
}
