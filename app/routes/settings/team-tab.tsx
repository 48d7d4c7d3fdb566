import { type SubmissionResult, getFormProps, getSelectProps, useForm } from '@conform-to/react'
import { Form, Link, useLocation } from 'react-router'
import { Button, Field, FormError, Select, SubmitButton, TextField, buttonClass } from '#app/components/ui/form.tsx'
import { Panel } from '#app/components/ui/panel.tsx'
import { TableHead, tableClass, tdClass } from '#app/components/ui/table.tsx'
import { formatDate } from '#app/lib/greeting.ts'

type Member = {
	id: string
	first_name: string
	last_name: string
	email: string
	status: 'active' | 'deactivated'
	role: { name: string }
	created_at: string
}
type Invitation = { id: string; email: string; role: { name: string }; status: string; expires_at: string }
type Result = SubmissionResult<string[]> | undefined

type Props = {
	canManage: boolean
	members: Member[]
	invitations: Invitation[]
	roles: Array<{ id: string; name: string }>
	constraint: Parameters<typeof useForm>[0]['constraint']
	inviteResult: Result
	invitationResult: Result
}

export function TeamTab({ canManage, members, invitations, roles, constraint, inviteResult, invitationResult }: Props) {
	const location = useLocation()
	return (
		<div className="space-y-6">
			<Panel
				id="members-heading"
				title="Team members"
				action={
					<Link to="/settings/roles" className={buttonClass('secondary')}>
						Roles and permissions
					</Link>
				}
			>
				<div className="overflow-x-auto">
					<table className={tableClass}>
						<caption className="sr-only">Team members</caption>
						<TableHead columns={['Name', 'Email', 'Role', 'Status', 'Date added']} actions={canManage} />
						<tbody>
							{members.map((m) => (
								<tr key={m.id}>
									<th scope="row" className={`${tdClass} font-medium`}>
										{m.first_name} {m.last_name}
									</th>
									<td className={`${tdClass} break-all`}>{m.email}</td>
									<td className={tdClass}>{m.role.name}</td>
									<td className={tdClass}>
										<span className={m.status === 'active' ? 'text-emerald-800' : 'text-slate-600'}>
											{m.status === 'active' ? 'Active' : 'Deactivated'}
										</span>
									</td>
									<td className={tdClass}>
										<time dateTime={m.created_at}>{formatDate(m.created_at)}</time>
									</td>
									{canManage ? (
										<td className={tdClass}>
											<Link to={`/settings/edit/${m.id}`} className="font-medium text-brand-700 underline">
												Edit<span className="sr-only"> {`${m.first_name} ${m.last_name}`}</span>
											</Link>
										</td>
									) : null}
								</tr>
							))}
						</tbody>
					</table>
				</div>
			</Panel>

			<Panel id="invitations-heading" title="Invitations">
				<InvitationError result={invitationResult} />
				{invitations.length === 0 ? (
					<p className="text-sm text-slate-600">No invitations waiting.</p>
				) : (
					<div className="overflow-x-auto">
						<table className={tableClass}>
							<caption className="sr-only">Invitations waiting for an answer</caption>
							<TableHead columns={['Email', 'Role', 'Status', 'Expires']} actions={canManage} />
							<tbody>
								{invitations.map((i) => (
									<tr key={i.id}>
										<th scope="row" className={`${tdClass} break-all font-medium`}>
											{i.email}
										</th>
										<td className={tdClass}>{i.role.name}</td>
										<td className={tdClass}>{i.status === 'expired' ? 'Expired' : 'Pending'}</td>
										<td className={tdClass}>
											<time dateTime={i.expires_at}>{formatDate(i.expires_at)}</time>
										</td>
										{canManage ? (
											<td className={`${tdClass} whitespace-nowrap`}>
												<InvitationButton id={i.id} intent="resend" label="Resend" email={i.email} />
												<InvitationButton id={i.id} intent="revoke" label="Revoke" email={i.email} />
											</td>
										) : null}
									</tr>
								))}
							</tbody>
						</table>
					</div>
				)}
			</Panel>

			{canManage ? <InviteForm key={location.key} roles={roles} constraint={constraint} result={inviteResult} /> : null}
		</div>
	)
}

function InvitationError({ result }: { result: Result }) {
	const errors = result?.error ? Object.values(result.error).flatMap((e) => e ?? []) : []
	return errors.length ? (
		<div className="mb-4">
			<FormError errors={errors} />
		</div>
	) : null
}

/** Each action on an invitation is a small form of its own, so it works without JavaScript. */
function InvitationButton({ id, intent, label, email }: { id: string; intent: 'resend' | 'revoke'; label: string; email: string }) {
	return (
		<Form method="post" className="mr-2 inline-block">
			<input type="hidden" name="invitation_id" value={id} />
			<Button type="submit" name="intent" value={intent} variant="secondary" className="min-h-9 px-3 py-1 text-sm">
				{label}
				<span className="sr-only"> the invitation to {email}</span>
			</Button>
		</Form>
	)
}

function InviteForm({ roles, constraint, result }: { roles: Props['roles']; constraint: Props['constraint']; result: Result }) {
	const [form, fields] = useForm({ id: 'invite', lastResult: result, constraint })
	const { key: _key, ...roleProps } = getSelectProps(fields.role_id)
	return (
		<Panel id="invite-heading" title="Invite someone">
			<p className="-mt-2 mb-4 text-sm text-slate-600">We email them a link to join. It works for 7 days.</p>
			<Form method="post" className="space-y-4" {...getFormProps(form)}>
				<FormError id={form.errorId} errors={form.errors} />
				<div className="grid gap-4 sm:grid-cols-2">
					<TextField field={fields.email} label="Email address" type="email" autoComplete="off" />
					<Field label="Role" id={fields.role_id.id} errorId={fields.role_id.errorId} errors={fields.role_id.errors}>
						<Select {...roleProps}>
							<option value="">Choose a role</option>
							{roles.map((r) => (
								<option key={r.id} value={r.id}>
									{r.name}
								</option>
							))}
						</Select>
					</Field>
					<TextField field={fields.first_name} label="First name (optional)" autoComplete="off" />
					<TextField field={fields.last_name} label="Last name (optional)" autoComplete="off" />
				</div>
				<SubmitButton name="intent" value="invite" pendingText="Sending…">
					Send invitation
				</SubmitButton>
			</Form>
		</Panel>
	)
}
