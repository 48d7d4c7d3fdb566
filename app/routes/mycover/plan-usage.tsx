import { useLoaderData } from 'react-router'
import { Link } from '#app/components/ui/link.tsx'
import { INCIDENT_TYPES } from '#api/contract/catalogue.ts'
import type { PlanUsage as Usage } from '#api/contract/claims.ts'
import { panelClass } from '#app/components/ui/panel.tsx'
import { UsageChart } from '#app/components/ui/usage-chart.tsx'
import { formatNairaFull } from '#app/lib/money.ts'
import { plural } from '#app/lib/plural.ts'
import { orNotFound } from '#app/server/api-errors.server.ts'
import { requirePermission } from '#app/server/auth.server.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
import type { Route } from './+types/plan-usage'

export const meta: Route.MetaFunction = () => [{ title: 'Plan usage · Cover Portal' }]

/** Claims used per member and per benefit (incident type) against the plan's limits, with a chart drawn on the server. */
export async function loader(args: Route.LoaderArgs) {
	await requirePermission(args, 'claims.view')
	const usage = (await orNotFound(apiFrom(args.context).getPlanUsage(args.params.planId), 'We could not find that plan.')).data
	return { usage }
}

/** A staff plan's members the chart leaves out: those who have claimed nothing, and past the most, those who claimed less. */
function MembersNote({ usage }: { usage: Usage }) {
	const quiet = usage.members_without_claims
	if (quiet === null) return null
	const shown = usage.by_member.length
	const lines = [
		!shown
			? quiet
				? `None of its ${plural(quiet, 'member')} has claimed yet.`
				: 'No member has claimed yet.'
			: quiet
				? `${plural(quiet, 'other member')} ${quiet === 1 ? 'has' : 'have'} claimed nothing yet.`
				: null,
		usage.claimants > shown ? `These are the ${shown} who have claimed the most, of ${usage.claimants} who have claimed.` : null,
	].filter(Boolean)
	return lines.length ? <p className="mt-3 text-sm text-slate-700">{lines.join(' ')}</p> : null
}

export default function PlanUsage() {
	const { usage } = useLoaderData<typeof loader>()
	const health = usage.category === 'health'
	return (
		<div className="space-y-6">
			<div>
				<p className="text-sm">
					<Link to={`/mycover/${usage.policy_id}`} className="text-brand-700 underline">
						{usage.policy_number}
					</Link>
				</p>
				<h1 className="text-2xl font-bold">Usage of {usage.product_name}</h1>
				<p className="mt-1 text-slate-700">
					{formatNairaFull(usage.total_used)} claimed so far.{' '}
					<Link to={`/claims/${usage.policy_id}`} className="text-brand-700 underline">
						See its claims
					</Link>
				</p>
			</div>
			<section className={panelClass} aria-labelledby="by-incident">
				<h2 id="by-incident" className="mb-3 font-semibold">
					{health ? 'Per benefit' : 'Against the claim limit'}
				</h2>
				<UsageChart
					title={health ? 'Claims per benefit against the limits' : 'Claims against the claim limit'}
					bars={usage.by_incident.map((b) => ({ label: INCIDENT_TYPES[b.incident_type], used: b.used, limit: b.limit }))}
				/>
			</section>
			<section className={panelClass} aria-labelledby="by-member">
				<h2 id="by-member" className="mb-3 font-semibold">
					{health ? 'Per member' : 'Per claimant'}
				</h2>
				{usage.by_member.length ? (
					<UsageChart
						title="Claims per member against the limit each"
						bars={usage.by_member.map((m) => ({ label: m.name, used: m.used, limit: m.limit }))}
					/>
				) : null}
				<MembersNote usage={usage} />
			</section>
			<section className={panelClass} aria-labelledby="limits">
				<h2 id="limits" className="mb-2 font-semibold">
					The plan's limits
				</h2>
				<ul className="list-disc pl-5 text-sm">
					{usage.limits.map((l) => (
						<li key={l.label}>
							{l.label}: {formatNairaFull(l.amount)}
						</li>
					))}
				</ul>
			</section>
		</div>
	)
}
