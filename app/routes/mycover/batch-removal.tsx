import { Form, data, useActionData, useLoaderData } from 'react-router'
import { formatDay } from '#api/contract/dates.ts'
import { Link } from '#app/components/ui/link.tsx'
import { buttonClass, Field, FILE_INPUT_CLASS, FormError, SPREADSHEET_ACCEPT, SubmitButton } from '#app/components/ui/form.tsx'
import { Details, Panel, panelClass } from '#app/components/ui/panel.tsx'
import { formatNairaFull } from '#app/lib/money.ts'
import { ApiCallError } from '#app/server/api.server.ts'
import { throwIfNotFound } from '#app/server/api-errors.server.ts'
import { readForm } from '#app/server/forms.server.ts'
import { redirectWithToast, toastFor } from '#app/server/toast.server.ts'
import type { Route } from './+types/batch-removal'
import { MembersTable } from './members.tsx'
import { loadForManaging } from './mycover.server.ts'
import { PolicyCrumb } from './parts.tsx'
import { MemberPicker } from './member-picker.tsx'
import { loadPicker, readChosen } from './member-picker.server.ts'
import { plural } from '#app/lib/plural.ts'

export const meta: Route.MetaFunction = () => [{ title: 'Remove members · My cover · Cover Portal' }]

/** Remove many members of a staff plan: chosen here or named by an uploaded list; a preview with each row's problem first. */
export async function loader(args: Route.LoaderArgs) {
	const { api, policy } = await loadForManaging(args)
	if (policy.kind !== 'plan') throw data('Only a staff plan has members to remove.', { status: 404 })
	return { policy, picker: await loadPicker(api, policy.id, new URL(args.request.url)) }
}

/** A refusal of the API as this page shows it: beside the file, or above the form. */
function problemOf(error: unknown, chosen: string[]) {
	throwIfNotFound(error)
	if (!(error instanceof ApiCallError) || error.logout || error.status >= 500) throw error
	const file = error.fieldErrors.find((e) => e.path === 'file')?.message
	return data(
		{ preview: null, chosen, overChosen: false, file: file ?? null, problem: file ? null : error.message },
		{ status: error.status },
	)
}

export async function action(args: Route.ActionArgs) {
	const { api, policy } = await loadForManaging(args)
	const form = await readForm(args.request, 'The list did not arrive whole: upload it again.')
	if (form.get('intent') === 'confirm') {
		const leaving = readChosen(form, Number.POSITIVE_INFINITY).chosen
		try {
			const done = await api.batchRemoval(policy.id, { member_ids: leaving, confirm: true })
			return redirectWithToast(args.request, `/mycover/${policy.id}`, toastFor(200, done.message ?? 'Booked.'))
		} catch (error) {
			return problemOf(error, [])
		}
	}
	const { chosen, overChosen } = readChosen(form)
	const file = form.get('file')
	let identifiers: string[] = []
	try {
		if (file instanceof File && file.size > 0) {
			const upload = new FormData()
			upload.set('file', file)
			identifiers = (await api.readRemovalList(policy.id, upload)).data.identifiers
		}
		const preview = (await api.batchRemoval(policy.id, { member_ids: chosen, identifiers })).data
		return { preview, chosen, overChosen, file: null, problem: null }
	} catch (error) {
		return problemOf(error, chosen)
	}
}

export default function BatchRemoval() {
	const { policy, picker } = useLoaderData<typeof loader>()
	const answer = useActionData<typeof action>()
	const preview = answer?.preview ?? null
	return (
		<>
			<PolicyCrumb policy={policy} />
			<h1 className="mt-2 text-2xl font-bold">Remove members</h1>
			<p className="mt-1 text-slate-600">
				Members leave on the 1st of next month: cover runs until then. Choose them below, or upload a list of their email addresses or phone
				numbers; you see who leaves before anything changes.
			</p>
			{preview ? (
				<Panel id="preview-heading" title="Check before removing">
					{preview.errors.length ? (
						<div role="alert" className="mb-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
							<p className="font-semibold">
								{preview.errors.length === 1
									? '1 row of the list was not matched'
									: `${preview.errors.length} rows of the list were not matched`}
								:
							</p>
							<ul className="mt-1 list-disc pl-5">
								{preview.errors.map((e) => (
									<li key={`${e.row}-${e.value}`}>
										Row {e.row} ({e.value}): {e.message}
									</li>
								))}
							</ul>
						</div>
					) : null}
					{preview.members.length ? (
						<>
							<Details
								items={[
									{ label: 'Leaving', value: plural(preview.members.length, 'member') },
									{ label: 'On', value: formatDay(preview.effective_on) },
									{
										label: 'Monthly cost',
										value: `${formatNairaFull(preview.monthly_before)} → ${formatNairaFull(preview.monthly_after)}`,
									},
								]}
							/>
							<div className="mt-4">
								<MembersTable members={preview.members} caption="Who leaves" />
							</div>
							<Form method="post" className="mt-4 flex flex-wrap gap-3">
								{preview.members.map((m) => (
									<input key={m.id} type="hidden" name="member" value={m.id} />
								))}
								<SubmitButton name="intent" value="confirm" pendingText="Removing…">
									{preview.errors.length ? 'Remove the matched members' : 'Confirm removal'}
								</SubmitButton>
								<Link to={`/mycover/${policy.id}/batch-removal`} className={buttonClass('secondary')}>
									Start again
								</Link>
							</Form>
						</>
					) : (
						<p>No member matched: check the list and upload it again.</p>
					)}
				</Panel>
			) : null}
			<Form method="post" encType="multipart/form-data" className={`mt-6 space-y-5 ${panelClass}`}>
				<FormError errors={answer?.problem ? [answer.problem] : null} />
				<Field
					label="A list of members to remove (optional)"
					hint="CSV or XLSX: one email address or phone number a row, in any column."
					id="removal-file"
					errorId="removal-file-error"
					errors={answer?.file ? [answer.file] : null}
				>
					<input
						type="file"
						id="removal-file"
						name="file"
						accept={SPREADSHEET_ACCEPT}
						aria-invalid={answer?.file ? true : undefined}
						aria-describedby={answer?.file ? 'removal-file-error' : undefined}
						className={FILE_INPUT_CLASS}
					/>
				</Field>
				<MemberPicker
					picker={answer ? { ...picker, chosen: answer.chosen, overChosen: answer.overChosen } : picker}
					action={`/mycover/${policy.id}/batch-removal`}
					caption={`Members of ${policy.policy_number}`}
				/>
				<SubmitButton name="intent" value="preview" pendingText="Checking…">
					Preview removal
				</SubmitButton>
			</Form>
		</>
	)
}
