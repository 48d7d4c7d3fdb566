import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, data, useActionData, useLoaderData } from 'react-router'
import { z } from 'zod'
import { Link } from '#app/components/ui/link.tsx'
import { RELATIONSHIPS } from '#api/contract/employees.ts'
import { formatDay, formatDayTime } from '#api/contract/dates.ts'
import { Field, FormError, NameFields, Select, SubmitButton, TextField, buttonClass } from '#app/components/ui/form.tsx'
import { Details, Panel } from '#app/components/ui/panel.tsx'
import { StatusBadge } from '#app/components/ui/status-badge.tsx'
import { plural } from '#app/lib/plural.ts'
import { requireBusinessPermission } from '#app/server/auth.server.ts'
import { formConstraint, readForm, replyWithApiError } from '#app/server/forms.server.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
import { redirectWithToast, toastFor } from '#app/server/toast.server.ts'
import type { Route } from './+types/employee'
import { PersonSchema } from './employees.server.ts'
import { PersonFields } from './person-fields.tsx'
import { DependantList, PolicyRecords } from '#app/components/person-cover.tsx'

const BioSchema = PersonSchema.extend({ intent: z.literal('edit') })
const DependantSchema = z.object({
	intent: z.literal('add-dependant'),
	first_name: z.string({ message: 'Enter the first name.' }).trim().min(1, 'Enter the first name.').max(80),
	last_name: z.string({ message: 'Enter the last name.' }).trim().min(1, 'Enter the last name.').max(80),
	relationship: z.enum(RELATIONSHIPS, { message: 'Choose spouse or child.' }),
	date_of_birth: z.iso.date({ message: 'Enter the date of birth like 2015-05-17.' }),
	gender: z.enum(['male', 'female'], { message: 'Choose male or female.' }),
})
const ActionSchema = z.discriminatedUnion('intent', [BioSchema, DependantSchema, z.object({ intent: z.literal('reactivate') })])

export const meta: Route.MetaFunction = ({ data }) => [
	{ title: `${data && 'employee' in data ? `${data.employee.first_name} ${data.employee.last_name}` : 'Staff member'} · Cover Portal` },
]

export async function loader(args: Route.LoaderArgs) {
	const { permissions } = await requireBusinessPermission(args, 'employees.view')
	const { data: employee } = await apiFrom(args.context).getEmployee(args.params.employeeId)
	return {
		employee,
		canManagePlans: permissions.includes('plans.manage'),
		bio: formConstraint(BioSchema),
		dependant: formConstraint(DependantSchema),
	}
}

export async function action(args: Route.ActionArgs) {
	await requireBusinessPermission(args, 'employees.manage')
	const id = args.params.employeeId
	const form = await readForm(args.request)
	const submission = parseWithZod(form, { schema: ActionSchema })
	const intent = String(form.get('intent'))
	if (submission.status !== 'success') return data({ intent, result: submission.reply() }, { status: 400 })
	const api = apiFrom(args.context)
	const value = submission.value
	let message: string
	try {
		if (value.intent === 'edit') {
			const { intent: _i, ...bio } = value
			message = (await api.editEmployee(id, bio)).message ?? 'Bio updated.'
		} else if (value.intent === 'add-dependant') {
			const { intent: _i, ...dependant } = value
			message = (await api.addDependant(id, dependant)).message ?? 'Dependant added.'
		} else {
			message = (await api.reactivateEmployee(id)).message ?? 'Staff member reactivated.'
		}
	} catch (error) {
		const reply = replyWithApiError(submission, error)
		return data({ intent, ...reply.data }, { status: reply.init?.status ?? 400 })
	}
	return redirectWithToast(args.request, `/employees/${id}`, toastFor(200, message))
}

