// Who a staff member's health cover may also cover (docs/decisions/051-dependant-limits.md).

import type { Relationship } from '../contract/employees.ts'

/** The national scheme's family: a spouse and up to four children under 18. */
export const FAMILY_LIMITS = { spouse: 1, child: 4, childMaxAge: 17 } as const

/** A family plan covers the principal and up to five dependants (catalogue's plan type hint). */
export const FAMILY_PLAN_DEPENDANTS = 5

export type DependantCandidate = { relationship: Relationship; dateOfBirth: string }

/** Whole years from `dateOfBirth` to `today`. */
export function ageOn(dateOfBirth: string, today: string) {
	const years = Number(today.slice(0, 4)) - Number(dateOfBirth.slice(0, 4))
	return today.slice(5) < dateOfBirth.slice(5) ? years - 1 : years
}

/**
 * Why this dependant cannot be added, or null. The family's shape is the national scheme's on every
 * plan; how many fit is the plan type's: a family plan holds five per member, a standard staff plan
 * only the dependant slots the business bought for it, shared by its members (`slotsFree`).
 */
export function dependantRefusal(input: {
	planType: 'standard' | 'family'
	existing: readonly DependantCandidate[]
	candidate: DependantCandidate
	slotsFree: number
	today: string
}): string | null {
	const { candidate, existing, today } = input
	if (candidate.dateOfBirth > today) return 'The date of birth cannot be in the future.'
	if (candidate.relationship !== 'spouse' && candidate.relationship !== 'child') {
		return 'Health cover takes a spouse and children as dependants; parents and siblings need their own policy.'
	}
	const same = existing.filter((d) => d.relationship === candidate.relationship).length
	if (candidate.relationship === 'spouse' && same >= FAMILY_LIMITS.spouse)
		return 'This member of staff already has a spouse on their cover.'
	if (candidate.relationship === 'child') {
		if (ageOn(candidate.dateOfBirth, today) > FAMILY_LIMITS.childMaxAge) return 'Children are covered as dependants until they turn 18.'
		if (same >= FAMILY_LIMITS.child) return 'A member of staff can cover at most four children.'
	}
	if (input.planType === 'family') {
		return existing.length >= FAMILY_PLAN_DEPENDANTS ? 'A family plan covers at most five dependants.' : null
	}
	return input.slotsFree > 0 ? null : 'This staff plan has no dependant slot free. Buy dependant slots on the plan to add one.'
}
