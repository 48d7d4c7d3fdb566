import { Form, useLoaderData } from 'react-router'
import { Link } from '#app/components/ui/link.tsx'
import { Field, Select, buttonClass } from '#app/components/ui/form.tsx'
import { panelClass } from '#app/components/ui/panel.tsx'
import type { Route } from './+types/migration-list'
import { MemberPicker } from './member-picker.tsx'
import { loadPicker } from './member-picker.server.ts'
import { loadForManaging } from './mycover.server.ts'
import { data } from 'react-router'
import { PolicyCrumb } from './parts.tsx'

export const meta: Route.MetaFunction = () => [{ title: 'Move members · My cover · Cover Portal' }]

/**
 * Choose members of this plan and the plan to move them to; plan-migration previews the move (a GET
 * form, so the choice is in the URL and works without JavaScript).
 */
export async function loader(args: Route.LoaderArgs) {
	const { api, policy } = await loadForManaging(args)
	if (policy.kind !== 'plan') throw data('Only a staff plan has members to move.', { status: 404 })
	const url = new URL(args.request.url)
	const [picker, plans] = await Promise.all([
		loadPicker(api, policy.id, url),
		api.getPolicies({ status: 'active', kind: 'plan', page_size: 100 }).then((r) => r.data.items.filter((p) => p.id !== policy.id)),
	])
	return {
		policy,
		picker,
		plans: plans.map((p) => ({ id: p.id, label: `${p.product_name} (${p.policy_number}), up to ${p.slots} staff` })),
		to: url.searchParams.get('to') ?? '',
	}
}

export default function MigrationList() {
	const { policy, picker, plans, to } = useLoaderData<typeof loader>()
	return (
		<>
			<PolicyCrumb policy={policy} />
			<h1 className="mt-2 text-2xl font-bold">Move members to another plan</h1>
			<p className="mt-1 text-slate-600">
				Members move on the 1st of next month, when the staff changes of the month take effect. You see who moves and the new monthly cost
				before anything changes.
			</p>
			{plans.length === 0 ? (
				<div className={`mt-6 ${panelClass}`}>
					<p>You have no other active staff plan to move members to.</p>
					<Link to="/products" className={`mt-3 ${buttonClass('primary')}`}>
						Buy another plan
					</Link>
				</div>
			) : (
				<Form method="get" action={`/mycover/${policy.id}/plan-migration`} className={`mt-6 space-y-5 ${panelClass}`}>
					<Field label="Move them to" id="to" errorId="to-error">
						<Select id="to" name="to" defaultValue={to} required>
							<option value="">Choose a plan</option>
							{plans.map((p) => (
								<option key={p.id} value={p.id}>
									{p.label}
								</option>
							))}
						</Select>
					</Field>
					<MemberPicker picker={picker} action={`/mycover/${policy.id}/migration-list`} caption={`Members of ${policy.policy_number}`} />
					<button type="submit" className={buttonClass('primary')}>
						Preview the move
					</button>
				</Form>
			)}
		</>
	)
}