export default function Employee() {
	const { employee: e, canManagePlans, bio, dependant } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const [bioForm, bioFields] = useForm({
		id: 'bio',
		lastResult: actionData?.intent === 'edit' ? actionData.result : undefined,
		defaultValue: {
			first_name: e.first_name,
			last_name: e.last_name,
			email: e.email,
			phone: e.phone,
			gender: e.gender,
			date_of_birth: e.date_of_birth ?? '',
		},
		constraint: bio,
	})
	const [depForm, depFields] = useForm({
		id: 'dependant',
		lastResult: actionData?.intent === 'add-dependant' ? actionData.result : undefined,
		constraint: dependant,
	})
	const leaving = e.leaves_on && e.status !== 'active' && e.status !== 'is_pending'
	// A refused form stays, with what was typed, whatever the slots say now.
	const canAddDependant = actionData?.intent === 'add-dependant' || Boolean(e.dependant_slots_free)
	const plan = e.policies.find((p) => p.kind === 'plan' && p.role === 'member' && !p.status.startsWith('is_'))
	return (
		<div className="space-y-6">
			<div className="flex flex-wrap items-center gap-3">
				<h1 className="text-2xl font-bold">
					{e.first_name} {e.last_name}
				</h1>
				<StatusBadge kind="employee" status={e.status} />
			</div>
			{leaving ? (
				<p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900" role="status">
					Covered to {formatDay(e.leaves_on!)}.{' '}
					{e.status.startsWith('to_be') ? `The change takes effect on the day after.` : 'No longer covered.'}
					{e.replaced_by ? (
						<>
							{' '}
							Replaced by{' '}
							<Link to={`/employees/${e.replaced_by.id}`} className="underline">
								{e.replaced_by.name}
							</Link>
							.
						</>
					) : null}
				</p>
			) : e.status === 'is_pending' ? (
				<p className="rounded-md bg-sky-50 p-3 text-sm text-sky-900" role="status">
					Cover starts on {formatDay(e.enrolled_on)}.
				</p>
			) : null}
			{leaving ? (
				<Form method="post">
					<input type="hidden" name="intent" value="reactivate" />
					<SubmitButton pendingText="Reactivating…">{e.status.startsWith('to_be') ? 'Cancel the change' : 'Reactivate'}</SubmitButton>
				</Form>
			) : null}
			<Panel id="bio-heading" title="Bio">
				<Details
					items={[
						{ label: 'Date enrolled', value: formatDay(e.enrolled_on) },
						{ label: 'Total policies', value: e.total_policies },
					]}
				/>
				<Form method="post" className="mt-4 space-y-4" {...getFormProps(bioForm)}>
					<input type="hidden" name="intent" value="edit" />
					<FormError id={bioForm.errorId} errors={bioForm.errors} />
					<PersonFields fields={bioFields} />
					<SubmitButton pendingText="Saving…">Save bio</SubmitButton>
				</Form>
			</Panel>
			<Panel id="policies-heading" title="Policy records">
				{e.policies.length ? (
					<PolicyRecords policies={e.policies} coveredTo />
				) : (
					<p className="text-sm text-slate-600">Not on any plan or policy yet.</p>
				)}
			</Panel>
			<Panel id="dependants-heading" title="Dependants">
				<DependantList dependants={e.dependants} className="mb-4" />
				<h3 className="font-semibold">Add a dependant</h3>
				{/* Said before the form is filled in, not after (decision 165). */}
				{!canAddDependant && e.dependant_slots_free === null ? (
					<p className="text-sm text-slate-600">Dependants are covered on a staff plan: enrol {e.first_name} on one to add them.</p>
				) : !canAddDependant ? (
					<p className="text-sm text-slate-600">
						No dependant slot is free on {e.first_name}’s staff plan.{' '}
						{canManagePlans && plan ? (
							<Link to={`/mycover/${plan.policy_id}/dependants`} className="text-brand-700 underline">
								Add dependant slots to {plan.policy_number}
							</Link>
						) : (
							'Someone who manages your plans can add dependant slots.'
						)}
					</p>
				) : (
					<p className="text-sm text-slate-600">
						A spouse and up to four children under 18
						{e.dependant_slots_free ? `: ${plural(e.dependant_slots_free, 'dependant slot')} free on the staff plan` : ''}.
					</p>
				)}
				{canAddDependant ? (
					<Form method="post" className="mt-3 space-y-4" {...getFormProps(depForm)}>
						<input type="hidden" name="intent" value="add-dependant" />
						<FormError id={depForm.errorId} errors={depForm.errors} />
						<NameFields first={depFields.first_name} last={depFields.last_name} />
						<div className="grid gap-4 sm:grid-cols-3">
							<Field
								label="Relationship"
								id={depFields.relationship.id}
								errorId={depFields.relationship.errorId}
								errors={depFields.relationship.errors}
							>
								<Select
									id={depFields.relationship.id}
									name={depFields.relationship.name}
									defaultValue={depFields.relationship.initialValue as string | undefined}
								>
									<option value="">Choose</option>
									<option value="spouse">Spouse</option>
									<option value="child">Child</option>
								</Select>
							</Field>
							<TextField field={depFields.date_of_birth} label="Date of birth" type="date" />
							<Field label="Gender" id={depFields.gender.id} errorId={depFields.gender.errorId} errors={depFields.gender.errors}>
								<Select
									id={depFields.gender.id}
									name={depFields.gender.name}
									defaultValue={depFields.gender.initialValue as string | undefined}
								>
									<option value="">Choose</option>
									<option value="female">Female</option>
									<option value="male">Male</option>
								</Select>
							</Field>
						</div>
						<SubmitButton pendingText="Adding…">Add dependant</SubmitButton>
					</Form>
				) : null}
			</Panel>
			<Panel id="history-heading" title="History">
				{e.history.length ? (
					<ol className="space-y-2 text-sm">
						{e.history.map((h) => (
							<li key={h.id}>
								<time dateTime={h.created_at} className="text-slate-600">
									{formatDayTime(h.created_at)}
								</time>{' '}
								{h.description}
								{h.effective_on ? <span className="text-slate-600"> (effective {formatDay(h.effective_on)})</span> : null}
							</li>
						))}
					</ol>
				) : (
					<p className="text-sm text-slate-600">Nothing yet.</p>
				)}
			</Panel>
			<Link to="/employees" className={buttonClass('secondary')}>
				Back to employees
			</Link>
		</div>
	)
}
