import type { Policy } from '#api/contract/purchases.ts'
import { StatusBadge } from '#app/components/ui/status-badge.tsx'
import { policyStatusKey } from '#app/lib/statuses.ts'

type Flags = Pick<Policy, 'state' | 'awaiting_inspection'>

/** A policy's badge: its flags folded into one status of the one map. */
export function PolicyStatusBadge({ policy }: { policy: Flags }) {
	return <StatusBadge kind="policy" status={policyStatusKey(policy)} />
}
