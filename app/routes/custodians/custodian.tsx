import { useLoaderData } from 'react-router'
import { Link } from '#app/components/ui/link.tsx'
import { DependantList, PolicyRecords } from '#app/components/person-cover.tsx'
import { buttonClass } from '#app/components/ui/form.tsx'
import { Panel } from '#app/components/ui/panel.tsx'
import { StatusBadge } from '#app/components/ui/status-badge.tsx'
import { orNotFound } from '#app/server/api-errors.server.ts'
import { requirePermission } from '#app/server/auth.server.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
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
				{c.policies.length ? <PolicyRecords policies={c.policies} /> : <p className="text-slate-600">{NO_CUSTODIAN}.</p>}
			</Panel>
			<Panel id="custodian-dependants" title="Dependants">
				<DependantList dependants={c.dependants} />
			</Panel>
			<Link to={`/employees/${c.id}`} className={buttonClass('secondary')}>
				Staff record
			</Link>
		</div>
	)
}
