import { formatDay } from '../contract/dates.ts'
import type { LeaveKind } from '../contract/employees.ts'
import { type Product, productById } from './catalogue/index.ts'

// The words the staff register and a staff plan write into a person's history and a plan's activity list
// (decision 171): one place, so the product and the demo's seed say the same.

type Named = { firstName: string; lastName: string }
type Leaving = { kind: Exclude<LeaveKind, 'replaced'> } | { kind: 'replaced'; joiner: Named }

export const fullName = (e: Named) => `${e.firstName} ${e.lastName}`

export const addedWords = (actor: string, person: Named) => `${actor} added ${fullName(person)} to the staff list`

export const enrolledWords = (plan: { policyNumber: string; productId: number }) =>
	`Enrolled on ${productById(plan.productId as Product['id']).name} staff plan ${plan.policyNumber}`

/** A leaving: removed, deactivated or replaced, by whom, and the last day covered. */
export function leaveWords(leaving: Leaving, actor: string, lastCoveredDay: string) {
	const what =
		leaving.kind === 'replaced'
			? `Replaced by ${fullName(leaving.joiner)} (${actor})`
			: `${leaving.kind === 'removed' ? 'Removed from the staff list' : 'Deactivated'} by ${actor}`
	return `${what}: covered to ${formatDay(lastCoveredDay)}`
}

/** A replacement's joiner. */
export const joinsWords = (leaver: Named, actor: string) => `Joins in place of ${fullName(leaver)} (${actor})`

/** A staff plan's first line, activated by its sheet for the staff on it. */
export const activatedWords = (staff: number) => `Activated for ${staff} staff`
