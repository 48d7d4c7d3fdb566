import { useLoaderData } from 'react-router'
import { Link } from '#app/components/ui/link.tsx'
import { INCIDENT_TYPES } from '#api/contract/catalogue.ts'
import { panelClass } from '#app/components/ui/panel.tsx'
import { StatusBadge } from '#app/components/ui/status-badge.tsx'
import { Cell, ResponsiveTable } from '#app/components/ui/table.tsx'
import { formatNairaFull } from '#app/lib/money.ts'
import { formatDayTime } from '#api/contract/dates.ts'
import { orDeskLogin, requireOperator } from '#app/server/desk.server.ts'
import type { Route } from './+types/queue'
import { DeskFrame } from './layout.tsx'
import { DeskStatusFilter } from './status-filter.tsx'

export const meta: Route.MetaFunction = () => [{ title: 'Claims queue · Claims desk' }]

/** The queue: claims waiting on the desk first (in review, approved, rejected offers, accepted offers). */
export async function loader(args: Route.LoaderArgs) {
	const { api, name } = await requireOperator(args)
	const status = new URL(args.request.url).searchParams.get('status') ?? 'documented'
	const claims = (await orDeskLogin(args, api.getDeskQueue(status || undefined))).data
	return { claims, status, name }
}

export default function DeskQueue() {
	const { claims, status, name } = useLoaderData<typeof loader>()
	return (
		<DeskFrame name={name}>
			<h1 className="text-2xl font-bold">Claims queue</h1>
			<DeskStatusFilter id="queue-status" kind="claim" status={status} />
			<div className={panelClass}>
				{claims.length === 0 ? (
					<p>Nothing waiting here.</p>
				) : (
					<ResponsiveTable
						caption="Claims, oldest change first"
						columns={['Claim', 'Business', 'Incident', 'Amount', 'Status', 'Last change']}
					>
						{claims.map((c) => (
							<tr key={c.id}>
								<Cell label="Claim" header>
									<Link to={`/ops/claims/${c.id}`} className="font-medium text-brand-700 underline">
										{c.claim_number}
									</Link>
								</Cell>
								<Cell label="Business">
									{c.business}
									<span className="block text-xs text-slate-600">{c.policy.product_name}</span>
								</Cell>
								<Cell label="Incident">{INCIDENT_TYPES[c.incident_type]}</Cell>
								<Cell label="Amount">{formatNairaFull(c.amount)}</Cell>
								<Cell label="Status">
									<StatusBadge kind="claim" status={c.status} />
								</Cell>
								{/* What the queue is ordered by: how long each claim has waited. */}
								<Cell label="Last change">
									<time dateTime={c.updated_at}>{formatDayTime(c.updated_at)}</time>
								</Cell>
							</tr>
						))}
					</ResponsiveTable>
				)}
			</div>
		</DeskFrame>
	)
}
