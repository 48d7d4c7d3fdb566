import { useLoaderData } from 'react-router'
import { Link } from '#app/components/ui/link.tsx'
import { INCIDENT_TYPES } from '#api/contract/catalogue.ts'
import { panelClass } from '#app/components/ui/panel.tsx'
import { UsageChart } from '#app/components/ui/usage-chart.tsx'
import { formatNairaFull } from '#app/lib/money.ts'
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
				<UsageChart
					title="Claims per member against the limit each"
					bars={usage.by_member.map((m) => ({ label: m.name, used: m.used, limit: m.limit }))}
				/>
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
