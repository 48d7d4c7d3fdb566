/** The seeded role that holds everything; a business always keeps one active member with it. */
export const OWNER_ROLE = 'Owner'

/**
 * What `wanted` holds that `held` does not. Nobody may create a role, or hand one out, with
 * permissions they lack themselves, so team.manage can never be turned into more.
 */
export function permissionsBeyond(held: readonly string[], wanted: readonly string[]) {
	return wanted.filter((p) => !held.includes(p))
}

/** Role names are unique per business, seeded names included, whatever their case or spacing. */
export function sameRoleName(a: string, b: string) {
	const key = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase()
	return key(a) === key(b)
}

/** Would this change to a member leave the business with no active Owner? */
export function leavesNoActiveOwner(change: { wasActiveOwner: boolean; staysActiveOwner: boolean; otherActiveOwners: number }) {
	return change.wasActiveOwner && !change.staysActiveOwner && change.otherActiveOwners === 0
}

/** What an edit of a role changes, in words for the activity log; empty when nothing changes. */
export function describeRoleChange(
	before: { name: string; description: string; permissions: readonly string[] },
	after: { name: string; description: string; permissions: readonly string[] },
) {
	const parts: string[] = []
	if (before.name !== after.name) parts.push(`renamed it to ${after.name}`)
	if (before.description !== after.description) parts.push('changed its description')
	const added = after.permissions.filter((p) => !before.permissions.includes(p))
	const removed = before.permissions.filter((p) => !after.permissions.includes(p))
	if (added.length) parts.push(`added ${added.join(', ')}`)
	if (removed.length) parts.push(`removed ${removed.join(', ')}`)
	return parts
}
