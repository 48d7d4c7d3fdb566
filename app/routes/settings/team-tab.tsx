import { type SubmissionResult, getFormProps, getSelectProps, useForm } from '@conform-to/react'
import { Form, useLocation } from 'react-router'
import { formatDay } from '#api/contract/dates.ts'
import { Link } from '#app/components/ui/link.tsx'
import { Button, Field, FormError, Select, SubmitButton, TextField, buttonClass } from '#app/components/ui/form.tsx'
import { Panel } from '#app/components/ui/panel.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { StatusBadge } from '#app/components/ui/status-badge.tsx'
import { EmailAddress } from '#app/components/ui/email-address.tsx'
import { Cell, ResponsiveTable } from '#app/components/ui/table.tsx'
import { MailCheck } from '#app/components/ui/icons.tsx'

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
				<ResponsiveTable caption="Team members" columns={['Name', 'Email', 'Role', 'Status', 'Date added']} actions={canManage}>
					{members.map((m) => (
						<tr key={m.id}>
							<Cell header>
								{m.first_name} {m.last_name}
							</Cell>
							<Cell label="Email">
								<EmailAddress value={m.email} />
							</Cell>
							<Cell label="Role">{m.role.name}</Cell>
							<Cell label="Status">
								<StatusBadge kind="member" status={m.status} />
							</Cell>
							<Cell label="Date added">
								<time dateTime={m.created_at}>{formatDay(m.created_at)}</time>
							</Cell>
							{canManage ? (
								<Cell>
									<Link to={`/settings/edit/${m.id}`} className="font-medium text-brand-700 underline">
										Edit<span className="sr-only"> {`${m.first_name} ${m.last_name}`}</span>
									</Link>
								</Cell>
							) : null}
						</tr>
					))}
				</ResponsiveTable>
			</Panel>

			<Panel id="invitations-heading" title="Invitations">
				<InvitationError result={invitationResult} />
				{invitations.length === 0 ? (
					<EmptyState icon={MailCheck} title="No invitations waiting.">
						{canManage ? 'Invite someone below: they get an email with a link to join.' : null}
					</EmptyState>
				) : (
					<ResponsiveTable caption="Invitations waiting for an answer" columns={['Email', 'Role', 'Status', 'Expires']} actions={canManage}>
						{invitations.map((i) => (
							<tr key={i.id}>
								<Cell header>
									<EmailAddress value={i.email} />
								</Cell>
								<Cell label="Role">{i.role.name}</Cell>
								<Cell label="Status">
									<StatusBadge kind="invitation" status={i.status} />
								</Cell>
								<Cell label="Expires">
									<time dateTime={i.expires_at}>{formatDay(i.expires_at)}</time>
								</Cell>
								{canManage ? (
									<Cell className="whitespace-nowrap">
										<InvitationButton id={i.id} intent="resend" label="Resend" email={i.email} />
										<InvitationButton id={i.id} intent="revoke" label="Revoke" email={i.email} />
									</Cell>
								) : null}
							</tr>
						))}
					</ResponsiveTable>
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
