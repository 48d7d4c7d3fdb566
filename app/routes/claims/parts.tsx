import { NavLink } from '#app/components/ui/link.tsx'
import type { Claim } from '#api/contract/claims.ts'

/** The steps of a draft claim, each a link, so a customer moves between them and resumes where they like. */
export function ClaimSteps({ claim }: { claim: Pick<Claim, 'id' | 'needs' | 'claim_number'> }) {
	const base = `/claims/make-claim/${claim.id}`
	const steps = [
		{ to: `${base}/form`, label: 'Details' },
		...(claim.needs.inspection ? [{ to: `${base}/inspection`, label: 'Photos' }] : []),
		...(claim.needs.estimate ? [{ to: `${base}/estimate`, label: 'Estimate' }] : []),
		{ to: `${base}/list`, label: 'Documents' },
	]
	return (
		<nav aria-label={`Steps of claim ${claim.claim_number}`} className="mb-6">
			<ol className="flex gap-2 text-sm">
				{steps.map((step, i) => (
					<li key={step.to} className="flex-1">
						<NavLink
							to={step.to}
							className={({ isActive }) =>
								`block border-t-4 pt-1 ${isActive ? 'border-brand-700 font-semibold text-brand-800' : 'border-slate-200 text-slate-700 underline'}`
							}
						>
							{i + 1}. {step.label}
						</NavLink>
					</li>
				))}
			</ol>
		</nav>
	)
}

/** An error the action returned, beside the form it belongs to. */
export function InlineError({ message }: { message: string | undefined | null }) {
	return message ? (
		<p role="alert" className="mt-2 text-sm text-red-700">
			{message}
		</p>
	) : null
}
