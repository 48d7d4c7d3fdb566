import { Form, data, useActionData, useLoaderData } from 'react-router'
import { Link } from '#app/components/ui/link.tsx'
import { INSPECTION_REJECT_REASONS } from '#api/contract/inspections.ts'
import { formatDayTime } from '#api/contract/dates.ts'
import { Select, SubmitButton, TextInput } from '#app/components/ui/form.tsx'
import { Details, panelClass } from '#app/components/ui/panel.tsx'
import { StatusBadge } from '#app/components/ui/status-badge.tsx'
import { ApiCallError } from '#app/server/api.server.ts'
import { orNotFound } from '#app/server/api-errors.server.ts'
import { orDeskLogin, requireOperator } from '#app/server/desk.server.ts'
import { readForm } from '#app/server/forms.server.ts'
import { redirectWithToast } from '#app/server/toast.server.ts'
import type { Route } from './+types/inspection'
import { DeskFrame } from './layout.tsx'

export const meta: Route.MetaFunction = ({ data }) => [{ title: `Inspection of ${data?.inspection.policy_number ?? ''} · Claims desk` }]

export async function loader(args: Route.LoaderArgs) {
	const { api, name } = await requireOperator(args)
	const inspection = (
		await orDeskLogin(args, orNotFound(api.getDeskInspection(args.params.inspectionId), 'We could not find that inspection.'))
	).data
	return { inspection, name }
}

/** Approve (own-damage auto cover becomes active) or send back with a reason; the API checks the state. */
export async function action(args: Route.ActionArgs) {
	const { api } = await requireOperator(args)
	const id = args.params.inspectionId
	const form = await readForm(args.request)
	const intent = String(form.get('intent') ?? '')
	const text = (name: string) => String(form.get(name) ?? '').trim()
	try {
		const { message } = await orDeskLogin(
			args,
			api.deskInspectionDecision(
				id,
				intent === 'approve'
					? { decision: 'approve', note: text('note') }
					: { decision: intent === 'reject' ? 'reject' : intent, reason_code: text('reason_code'), note: text('note') },
			),
		)
		return redirectWithToast(args.request, `/ops/inspections/${id}`, { type: 'success', description: message ?? 'Done.' })
	} catch (error) {
		if (!(error instanceof ApiCallError)) throw error
		return data(
			{ intent, values: { note: text('note'), reason_code: text('reason_code') }, error: error.fieldErrors[0]?.message ?? error.message },
			{ status: error.status >= 500 ? 502 : error.status },
		)
	}
}

export default function DeskInspection() {
	const { inspection, name } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const error = (intent: string) =>
		actionData?.intent === intent ? (
			<p role="alert" className="mt-2 text-sm text-red-700">
				{actionData.error}
			</p>
		) : null
	return (
		<DeskFrame name={name}>
			<p className="text-sm">
				<Link to="/ops/inspections" className="text-brand-700 underline">
					Back to the inspections queue
				</Link>
			</p>
			<h1 className="mt-2 text-2xl font-bold">
				Pre-inspection of {inspection.policy_number} <StatusBadge kind="inspection" status={inspection.status} />
			</h1>
			<div className={`${panelClass} my-4`}>
				<Details
					items={[
						{ label: 'Business', value: inspection.business },
						{ label: 'Cover', value: inspection.product_name },
						{ label: 'Item', value: inspection.item ?? '—' },
						{ label: 'On approval', value: inspection.activates_cover ? 'The cover becomes active' : 'The condition is recorded' },
						{ label: 'Sent', value: inspection.submitted_at ? formatDayTime(inspection.submitted_at) : 'Not yet' },
						...(inspection.reject_reason_label ? [{ label: 'Sent back', value: inspection.reject_reason_label }] : []),
					]}
				/>
			</div>
			<ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Photos">
				{inspection.angles.map((a) => (
					<li key={a.name} className={panelClass}>
						<p className="font-medium">{a.label}</p>
						{a.photo ? (
							<a href={`/ops/inspections/${inspection.id}/photos/${a.photo.id}`}>
								<img
									src={`/ops/inspections/${inspection.id}/photos/${a.photo.id}`}
									alt={a.label}
									className="mt-2 h-48 w-full rounded object-cover"
								/>
							</a>
						) : (
							<p className="text-sm text-slate-600">No photo yet.</p>
						)}
					</li>
				))}
			</ul>
			{inspection.status === 'submitted' ? (
				<div className="mt-6 grid gap-4 md:grid-cols-2">
					<Form method="post" className={`${panelClass} space-y-2`}>
						<h2 className="text-lg font-semibold">Approve</h2>
						<label htmlFor="approve-note" className="block space-y-1 text-sm font-medium">
							<span className="block">Note (optional)</span>
							<TextInput id="approve-note" name="note" defaultValue={actionData?.intent === 'approve' ? actionData.values.note : ''} />
						</label>
						<SubmitButton name="intent" value="approve" pendingText="Approving…">
							Approve the inspection
						</SubmitButton>
						{error('approve')}
					</Form>
					<Form method="post" className={`${panelClass} space-y-2`}>
						<h2 className="text-lg font-semibold">Send back</h2>
						<label htmlFor="reject-reason" className="block space-y-1 text-sm font-medium">
							<span className="block">Reason</span>
							<Select
								id="reject-reason"
								name="reason_code"
								defaultValue={actionData?.intent === 'reject' ? actionData.values.reason_code : ''}
							>
								<option value="">Choose…</option>
								{Object.entries(INSPECTION_REJECT_REASONS).map(([value, label]) => (
									<option key={value} value={value}>
										{label}
									</option>
								))}
							</Select>
						</label>
						<label htmlFor="reject-note" className="block space-y-1 text-sm font-medium">
							<span className="block">What to take again</span>
							<TextInput id="reject-note" name="note" defaultValue={actionData?.intent === 'reject' ? actionData.values.note : ''} />
						</label>
						<SubmitButton name="intent" value="reject" variant="secondary" pendingText="Sending back…">
							Send back to the customer
						</SubmitButton>
						{error('reject')}
					</Form>
				</div>
			) : null}
		</DeskFrame>
	)
}
