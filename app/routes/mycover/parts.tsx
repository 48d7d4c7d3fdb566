import { Link } from '#app/components/ui/link.tsx'
import type { Policy } from '#api/contract/purchases.ts'

/** Where a pending policy is activated: its own form, or a staff plan's staff sheet (decision 016). */
export const activationPath = (policy: Pick<Policy, 'id' | 'kind'>) =>
	policy.kind === 'plan' ? `/mycover/${policy.id}/activate-staff` : `/mycover/${policy.id}/activate`

/** Above a screen that works on one policy: its number, back to the policy's page. */
export function PolicyCrumb({ policy }: { policy: Pick<Policy, 'id' | 'policy_number'> }) {
	return (
		<p className="text-sm">
			<Link to={`/mycover/${policy.id}`} className="text-brand-700 underline">
				{policy.policy_number}
			</Link>
		</p>
	)
}
