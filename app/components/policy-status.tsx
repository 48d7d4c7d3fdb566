import type { Policy } from '#api/contract/purchases.ts'
import { StatusBadge } from '#app/components/ui/status-badge.tsx'
import { policyStatusKey } from '#app/lib/statuses.ts'

type Flags = Pick<Policy, 'state' | 'awaiting_inspection'>

/** A policy's badge: its flags folded into one status of the one map. */
export function PolicyStatusBadge({ policy }: { policy: Flags }) {
	return <StatusBadge kind="policy" status={policyStatusKey(policy)} />
}

const COVER_DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })

/** A cover day (YYYY-MM-DD) as people in Nigeria read it: '21 Nov 2026'. One formatter, made once. */
export function coverDay(day: string) {
	return COVER_DAY.format(new Date(`${day}T00:00:00Z`))
}
