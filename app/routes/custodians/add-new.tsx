import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, data, useActionData, useLoaderData } from 'react-router'
import type { z } from 'zod'
import { Link } from '#app/components/ui/link.tsx'
import { FormError, SubmitButton, buttonClass } from '#app/components/ui/form.tsx'
import { requirePermission } from '#app/server/auth.server.ts'
import { formConstraint, readForm, replyWithApiError } from '#app/server/forms.server.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
import { redirectWithToast, toastFor } from '#app/server/toast.server.ts'
import { PersonSchema } from '../employees/employees.server.ts'
import { PersonFields } from '../employees/person-fields.tsx'
import type { Route } from './+types/add-new'
import { loadCustodianship } from './manage.server.ts'

export const meta: Route.MetaFunction = () => [{ title: 'Add a new custodian · Cover Portal' }]

export async function loader(args: Route.LoaderArgs) {
	await requirePermission(args, 'employees.manage')
	return { custodianship: await loadCustodianship(apiFrom(args.context), args.params.purchaseId), constraint: formConstraint(PersonSchema) }
}

export async function action(args: Route.ActionArgs) {
	await requirePermission(args, 'employees.manage')
	const submission = parseWithZod(await readForm(args.request), { schema: PersonSchema })
	if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
	try {
		const { message } = await apiFrom(args.context).nameCustodian(args.params.purchaseId, { new: submission.value })
		return redirectWithToast(
			args.request,
			`/manage-custodian/${args.params.purchaseId}/activate`,
			toastFor(200, message ?? 'Custodian named.'),
		)
	} catch (error) {
		return replyWithApiError(submission, error)
	}
}

/** A new person as the custodian: they join the staff list too. */
export default function AddNewCustodian() {
	const { custodianship: c, constraint } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const [form, fields] = useForm<z.input<typeof PersonSchema>>({ id: 'new-custodian', lastResult: actionData?.result, constraint })
	return (
		<div className="space-y-6">
			<h1 className="text-2xl font-bold">New custodian for {c.policy_number}</h1>
			<p className="text-slate-700">They are added to your staff list as well.</p>
			<Form method="post" className="space-y-4 rounded-xl border border-slate-200 bg-white p-5" {...getFormProps(form)}>
				<FormError id={form.errorId} errors={form.errors} />
				<PersonFields fields={fields} />
				<div className="flex flex-wrap gap-3">
					<SubmitButton pendingText="Saving…">Name custodian</SubmitButton>
					<Link to=".." relative="path" className={buttonClass('secondary')}>
						Back
					</Link>
				</div>
			</Form>
		</div>
	)
}
