import { Form, data, useActionData, useLoaderData } from 'react-router'
import { Link } from '#app/components/ui/link.tsx'
import { FormError, SubmitButton, buttonClass } from '#app/components/ui/form.tsx'
import { panelClass } from '#app/components/ui/panel.tsx'
import { ApiCallError } from '#app/server/api.server.ts'
import { requirePermission } from '#app/server/auth.server.ts'
import { readForm } from '#app/server/forms.server.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
import { redirectWithToast, toastFor } from '#app/server/toast.server.ts'
import { loadEmployees } from '../employees/employees.server.ts'
import { employeesHref } from '../employees/query.ts'
import type { Route } from './+types/from-staff-list'
import { loadCustodianship } from './manage.server.ts'
import { StaffSearch } from '#app/components/staff-search.tsx'
import { StaffOptionText } from '#app/components/staff-option.tsx'

export const meta: Route.MetaFunction = () => [{ title: 'Choose a custodian from the staff list · Cover Portal' }]

export async function loader(args: Route.LoaderArgs) {
	await requirePermission(args, 'employees.manage')
	const api = apiFrom(args.context)
	const params = new URLSearchParams(new URL(args.request.url).searchParams)
	params.set('status', 'active')
	const [custodianship, { view, status }] = await Promise.all([loadCustodianship(api, args.params.purchaseId), loadEmployees(api, params)])
	return data({ custodianship, ...view }, { status })
}

export async function action(args: Route.ActionArgs) {
	await requirePermission(args, 'employees.manage')
	const chosen = (await readForm(args.request)).get('employee_id')
	if (typeof chosen !== 'string' || !chosen) return data({ message: 'Choose a member of staff.' }, { status: 400 })
	try {
		const { message } = await apiFrom(args.context).nameCustodian(args.params.purchaseId, { employee_id: chosen })
		return redirectWithToast(
			args.request,
			`/manage-custodian/${args.params.purchaseId}/activate`,
			toastFor(200, message ?? 'Custodian named.'),
		)
	} catch (error) {
		if (!(error instanceof ApiCallError) || error.status >= 500 || error.logout) throw error
		return data({ message: error.fieldErrors[0]?.message ?? error.message }, { status: error.status })
	}
}

/** Pick the custodian from the staff register: a search (GET) and a radio list (POST), both without JavaScript. */
export default function FromStaffList() {
	const { custodianship: c, filters, from, items, next_cursor } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	return (
		<div className="space-y-6">
			<h1 className="text-2xl font-bold">Choose the custodian of {c.policy_number}</h1>
			<StaffSearch id="custodian-q" q={filters.q} />
			<Form method="post" className={panelClass}>
				<FormError errors={actionData ? [actionData.message] : null} />
				{items.length ? (
					<fieldset>
						<legend className="mb-2 font-semibold">Active staff</legend>
						<ul className="divide-y divide-slate-100">
							{items.map((e) => (
								<li key={e.id} className="py-2">
									<label className="flex items-center gap-3">
										<input
											type="radio"
											name="employee_id"
											value={e.id}
											required
											className="size-5 shrink-0"
											defaultChecked={c.custodian?.id === e.id}
										/>
										<StaffOptionText firstName={e.first_name} lastName={e.last_name} email={e.email} />
									</label>
								</li>
							))}
						</ul>
					</fieldset>
				) : (
					<p className="text-slate-600">No active staff match.</p>
				)}
				<div className="mt-4 flex flex-wrap gap-3">
					<SubmitButton pendingText="Saving…">Name custodian</SubmitButton>
					{next_cursor ? (
						<Link
							to={employeesHref('', { q: filters.q }, { cursor: next_cursor, from: from + items.length })}
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
