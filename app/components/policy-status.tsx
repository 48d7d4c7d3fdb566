import type { Policy } from '#api/contract/purchases.ts'

type Flags = Pick<Policy, 'status' | 'is_expired' | 'is_terminated' | 'is_deactivated' | 'is_paused'>

/** One word for where a policy stands, from the spec's flags (section 3): the first that holds. */
export function policyStatus(policy: Flags) {
	if (policy.is_terminated) return { label: 'Terminated', tone: 'bg-slate-200 text-slate-800' }
	if (policy.is_deactivated) return { label: 'Deactivated', tone: 'bg-slate-200 text-slate-800' }
	if (policy.is_expired) return { label: 'Expired', tone: 'bg-slate-200 text-slate-800' }
	if (policy.is_paused) return { label: 'Paused', tone: 'bg-amber-100 text-amber-900' }
	if (policy.status === 'pending') return { label: 'Pending activation', tone: 'bg-amber-100 text-amber-900' }
	return { label: 'Active', tone: 'bg-emerald-100 text-emerald-900' }
}

export function StatusBadge({ policy }: { policy: Flags }) {
	const { label, tone } = policyStatus(policy)
	return <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${tone}`}>{label}</span>
}

/** A cover day (YYYY-MM-DD) as people in Nigeria read it: '21 Nov 2026'. */
export function coverDay(day: string) {
	return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })
}
