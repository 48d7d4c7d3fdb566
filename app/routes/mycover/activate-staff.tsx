import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, data, useActionData, useLoaderData } from 'react-router'
import { z } from 'zod'
import { Link } from '#app/components/ui/link.tsx'
import { buttonClass, FileField, FormError, SPREADSHEET_ACCEPT, SubmitButton } from '#app/components/ui/form.tsx'
import { panelClass } from '#app/components/ui/panel.tsx'
import { notificationsFor } from '#app/server/api-errors.server.ts'
import { ApiCallError } from '#app/server/api.server.ts'
import { requirePermission } from '#app/server/auth.server.ts'
import { formConstraint, replyWithApiError, readForm } from '#app/server/forms.server.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
import { redirectWithToast } from '#app/server/toast.server.ts'
import type { Route } from './+types/activate-staff'
import { loadPolicy } from './mycover.server.ts'
import { PolicyCrumb } from './parts.tsx'

// The activation form of batch upload (docs/decisions/016-batch-upload.md): the staff plan's sheet of
// dates of birth, downloaded prefilled, completed and uploaded back. The API reads and checks it.

const SheetSchema = z.object({ file: z.instanceof(File, { message: 'Choose the completed staff sheet: CSV or XLSX.' }) })

export const meta: Route.MetaFunction = () => [{ title: 'Activate your staff plan · Cover Portal' }]

async function load(args: Route.LoaderArgs | Route.ActionArgs) {
	await requirePermission(args, 'plans.manage')
	const api = apiFrom(args.context)
	const policy = await loadPolicy(api, args.params.planId)
	if (policy.kind !== 'plan') throw data('We could not find that staff plan.', { status: 404 })
	return { api, policy }
}

export async function loader(args: Route.LoaderArgs) {
	const { policy } = await load(args)
	return {
		plan: {
			id: policy.id,
			policy_number: policy.policy_number,
			product_name: policy.product_name,
			pending: policy.is_pending,
			staff_count: policy.staff_count ?? 0,
		},
		constraint: formConstraint(SheetSchema),
	}
}

/**
 * The sheet goes on to the API as multipart. One problem with the file itself comes back beside the
 * file input; problems with rows come back as a list, each naming its row.
 */
export async function action(args: Route.ActionArgs) {
	const { api, policy } = await load(args)
	const formData = await readForm(args.request, 'Send the staff sheet again.')
	const submission = parseWithZod(formData, { schema: SheetSchema })
	if (submission.status !== 'success') return data({ result: submission.reply(), problems: [] as string[] }, { status: 400 })
	const upload = new FormData()
	upload.set('file', submission.value.file, submission.value.file.name)
	try {
		const { message } = await api.activatePolicy(policy.id, upload)
		return redirectWithToast(args.request, `/mycover/${policy.id}`, {
			type: 'success',
			description: message ?? `Staff plan ${policy.policy_number} is active.`,
		})
	} catch (error) {
		const rows = error instanceof ApiCallError ? error.fieldErrors : []
		if (error instanceof ApiCallError && !error.logout && error.status === 400 && rows.length > 1) {
			const notifications = notificationsFor(error.status, [error.message])
			return data({ result: submission.reply(), notifications, problems: rows.map((e) => e.message) }, { status: 400 })
		}
		const reply = replyWithApiError(submission, error)
		return data({ ...reply.data, problems: [] as string[] }, reply.init ?? undefined)
	}
}

export default function ActivateStaff() {
	const { plan, constraint } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const [form, fields] = useForm({ id: 'activate-staff', lastResult: actionData?.result, constraint, shouldRevalidate: 'onSubmit' })
	const problems = actionData?.problems ?? []
	return (
		<>
			<PolicyCrumb policy={plan} />
			<h1 className="text-2xl font-bold">Activate {plan.product_name} for your staff</h1>
			{plan.pending ? (
				<>
					<p className="mt-1 text-slate-600">Cover starts once we have the date of birth of each of your {plan.staff_count} staff.</p>
					<section aria-labelledby="sheet-heading" className={`mt-6 ${panelClass}`}>
						<h2 id="sheet-heading" className="mb-3 font-semibold">
							Your staff sheet
						</h2>
						<ol className="list-decimal space-y-1 pl-5 text-sm text-slate-800">
							<li>Download the staff sheet: it lists your staff, with the dates of birth we already have.</li>
							<li>Fill in each person's date of birth as YYYY-MM-DD, like 1990-05-17. Keep every row and its email.</li>
							<li>Save it as CSV or XLSX and upload it here.</li>
						</ol>
						<p className="mt-3">
							<a href={`/mycover/${plan.id}/staff-sheet.csv`} className={buttonClass('secondary')} download>
								Download the staff sheet
							</a>
						</p>
						<Form method="post" encType="multipart/form-data" className="mt-6 space-y-5" {...getFormProps(form)}>
							<FormError id={form.errorId} errors={form.errors} />
							{problems.length ? (
								<section aria-labelledby="problems-heading" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
									<h3 id="problems-heading" className="font-semibold">
										Fix these in the sheet
									</h3>
									<ul className="mt-2 list-disc space-y-1 pl-5">
										{problems.map((p) => (
											<li key={p}>{p}</li>
										))}
									</ul>
								</section>
							) : null}
							<FileField label="Completed staff sheet" hint="CSV or XLSX, 5 MB at most." accept={SPREADSHEET_ACCEPT} meta={fields.file} />
							<SubmitButton pendingText="Checking the sheet…">Upload and activate</SubmitButton>
						</Form>
					</section>
				</>
			) : (
				<p className="mt-4">
					This plan is active.{' '}
					<Link to={`/mycover/${plan.id}`} className="text-brand-700 underline">
						See the plan
					</Link>
				</p>
			)}
		</>
	)
}
