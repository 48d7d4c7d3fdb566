import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, data, redirect, useActionData, useLoaderData } from 'react-router'
import { DeskSignInBody } from '#api/contract/claims.ts'
import { FormError, SubmitButton, TextField } from '#app/components/ui/form.tsx'
import { panelClass } from '#app/components/ui/panel.tsx'
import { deskApi, deskStorage } from '#app/server/desk.server.ts'
import { formConstraint, readForm, replyWithApiError } from '#app/server/forms.server.ts'
import type { Route } from './+types/login'
import { DeskFrame } from './layout.tsx'

export const meta: Route.MetaFunction = () => [{ title: 'Claims desk sign-in · Cover Portal' }]

export async function loader(args: Route.LoaderArgs) {
	const { api } = await deskApi(args)
	if (api.client.token) throw redirect('/ops')
	return { constraint: formConstraint(DeskSignInBody) }
}

/** Operators only: the API refuses customers' accounts here, as the customers' sign-in refuses operators. */
export async function action(args: Route.ActionArgs) {
	const form = await readForm(args.request)
	const submission = parseWithZod(form, { schema: DeskSignInBody })
	if (submission.status !== 'success') return data({ result: submission.reply({ hideFields: ['password'] }) }, { status: 400 })
	const { api, session } = await deskApi(args)
	try {
		const { data: signedIn } = await api.deskSignIn(submission.value)
		session.set('token', signedIn.token)
		session.set('name', signedIn.operator.name)
		return redirect('/ops', { headers: { 'Set-Cookie': await deskStorage().commitSession(session) } })
	} catch (error) {
		return replyWithApiError(submission, error, ['password'])
	}
}

export default function DeskLogin() {
	const { constraint } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const [form, fields] = useForm({
		id: 'desk-login',
		lastResult: actionData?.result,
		constraint,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: DeskSignInBody }),
	})
	return (
		<DeskFrame name={null}>
			<div className="mx-auto max-w-md">
				<h1 className="text-2xl font-bold">Sign in to the claims desk</h1>
				<p className="mt-1 text-slate-700">For the insurer's claims staff. Customers sign in at /login.</p>
				<Form method="post" className={`mt-6 space-y-4 ${panelClass}`} {...getFormProps(form)}>
					<FormError id={form.errorId} errors={form.errors} />
					<TextField field={fields.email} label="Email address" type="email" autoComplete="username" />
					<TextField field={fields.password} label="Password" type="password" autoComplete="current-password" />
					<SubmitButton pendingText="Signing in…">Sign in</SubmitButton>
				</Form>
			</div>
		</DeskFrame>
	)
}
