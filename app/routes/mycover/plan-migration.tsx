import { Form, data, useActionData, useLoaderData } from 'react-router'
import { formatDay } from '#api/contract/dates.ts'
import { Link } from '#app/components/ui/link.tsx'
import { SubmitButton, buttonClass } from '#app/components/ui/form.tsx'
import { Details, Panel, panelClass } from '#app/components/ui/panel.tsx'
import { formatNairaFull } from '#app/lib/money.ts'
import { ApiCallError } from '#app/server/api.server.ts'
import { notifyApiError, throwIfNotFound } from '#app/server/api-errors.server.ts'
import { readForm } from '#app/server/forms.server.ts'
import { redirectWithToast, toastFor } from '#app/server/toast.server.ts'
import type { Route } from './+types/plan-migration'
import { MembersTable } from './members.tsx'
import { loadForManaging } from './mycover.server.ts'
import { PolicyCrumb } from './parts.tsx'
import { isId, readChosen } from './member-picker.server.ts'
import { plural } from '#app/lib/plural.ts'

export const meta: Route.MetaFunction = () => [{ title: 'Plan migration · My cover · Cover Portal' }]

/** The move chosen: the plan to move to, and the members (a picker carries at most MAX_CHOSEN). */
function choice(params: URLSearchParams | FormData) {
	const to = params.get('to')
	return { members: readChosen(params, Number.POSITIVE_INFINITY).chosen, to: isId(to) ? to : '' }
}

/** The preview of a move chosen on migration-list: who moves, when, and both plans' monthly cost. */
export async function loader(args: Route.LoaderArgs) {
	const { api, policy } = await loadForManaging(args)
	const { members, to } = choice(new URL(args.request.url).searchParams)
	const back = `/mycover/${policy.id}/migration-list?${new URLSearchParams([...members.map((m) => ['member', m]), ['to', to]])}`
	// Opened without a choice (a bookmark, a link): the page says what to choose, as any page would.
	if (!to || !members.length) return { policy, back, preview: null, problem: 'Choose the plan to move them to and at least one member.' }
	try {
		const preview = (await api.migrateMembers(policy.id, { to_policy_id: to, member_ids: members })).data
		return { policy, back, preview, problem: null }
	} catch (error) {
		throwIfNotFound(error)
		if (!(error instanceof ApiCallError) || error.logout || error.status >= 500) throw error
		const problem = error.fieldErrors[0]?.message ?? error.message
		return data({ policy, back, preview: null, problem }, { status: error.status })
	}
}

export async function action(args: Route.ActionArgs) {
	const { api, policy } = await loadForManaging(args)
	const { members, to } = choice(await readForm(args.request))
	try {
		const done = await api.migrateMembers(policy.id, { to_policy_id: to, member_ids: members, confirm: true })
		return redirectWithToast(args.request, `/mycover/${policy.id}`, toastFor(200, done.message ?? 'Booked.'))
	} catch (error) {
		throwIfNotFound(error)
		return notifyApiError(error)
	}
}

export default function PlanMigration() {
	const { policy, back, preview, problem } = useLoaderData<typeof loader>()
	useActionData<typeof action>()
	return (
		<>
			<PolicyCrumb policy={policy} />
			<h1 className="mt-2 text-2xl font-bold">Plan migration</h1>
			{problem || !preview ? (
				<div className={`mt-6 ${panelClass}`}>
					<p role="alert" className="text-red-800">
						{problem}
					</p>
					<Link to={back} className={`mt-3 ${buttonClass('secondary')}`}>
						Change the choice
					</Link>
				</div>
			) : (
				<>
					<p className="mt-1 text-slate-600">
						{plural(preview.members.length, 'member')} {preview.members.length === 1 ? 'moves' : 'move'} from {preview.from.product_name} (
						{preview.from.policy_number}) to {preview.to.product_name} ({preview.to.policy_number}) on {formatDay(preview.effective_on)}.
					</p>
					<Panel id="cost-heading" title="New monthly cost">
						<Details
							items={[
								{
									label: `${preview.from.product_name} (${preview.from.policy_number})`,
									value: `${formatNairaFull(preview.from.monthly_before)} → ${formatNairaFull(preview.from.monthly_after)} a month (${preview.from.members_after} members)`,
								},
								{
									label: `${preview.to.product_name} (${preview.to.policy_number})`,
									value: `${formatNairaFull(preview.to.monthly_before)} → ${formatNairaFull(preview.to.monthly_after)} a month (${preview.to.members_after} members)`,
								},
							]}
						/>
					</Panel>
					<div className="mt-6">
						<MembersTable members={preview.members} caption="Who moves" />
					</div>
					<Form method="post" className="mt-6 flex flex-wrap gap-3">
						{preview.members.map((m) => (
							<input key={m.id} type="hidden" name="member" value={m.id} />
						))}
						<input type="hidden" name="to" value={preview.to.id} />
						<SubmitButton pendingText="Booking…">Confirm the move</SubmitButton>
						<Link to={back} className={buttonClass('secondary')}>
							Change the choice
						</Link>
					</Form>
				</>
			)}
		</>
	)
}
