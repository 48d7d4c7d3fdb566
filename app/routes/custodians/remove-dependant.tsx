import { Form, data, useActionData, useLoaderData } from 'react-router'
import { formatDay } from '#api/contract/dates.ts'
import { Link } from '#app/components/ui/link.tsx'
import { FormError, SubmitButton, buttonClass } from '#app/components/ui/form.tsx'
import { panelClass } from '#app/components/ui/panel.tsx'
import { ApiCallError } from '#app/server/api.server.ts'
import { orNotFound } from '#app/server/api-errors.server.ts'
import { requirePermission } from '#app/server/auth.server.ts'
import { readForm } from '#app/server/forms.server.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
import { redirectWithToast, toastFor } from '#app/server/toast.server.ts'
import type { Route } from './+types/remove-dependant'
import { RELATIONSHIP_LABELS } from '#app/components/person-cover.tsx'

export const meta: Route.MetaFunction = () => [{ title: 'Remove a dependant · Cover Portal' }]

export async function loader(args: Route.LoaderArgs) {
	await requirePermission(args, 'employees.manage')
	const { data: dependant } = await orNotFound(
		apiFrom(args.context).getDependant(args.params.dependantId),
		'We could not find that dependant.',
	)
	return { dependant }
}

export async function action(args: Route.ActionArgs) {
	await requirePermission(args, 'employees.manage')
	await readForm(args.request)
	try {
		const { data: removed, message } = await apiFrom(args.context).removeDependant(args.params.dependantId)
		return redirectWithToast(args.request, `/employees/${removed.employee_id}`, toastFor(200, message ?? 'Dependant removed.'))
	} catch (error) {
		if (!(error instanceof ApiCallError) || error.status >= 500 || error.logout) throw error
		return data({ message: error.message }, { status: error.status })
	}
}

export default function RemoveDependant() {
	const { dependant: d } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	return (
		<div className="space-y-6">
			<h1 className="text-2xl font-bold">Remove a dependant</h1>
			<section className={panelClass} aria-labelledby="remove-heading">
				<h2 id="remove-heading" className="font-semibold">
					{d.first_name} {d.last_name}
				</h2>
				<p className="mt-1 text-slate-700">
					{RELATIONSHIP_LABELS[d.relationship]} of {d.employee_name}, born {formatDay(d.date_of_birth)}. Their cover ends when you remove
					them.
				</p>
				<FormError errors={actionData ? [actionData.message] : null} />
				<Form method="post" className="mt-4 flex flex-wrap gap-3">
					<SubmitButton pendingText="Removing…">Remove dependant</SubmitButton>
					<Link to={`/employees/${d.employee_id}`} className={buttonClass('secondary')}>
						Keep them
					</Link>
				</Form>
			</section>
		</div>
	)
}
