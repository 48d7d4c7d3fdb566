import { Form, data, useActionData, useLoaderData } from 'react-router'
import { formatDay } from '#api/contract/dates.ts'
import { Link } from '#app/components/ui/link.tsx'
import { FormError, SubmitButton, buttonClass } from '#app/components/ui/form.tsx'
import { panelClass } from '#app/components/ui/panel.tsx'
import { StatusBadge } from '#app/components/ui/status-badge.tsx'
import { ApiCallError } from '#app/server/api.server.ts'
import { requireBusinessPermission } from '#app/server/auth.server.ts'
import { readForm } from '#app/server/forms.server.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
import { redirectWithToast, toastFor } from '#app/server/toast.server.ts'
import type { Route } from './+types/leave'
import { loadEmployees } from './employees.server.ts'
import { employeesHref } from './query.ts'
import { StaffSearch } from '#app/components/staff-search.tsx'
import { StaffOptionText } from '#app/components/staff-option.tsx'
import { plural } from '#app/lib/plural.ts'

// /employees/deactivate and /employees/remove-staff: tick several staff (a GET form, so it works
// without JavaScript), see when their cover ends, then confirm (docs/decisions/050).

const MAX_CHOSEN = 100
const kindOf = (url: URL): 'deactivate' | 'remove' => (url.pathname.endsWith('/deactivate') ? 'deactivate' : 'remove')
const WORDS = {
	deactivate: { title: 'Deactivate staff', verb: 'Deactivate', after: 'They are deactivated from' },
	remove: { title: 'Remove staff', verb: 'Remove', after: 'They are removed from the staff list and their plans from' },
} as const

export const meta: Route.MetaFunction = ({ location }) => [
	{ title: `${WORDS[location.pathname.endsWith('/deactivate') ? 'deactivate' : 'remove'].title} · Cover Portal` },
]

export async function loader(args: Route.LoaderArgs) {
	await requireBusinessPermission(args, 'employees.manage')
	const url = new URL(args.request.url)
	const api = apiFrom(args.context)
	const ids = [...new Set(url.searchParams.getAll('ids'))].slice(0, MAX_CHOSEN)
	const params = new URLSearchParams(url.searchParams)
	params.set('status', 'active')
	const { view, status } = await loadEmployees(api, params)
	const confirming = url.searchParams.get('step') === 'confirm' && ids.length > 0
	const chosen = confirming ? await Promise.all(ids.map((id) => api.getEmployee(id).then((r) => r.data))) : []
	return data(
		{ kind: kindOf(url), ...view, chosen, chooseNone: url.searchParams.get('step') === 'confirm' && ids.length === 0 },
		{ status: url.searchParams.get('step') === 'confirm' && ids.length === 0 ? 400 : status },
	)
}

export async function action(args: Route.ActionArgs) {
	await requireBusinessPermission(args, 'employees.manage')
	const kind = kindOf(new URL(args.request.url))
	const ids = (await readForm(args.request)).getAll('ids').map(String)
	const api = apiFrom(args.context)
	try {
		const result = kind === 'deactivate' ? await api.deactivateEmployees(ids) : await api.removeEmployees(ids)
		return redirectWithToast(args.request, '/employees?status=pending', toastFor(200, result.message ?? 'Done.'))
	} catch (error) {
		if (!(error instanceof ApiCallError) || error.status >= 500 || error.logout) throw error
		return data({ message: error.message }, { status: error.status })
	}
}

export default function Leave() {
	const { kind, filters, from, items, next_cursor, leaving, chosen, chooseNone } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const words = WORDS[kind]
	const path = kind === 'deactivate' ? '/employees/deactivate' : '/employees/remove-staff'
	if (chosen.length) {
		return (
			<div className="space-y-6">
				<h1 className="text-2xl font-bold">{words.title}: confirm</h1>
				<section className={panelClass} aria-labelledby="confirm-heading">
					<h2 id="confirm-heading" className="text-lg font-semibold">
						{plural(chosen.length, 'member of staff', 'staff')}
					</h2>
					{leaving ? (
						<p className="mt-2" data-testid="effective-date">
							Covered to the end of this month, <strong>{formatDay(leaving.last_covered_day)}</strong>. {words.after}{' '}
							<strong>{formatDay(leaving.effective_on)}</strong>; until then their status reads pending and their cover stays.
						</p>
					) : null}
					<ul className="mt-3 list-disc pl-5">
						{chosen.map((e) => (
							<li key={e.id}>
								{e.first_name} {e.last_name} ({e.email})
							</li>
						))}
					</ul>
					<FormError errors={actionData ? [actionData.message] : null} />
					<Form method="post" className="mt-4 flex flex-wrap gap-3">
						{chosen.map((e) => (
							<input key={e.id} type="hidden" name="ids" value={e.id} />
						))}
						<SubmitButton pendingText="Saving…">
							{words.verb} {plural(chosen.length, 'member of staff', 'staff')}
						</SubmitButton>
						<Link to={path} className={buttonClass('secondary')}>
							Choose again
						</Link>
					</Form>
				</section>
			</div>
		)
	}
	return (
		<div className="space-y-6">
			<h1 className="text-2xl font-bold">{words.title}</h1>
			<p className="text-slate-600">
				Tick the staff to {words.verb.toLowerCase()}. {leaving ? `They stay covered to ${formatDay(leaving.last_covered_day)}.` : null}
			</p>
			<StaffSearch id="leave-q" q={filters.q} />
			<Form method="get" className={panelClass}>
				<input type="hidden" name="step" value="confirm" />
				<FormError errors={chooseNone ? ['Choose at least one member of staff.'] : null} />
				{items.length ? (
					<fieldset>
						<legend className="mb-2 font-semibold">Active staff</legend>
						<ul className="divide-y divide-slate-100">
							{items.map((e) => (
								<li key={e.id} className="py-2">
									<label className="flex items-center gap-3">
										<input type="checkbox" name="ids" value={e.id} className="size-5 shrink-0" />
										<StaffOptionText firstName={e.first_name} lastName={e.last_name} email={e.email} />
										<StatusBadge kind="employee" status={e.status} />
									</label>
								</li>
							))}
						</ul>
					</fieldset>
				) : (
					<p className="text-slate-600">No active staff match.</p>
				)}
				<div className="mt-4 flex flex-wrap gap-3">
					<button type="submit" className={buttonClass('primary')}>
						Continue
					</button>
					{next_cursor ? (
						<Link
							to={employeesHref(path, { q: filters.q }, { cursor: next_cursor, from: from + items.length })}
							className={buttonClass('secondary')}
						>
							More staff
						</Link>
					) : null}
				</div>
			</Form>
		</div>
	)
}
