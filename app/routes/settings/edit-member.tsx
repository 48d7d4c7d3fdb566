import { getFormProps, getSelectProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, data, useActionData, useLoaderData } from 'react-router'
import { z } from 'zod'
import { Link } from '#app/components/ui/link.tsx'
import { Id } from '#api/contract/common.ts'
import { formatDay } from '#api/contract/dates.ts'
import { ErrorList, Field, FormError, Select, SubmitButton, buttonClass } from '#app/components/ui/form.tsx'
import { Details } from '#app/components/ui/panel.tsx'
import { orNotFound, throwIfNotFound } from '#app/server/api-errors.server.ts'
import { requirePermission } from '#app/server/auth.server.ts'
import { formConstraint, readForm, replyWithApiError } from '#app/server/forms.server.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
import { redirectWithToast, toastFor } from '#app/server/toast.server.ts'
import type { Route } from './+types/edit-member'

const MemberSchema = z.object({
	role_id: z.uuid({ message: 'Choose a role.' }),
	status: z.enum(['active', 'deactivated'], { message: 'Choose whether the member is active or deactivated.' }),
})

const STATUSES = [
	{ value: 'active', label: 'Active', hint: 'Can sign in and work with the role’s permissions.' },
	{ value: 'deactivated', label: 'Deactivated', hint: 'Signed out at once and cannot sign in until reactivated.' },
] as const

const NOT_FOUND = 'We could not find that team member.'

/** An id that is not one, or a member of another business, is a 404 like any page that is not there. */
function memberId(params: { userId: string }) {
	const id = Id.safeParse(params.userId)
	if (!id.success) throw data(NOT_FOUND, { status: 404 })
	return id.data
}

export const meta: Route.MetaFunction = ({ data: loaded }) => [
	{ title: `${loaded ? `Edit ${loaded.member.first_name} ${loaded.member.last_name}` : 'Edit team member'} · Cover Portal` },
]

export async function loader(args: Route.LoaderArgs) {
	const { user, permissions } = await requirePermission(args, 'team.manage')
	const id = memberId(args.params)
	const api = apiFrom(args.context)
	const [member, roles] = await Promise.all([orNotFound(api.getTeamMember(id)), api.getRoles()])
	return {
		member: member.data,
		isSelf: member.data.id === user.id,
		// The roles the user may give: those they hold every permission of, and the member's own.
		roles: roles.data
			.filter((r) => r.id === member.data.role.id || r.permissions.every((p) => permissions.includes(p)))
			.map((r) => ({ id: r.id, name: r.name })),
		constraint: formConstraint(MemberSchema),
	}
}

export async function action(args: Route.ActionArgs) {
	await requirePermission(args, 'team.manage')
	const id = memberId(args.params)
	const submission = parseWithZod(await readForm(args.request), { schema: MemberSchema })
	if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
	let saved
	try {
		saved = await apiFrom(args.context).updateTeamMember(id, submission.value)
	} catch (error) {
		throwIfNotFound(error)
		return replyWithApiError(submission, error)
	}
	return redirectWithToast(args.request, '/settings?tab=team', toastFor(200, saved.message ?? 'Team member saved.'))
}

export default function EditMember() {
	const { member, isSelf, roles, constraint } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const [form, fields] = useForm({
		id: 'edit-member',
		lastResult: actionData?.result,
		defaultValue: { role_id: member.role.id, status: member.status },
		constraint,
	})
	const { key: _key, ...roleProps } = getSelectProps(fields.role_id)
	const name = `${member.first_name} ${member.last_name}`
	return (
		<>
			<h1 className="text-2xl font-bold">Edit {name}</h1>
			<p className="mt-1 text-slate-600">{isSelf ? 'This is you.' : 'A member of your team.'}</p>
			<section aria-labelledby="member-heading" className="mt-6 rounded-xl border border-slate-200 bg-white p-5">
				<h2 id="member-heading" className="mb-4 font-semibold">
					Now
				</h2>
				<Details
					items={[
						{ label: 'Email address', value: member.email },
						{ label: 'Role', value: member.role.name },
						{ label: 'Status', value: member.status === 'active' ? 'Active' : 'Deactivated' },
						{ label: 'Date added', value: <time dateTime={member.created_at}>{formatDay(member.created_at)}</time> },
					]}
				/>
			</section>
			<Form method="post" className="mt-6 space-y-5 rounded-xl border border-slate-200 bg-white p-5" {...getFormProps(form)}>
				<h2 className="font-semibold">Change</h2>
				<FormError id={form.errorId} errors={form.errors} />
				<Field label="Role" id={fields.role_id.id} errorId={fields.role_id.errorId} errors={fields.role_id.errors}>
					<Select {...roleProps}>
						{roles.map((r) => (
							<option key={r.id} value={r.id}>
								{r.name}
							</option>
						))}
					</Select>
				</Field>
				<fieldset className="space-y-2" aria-describedby={fields.status.errors ? fields.status.errorId : undefined}>
					<legend className="text-sm font-medium text-slate-800">Status</legend>
					{STATUSES.map((s) => (
						<div key={s.value} className="flex items-start gap-2">
							<input
								type="radio"
								id={`${fields.status.id}-${s.value}`}
								name={fields.status.name}
								value={s.value}
								defaultChecked={(fields.status.initialValue ?? member.status) === s.value}
								aria-invalid={fields.status.errors ? true : undefined}
								aria-describedby={`${fields.status.id}-${s.value}-hint`}
								className="mt-1 size-4 accent-brand-700"
							/>
							<div>
								<label htmlFor={`${fields.status.id}-${s.value}`}>{s.label}</label>
								<p id={`${fields.status.id}-${s.value}-hint`} className="text-sm text-slate-600">
									{s.hint}
								</p>
							</div>
						</div>
					))}
					<ErrorList id={fields.status.errorId} errors={fields.status.errors} />
				</fieldset>
				<div className="flex flex-wrap gap-3">
					<SubmitButton pendingText="Saving…">Save changes</SubmitButton>
					<Link to="/settings?tab=team" className={buttonClass('secondary')}>
						Cancel
					</Link>
				</div>
			</Form>
		</>
	)
}
