import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, createCookie, data, redirect, useActionData, useLoaderData } from 'react-router'
import { HoneypotInputs } from 'remix-utils/honeypot/react'
import { z } from 'zod'
import { Link } from '#app/components/ui/link.tsx'
import { Email, OtpCode, Password } from '#api/contract/common.ts'
import { PASSWORD_RULE } from '#api/contract/rules.ts'
import { FormError, Stepper, SubmitButton, TextField } from '#app/components/ui/form.tsx'
import { portalEnv } from '#app/server/env.server.ts'
import { formConstraint, readForm, replyWithApiError } from '#app/server/forms.server.ts'
import { SPAM_MESSAGE, isSpam } from '#app/server/honeypot.server.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
import { redirectWithToast, toastFor } from '#app/server/toast.server.ts'
import type { Route } from './+types/password-reset'

const STEPS = ['Your email', 'Code', 'New password']

/** The reset token lives in a short cookie between the code step and the new password, never in the page. */
function resetCookie() {
	return createCookie('password_reset', {
		httpOnly: true,
		sameSite: 'strict',
		path: '/',
		secure: portalEnv().secureCookies,
		maxAge: 15 * 60,
		secrets: portalEnv().sessionSecrets,
	})
}

const Schema = z.discriminatedUnion('intent', [
	z.object({ intent: z.literal('request'), email: Email }),
	z.object({ intent: z.literal('code'), email: Email, otp: OtpCode }),
	z.object({ intent: z.literal('resend'), email: Email }),
	z
		.object({
			intent: z.literal('password'),
			password: Password,
			confirm_password: z.string({ message: 'Type the new password again.' }),
		})
		.refine((v) => v.password === v.confirm_password, {
			path: ['confirm_password'],
			message: 'The two passwords are not the same.',
		}),
])

type Step = 'request' | 'code' | 'password'

export const meta: Route.MetaFunction = () => [{ title: 'Reset your password · Cover Portal' }]

export async function loader({ request }: Route.LoaderArgs) {
	const url = new URL(request.url)
	const email = Email.safeParse(url.searchParams.get('email') ?? '')
	let step: Step = (['code', 'password'] as const).find((s) => s === url.searchParams.get('step')) ?? 'request'
	if (step === 'code' && !email.success) step = 'request'
	if (step === 'password' && !(await resetCookie().parse(request.headers.get('Cookie')))) {
		throw redirect('/password-reset')
	}
	return { step, email: email.success ? email.data : '', constraint: formConstraint(Schema) }
}

export async function action({ request, context }: Route.ActionArgs) {
	const formData = await readForm(request)
	const submission = parseWithZod(formData, { schema: Schema })
	if (submission.status !== 'success') {
		return data({ result: submission.reply({ hideFields: ['password', 'confirm_password'] }) }, { status: 400 })
	}
	if (await isSpam(formData)) {
		return data({ result: submission.reply({ formErrors: [SPAM_MESSAGE], hideFields: ['password', 'confirm_password'] }) }, { status: 400 })
	}
	const api = apiFrom(context)
	const value = submission.value
	try {
		if (value.intent === 'request' || value.intent === 'resend') {
			const sent = await api.recoverPassword({ email: value.email })
			return redirectWithToast(
				request,
				`/password-reset?step=code&email=${encodeURIComponent(value.email)}`,
				toastFor(200, sent.data.message),
			)
		}
		if (value.intent === 'code') {
			const verified = await api.verifyOtp({ email: value.email, purpose: 'reset-password', otp: value.otp })
			return redirect('/password-reset?step=password', {
				headers: { 'Set-Cookie': await resetCookie().serialize(verified.data.reset_token) },
			})
		}
		const resetToken = await resetCookie().parse(request.headers.get('Cookie'))
		if (!resetToken) {
			return redirectWithToast(request, '/password-reset', toastFor(400, 'This reset has expired. Start again to get a new code.'))
		}
		const done = await api.resetPassword({ reset_token: resetToken, password: value.password })
		const headers = new Headers({ 'Set-Cookie': await resetCookie().serialize('', { maxAge: 0 }) })
		return redirectWithToast(request, '/login', toastFor(200, done.data.message), { headers })
	} catch (error) {
		return replyWithApiError(submission, error, ['password', 'confirm_password'])
	}
}

export default function PasswordReset() {
	const { step, email, constraint } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const [form, fields] = useForm({
		id: `password-reset-${step}`,
		lastResult: actionData?.result,
		constraint,
	})
	const current = STEPS.indexOf(step === 'request' ? 'Your email' : step === 'code' ? 'Code' : 'New password')
	return (
		<>
			<h1 className="text-2xl font-bold">Reset your password</h1>
			<Stepper steps={STEPS} current={current} />
			<Form method="post" className="space-y-4" {...getFormProps(form)}>
				<FormError id={form.errorId} errors={form.errors} />
				<HoneypotInputs className="hidden" />
				{step === 'request' ? (
					<>
						<p className="text-sm text-slate-600">We will send a 6-digit code to the email of your account.</p>
						<TextField field={fields.email} label="Email address" type="email" autoComplete="email" />
						<SubmitButton name="intent" value="request" className="w-full" pendingText="Sending…">
							Send code
						</SubmitButton>
					</>
				) : null}
				{step === 'code' ? (
					<>
						<p className="text-sm text-slate-600">
							If an account uses <strong className="text-slate-900">{email}</strong>, its code is on the way. It expires in 10 minutes.
						</p>
						<input type="hidden" name="email" value={email} />
						<TextField field={fields.otp} label="Code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
						<SubmitButton name="intent" value="code" className="w-full" pendingText="Checking…">
							Continue
						</SubmitButton>
						<button
							type="submit"
							name="intent"
							value="resend"
							formNoValidate
							className="w-full text-sm font-medium text-brand-700 underline"
						>
							Send a new code
						</button>
					</>
				) : null}
				{step === 'password' ? (
					<>
						<TextField field={fields.password} label="New password" hint={PASSWORD_RULE} type="password" autoComplete="new-password" />
						<TextField field={fields.confirm_password} label="New password again" type="password" autoComplete="new-password" />
						<SubmitButton name="intent" value="password" className="w-full" pendingText="Saving…">
							Set new password
						</SubmitButton>
					</>
				) : null}
			</Form>
			<p className="mt-6 text-center text-sm">
				<Link to="/login" className="font-medium text-brand-700 underline">
					Back to sign in
				</Link>
			</p>
		</>
	)
}
