import { useLoaderData } from 'react-router'
import { formatDayTime } from '#api/contract/dates.ts'
import { Link } from '#app/components/ui/link.tsx'
import { panelClass } from '#app/components/ui/panel.tsx'
import { StatusBadge } from '#app/components/ui/status-badge.tsx'
import { Cell, ResponsiveTable } from '#app/components/ui/table.tsx'
import { orDeskLogin, requireOperator } from '#app/server/desk.server.ts'
import type { Route } from './+types/inspections'
import { DeskFrame } from './layout.tsx'
import { DeskStatusFilter } from './status-filter.tsx'

export const meta: Route.MetaFunction = () => [{ title: 'Inspections queue · Claims desk' }]

/** Pre-inspections waiting for review first, oldest submission first; any status on asking. */
export async function loader(args: Route.LoaderArgs) {
	const { api, name } = await requireOperator(args)
	const status = new URL(args.request.url).searchParams.get('status') ?? 'submitted'
	const inspections = (await orDeskLogin(args, api.getDeskInspections(status || undefined))).data
	return { inspections, status, name }
}

export default function DeskInspections() {
	const { inspections, status, name } = useLoaderData<typeof loader>()
	return (
		<DeskFrame name={name}>
			<h1 className="text-2xl font-bold">Inspections queue</h1>
			<DeskStatusFilter id="inspection-status" kind="inspection" status={status} />
			<div className={panelClass}>
				{inspections.length === 0 ? (
					<p>Nothing waiting here.</p>
				) : (
					<ResponsiveTable caption="Pre-inspections" columns={['Policy', 'Business', 'Item', 'Sent', 'Status']}>
						{inspections.map((i) => (
							<tr key={i.id}>
								<Cell label="Policy" header>
									<Link to={`/ops/inspections/${i.id}`} className="font-medium text-brand-700 underline">
										{i.policy_number}
									</Link>
									<span className="block text-xs text-slate-600">{i.product_name}</span>
								</Cell>
								<Cell label="Business">{i.business}</Cell>
								<Cell label="Item">{i.item ?? '—'}</Cell>
								<Cell label="Sent">{i.submitted_at ? formatDayTime(i.submitted_at) : '—'}</Cell>
								<Cell label="Status">
									<StatusBadge kind="inspection" status={i.status} />
								</Cell>
							</tr>
						))}
					</ResponsiveTable>
				)}
			</div>
		</DeskFrame>
	)
}
