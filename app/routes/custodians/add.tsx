import { useLoaderData } from 'react-router'
import { formatDayTime } from '#api/contract/dates.ts'
import { Link } from '#app/components/ui/link.tsx'
import { buttonClass } from '#app/components/ui/form.tsx'
import { Panel } from '#app/components/ui/panel.tsx'
import { requirePermission } from '#app/server/auth.server.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
import type { Route } from './+types/add'
import { loadCustodianship } from './manage.server.ts'

export const meta: Route.MetaFunction = () => [{ title: 'Name a custodian · Cover Portal' }]

export async function loader(args: Route.LoaderArgs) {
	await requirePermission(args, 'employees.manage')
	return { custodianship: await loadCustodianship(apiFrom(args.context), args.params.purchaseId) }
}

/** How to name the custodian of a policy: a new person, or someone from the staff list. */
export default function AddCustodian() {
	const { custodianship: c } = useLoaderData<typeof loader>()
	return (
		<div className="space-y-6">
			<h1 className="text-2xl font-bold">Custodian of {c.policy_number}</h1>
			<p className="text-slate-700">
				{c.product_name}.{' '}
				{c.custodian ? (
					<>
						Custodian now:{' '}
						<Link to={`/mycover/custodian/${c.custodian.id}`} className="text-brand-700 underline">
							{c.custodian.first_name} {c.custodian.last_name}
						</Link>
						{c.activated_at ? ', details complete.' : ', details to complete.'}
					</>
				) : (
					'No custodian named yet.'
				)}
			</p>
			<div className="flex flex-wrap gap-3">
				<Link to="from-staff-list" relative="path" className={buttonClass('primary')}>
					Choose from the staff list
				</Link>
				<Link to="new" relative="path" className={buttonClass('secondary')}>
					Add a new person
				</Link>
				{c.custodian && !c.activated_at ? (
					<Link to="../activate" relative="path" className={buttonClass('secondary')}>
						Complete the custodian's details
					</Link>
				) : null}
			</div>
			<Panel id="custodian-history" title="Custodian history">
				{c.history.length ? (
					<ol className="space-y-2 text-sm">
						{c.history.map((h) => (
							<li key={h.id}>
								<time dateTime={h.created_at} className="text-slate-600">
									{formatDayTime(h.created_at)}
								</time>{' '}
								{h.description}
							</li>
						))}
					</ol>
				) : (
					<p className="text-sm text-slate-600">No changes yet.</p>
				)}
			</Panel>
		</div>
	)
}
