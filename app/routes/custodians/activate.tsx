import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, data, redirect, useActionData, useLoaderData } from 'react-router'
import { z } from 'zod'
import { Link } from '#app/components/ui/link.tsx'
import { FormError, SubmitButton, TextField, buttonClass } from '#app/components/ui/form.tsx'
import { requirePermission } from '#app/server/auth.server.ts'
import { formConstraint, readForm, replyWithApiError } from '#app/server/forms.server.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
import { redirectWithToast, toastFor } from '#app/server/toast.server.ts'
import type { Route } from './+types/activate'
import { loadCustodianship } from './manage.server.ts'

const ActivateSchema = z.object({
	date_of_birth: z.iso.date({ message: 'Enter the date of birth like 1990-05-17.' }),
	address: z.string({ message: 'Enter the address.' }).trim().min(1, 'Enter the address.').max(200, 'The address is too long.'),
	licence_number: z.string().trim().max(40, 'The licence number is too long.').optional(),
})

export const meta: Route.MetaFunction = () => [{ title: "Complete the custodian's details · Cover Portal" }]

export async function loader(args: Route.LoaderArgs) {
	await requirePermission(args, 'employees.manage')
	const custodianship = await loadCustodianship(apiFrom(args.context), args.params.purchaseId)
	if (!custodianship.custodian) throw redirect(`/manage-custodian/${args.params.purchaseId}/add`)
	return { custodianship, constraint: formConstraint(ActivateSchema) }
}

export async function action(args: Route.ActionArgs) {
	await requirePermission(args, 'employees.manage')
	const submission = parseWithZod(await readForm(args.request), { schema: ActivateSchema })
	if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
	try {
		const { data: done, message } = await apiFrom(args.context).activateCustodian(args.params.purchaseId, submission.value)
		return redirectWithToast(args.request, `/mycover/custodian/${done.custodian!.id}`, toastFor(200, message ?? 'Custodian activated.'))
	} catch (error) {
		return replyWithApiError(submission, error)
	}
}

/** The custodian's activation details: kept alive in the spec's table, so a reload keeps what was typed. */
export default function ActivateCustodian() {
	const { custodianship: c, constraint } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const person = c.custodian!
	const [form, fields] = useForm<z.input<typeof ActivateSchema>>({
		id: 'activate-custodian',
		lastResult: actionData?.result,
		defaultValue: { date_of_birth: person.date_of_birth ?? '' },
		constraint,
	})
	return (
		<div className="space-y-6">
			<h1 className="text-2xl font-bold">Activate the custodian of {c.policy_number}</h1>
			<p className="text-slate-700">
				{person.first_name} {person.last_name} holds this {c.product_name} policy.{' '}
				{c.activated_at ? 'Their details are complete; you may update them.' : ''}
			</p>
			<Form method="post" className="space-y-4 rounded-xl border border-slate-200 bg-white p-5" {...getFormProps(form)}>
				<FormError id={form.errorId} errors={form.errors} />
				<TextField field={fields.date_of_birth} label="Date of birth" type="date" />
				<TextField field={fields.address} label="Home address" autoComplete="street-address" />
				<TextField field={fields.licence_number} label="Driver's licence number (for a vehicle)" />
				<div className="flex flex-wrap gap-3">
					<SubmitButton pendingText="Saving…">Activate custodian</SubmitButton>
					<Link to="../add" relative="path" className={buttonClass('secondary')}>
						Change the custodian
					</Link>
				</div>
			</Form>
		</div>
	)
}
