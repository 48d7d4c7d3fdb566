import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, data, useActionData, useLoaderData } from 'react-router'
import { z } from 'zod'
import { Link } from '#app/components/ui/link.tsx'
import { Name, Password } from '#api/contract/common.ts'
import { PASSWORD_RULE } from '#api/contract/rules.ts'
import { FormError, NameFields, SubmitButton, TextField } from '#app/components/ui/form.tsx'
import { ApiCallError } from '#app/server/api.server.ts'
import { formConstraint, readForm, replyWithApiError } from '#app/server/forms.server.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
import { redirectWithToast } from '#app/server/toast.server.ts'
import type { Route } from './+types/invitation'

const AcceptSchema = z.object({
	token: z.string().min(1),
	first_name: Name('your first name'),
	last_name: Name('your last name'),
	password: Password,
})

export const meta: Route.MetaFunction = () => [{ title: 'Accept your invitation · Cover Portal' }]

export async function loader({ request, context }: Route.LoaderArgs) {
	const token = new URL(request.url).searchParams.get('token') ?? ''
	const constraint = formConstraint(AcceptSchema)
	if (!token) {
		return { token, constraint, invitation: null, problem: 'This invitation link is not complete. Open the link from your email again.' }
	}
	try {
		return { token, constraint, invitation: (await apiFrom(context).previewInvitation(token)).data, problem: null }
	} catch (error) {
		if (error instanceof ApiCallError && error.status >= 400 && error.status < 500) {
			return data({ token, constraint, invitation: null, problem: error.message }, { status: error.status })
		}
		throw error
	}
}

export async function action({ request, context }: Route.ActionArgs) {
	const submission = parseWithZod(await readForm(request), { schema: AcceptSchema })
	if (submission.status !== 'success') {
		return data({ result: submission.reply({ hideFields: ['password'] }) }, { status: 400 })
	}
	try {
		await apiFrom(context).activateInvitation(submission.value)
	} catch (error) {
		return replyWithApiError(submission, error, ['password'])
	}
	return redirectWithToast(request, '/', { type: 'success', description: 'Welcome to the team.' })
}

export default function Invitation() {
	const { token, invitation, problem, constraint } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const [form, fields] = useForm({
		id: 'invitation',
		lastResult: actionData?.result,
		constraint,
	})
	if (!invitation) {
		return (
			<>
				<h1 className="text-2xl font-bold">Invitation</h1>
				<p role="alert" className="mt-3 text-slate-700">
					{problem}
				</p>
				<Link to="/login" className="mt-6 inline-block font-medium text-brand-700 underline">
					Go to sign in
				</Link>
			</>
		)
	}
	return (
		<>
			<h1 className="text-2xl font-bold">Join {invitation.business_name}</h1>
			<p className="mt-1 text-sm text-slate-600">
				You were invited as <strong className="text-slate-900">{invitation.role}</strong> with{' '}
				<strong className="text-slate-900">{invitation.email}</strong>. Set your name and a password to accept.
			</p>
			<Form method="post" className="mt-6 space-y-4" {...getFormProps(form)}>
				<FormError id={form.errorId} errors={form.errors} />
				<input type="hidden" name="token" value={token} />
				<NameFields first={fields.first_name} last={fields.last_name} />
				<TextField field={fields.password} label="Password" hint={PASSWORD_RULE} type="password" autoComplete="new-password" />
				<SubmitButton className="w-full" pendingText="Joining…">
					Accept invitation
				</SubmitButton>
			</Form>
		</>
	)
}
