import { Link, useLoaderData } from 'react-router'
import { buttonClass } from '#app/components/ui/form.tsx'
import { Panel } from '#app/components/ui/panel.tsx'
import { StatusBadge } from '#app/components/ui/status-badge.tsx'
import { Cell, ResponsiveTable } from '#app/components/ui/table.tsx'
import { formatDate } from '#app/lib/greeting.ts'
import { orNotFound } from '#app/server/api-errors.server.ts'
import { requirePermission } from '#app/server/auth.server.ts'
import { apiFrom } from '#app/server/insurer.server.ts'
import type { Route } from './+types/custodian'
import { NO_CUSTODIAN } from './custodian-required.tsx'

export const meta: Route.MetaFunction = () => [{ title: 'Custodian · Cover Portal' }]

export async function loader(args: Route.LoaderArgs) {
	await requirePermission(args, 'employees.view')
	const { data: custodian } = await orNotFound(apiFrom(args.context).getEmployee(args.params.custodianId), NO_CUSTODIAN)
	return { custodian }
}

/** A custodian's policies and the dependants their cover holds. */
export default function Custodian() {
	const { custodian: c } = useLoaderData<typeof loader>()
	return (
		<div className="space-y-6">
			<div className="flex flex-wrap items-center gap-3">
				<h1 className="text-2xl font-bold">
					{c.first_name} {c.last_name}
				</h1>
				<StatusBadge kind="employee" status={c.status} />
			</div>
			<Panel id="custodian-policies" title="Policies">
				{c.policies.length ? (
					<ResponsiveTable caption="Policies and plans" columns={['Policy number', 'Product', 'Role', 'Status']}>
						{c.policies.map((p) => (
							<tr key={`${p.policy_id}-${p.role}`}>
								<Cell label="Policy number" header>
									<Link to={`/mycover/${p.policy_id}`} className="text-brand-700 underline">
										{p.policy_number}
									</Link>
								</Cell>
								<Cell label="Product">{p.product_name}</Cell>
								<Cell label="Role">{p.role === 'custodian' ? 'Custodian' : 'Member of the staff plan'}</Cell>
								<Cell label="Status">
									<StatusBadge kind="employee" status={p.status} />
								</Cell>
							</tr>
						))}
					</ResponsiveTable>
				) : (
					<p className="text-slate-600">{NO_CUSTODIAN}.</p>
				)}
			</Panel>
			<Panel id="custodian-dependants" title="Dependants">
				{c.dependants.length ? (
					<ul className="divide-y divide-slate-100">
						{c.dependants.map((d) => (
							<li key={d.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
								<span>
									{d.first_name} {d.last_name} ({d.relationship}), born {formatDate(d.date_of_birth)}
								</span>
								<Link to={`/mycover/custodian/remove-dependant/${d.id}`} className="text-sm text-brand-700 underline">
									Remove<span className="sr-only"> {d.first_name}</span>
								</Link>
							</li>
						))}
					</ul>
				) : (
					<p className="text-slate-600">No dependants.</p>
				)}
			</Panel>
			<Link to={`/employees/${c.id}`} className={buttonClass('secondary')}>
				Staff record
			</Link>
		</div>
	)
}
