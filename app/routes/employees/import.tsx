import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, data, redirect, useActionData, useLoaderData } from 'react-router'
import { z } from 'zod'
import { Link } from '#app/components/ui/link.tsx'
import { ProblemList, StaffTable } from '#app/components/staff-list-preview.tsx'
import { FileField, FormError, SPREADSHEET_ACCEPT, Stepper, SubmitButton, buttonClass } from '#app/components/ui/form.tsx'
import { panelClass } from '#app/components/ui/panel.tsx'
import { orNotFound } from '#app/server/api-errors.server.ts'
import { requireBusinessPermission } from '#app/server/auth.server.ts'
import { formConstraint, readForm, replyWithApiError } from '#app/server/forms.server.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
import { redirectWithToast, toastFor } from '#app/server/toast.server.ts'
import type { Route } from './+types/import'

// /import-staff: the staff list into the register (docs/decisions/050). The batch upload's readers
// and checks, duplicates against the register flagged; nothing is written until confirmed, then all.

const UploadSchema = z.object({
	intent: z.literal('upload'),
	file: z.instanceof(File, { message: 'Choose the file of your staff list: CSV or XLSX.' }),
})
const STEPS = ['Upload your staff list', 'Check and import']

export const meta: Route.MetaFunction = () => [{ title: 'Import staff · Cover Portal' }]

export async function loader(args: Route.LoaderArgs) {
	await requireBusinessPermission(args, 'employees.manage')
	const id = new URL(args.request.url).searchParams.get('import')
	const api = apiFrom(args.context)
	const staged = id ? (await orNotFound(api.getStaffImport(id), 'We could not find that staff list. Upload it again.')).data : null
	return { staged, constraint: formConstraint(UploadSchema) }
}

export async function action(args: Route.ActionArgs) {
	await requireBusinessPermission(args, 'employees.manage')
	const form = await readForm(args.request)
	const api = apiFrom(args.context)
	if (form.get('intent') === 'commit') {
		const id = String(form.get('import_id') ?? '')
		try {
			const { message } = await api.commitStaffImport(id)
			return redirectWithToast(args.request, '/employees?sort=enrolled', toastFor(200, message ?? 'Staff imported.'))
		} catch (error) {
			const submission = parseWithZod(form, { schema: z.object({ intent: z.literal('commit') }) })
			const reply = replyWithApiError(submission, error)
			return data({ intent: 'commit' as const, ...reply.data }, reply.init ?? undefined)
		}
	}
	const submission = parseWithZod(form, { schema: UploadSchema })
	if (submission.status !== 'success') return data({ intent: 'upload' as const, result: submission.reply() }, { status: 400 })
	const file = new FormData()
	file.set('file', submission.value.file, submission.value.file.name)
	try {
		const staged = (await api.previewStaffImport(file)).data
		return redirect(`/import-staff?import=${staged.id}`)
	} catch (error) {
		const reply = replyWithApiError(submission, error)
		return data({ intent: 'upload' as const, ...reply.data }, reply.init ?? undefined)
	}
}

export default function ImportStaff() {
	const { staged, constraint } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const [form, fields] = useForm({
		id: 'import-upload',
		lastResult: actionData?.intent === 'upload' ? actionData.result : undefined,
		constraint,
	})
	const commitErrors = actionData?.intent === 'commit' && 'result' in actionData ? actionData.result.error?.[''] : undefined
	const upload = (
		<Form method="post" encType="multipart/form-data" className={`${panelClass} space-y-4`} {...getFormProps(form)}>
			<input type="hidden" name="intent" value="upload" />
			<FormError id={form.errorId} errors={form.errors} />
			<FileField
				label={staged ? 'Upload the corrected file' : 'Staff list'}
				hint="CSV or XLSX with the columns first_name, last_name, email, phone, gender, date_of_birth; up to 10,000 staff."
				accept={SPREADSHEET_ACCEPT}
				meta={fields.file}
			/>
			<div className="flex flex-wrap gap-3">
				<SubmitButton pendingText="Checking…">Check the list</SubmitButton>
				<a href="/import-staff/template.csv" download className={buttonClass('secondary')}>
					Download the template
				</a>
			</div>
		</Form>
	)
	return (
		<div className="space-y-6">
			<h1 className="text-2xl font-bold">Import staff</h1>
			<Stepper steps={STEPS} current={staged ? 1 : 0} />
			{staged ? (
				<>
					{staged.committed_at ? (
						<p className={panelClass}>
							This list was imported.{' '}
							<Link to="/employees" className="text-brand-700 underline">
								See your staff
							</Link>
						</p>
					) : staged.errors.length ? (
						<>
							<ProblemList batch={staged} />
							<p>Nothing has been imported. Fix the rows in your file and upload it again.</p>
							{upload}
						</>
					) : (
						<section className={panelClass} aria-labelledby="ready-heading">
							<h2 id="ready-heading" className="font-semibold">
								{staged.valid_count} staff ready to import from {staged.filename}
							</h2>
							<p className="mt-1 text-sm text-slate-700">Nothing is written until you confirm; then every row is imported, or none.</p>
							<FormError errors={commitErrors ?? null} />
							<Form method="post" className="mt-4 flex flex-wrap gap-3">
								<input type="hidden" name="intent" value="commit" />
								<input type="hidden" name="import_id" value={staged.id} />
								<SubmitButton pendingText="Importing…">Import {staged.valid_count} staff</SubmitButton>
								<Link to="/import-staff" className={buttonClass('secondary')}>
									Start again
								</Link>
							</Form>
						</section>
					)}
					<StaffTable batch={staged} dateOfBirthMissing="Not given" />
				</>
			) : (
				upload
			)}
		</div>
	)
}
