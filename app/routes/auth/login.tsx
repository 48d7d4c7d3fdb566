import { getFormProps, useForm } from '@conform-to/react'
import { Form, useActionData, useLoaderData, useSearchParams } from 'react-router'
import { Link } from '#app/components/ui/link.tsx'
import { FormError, SubmitButton, TextField } from '#app/components/ui/form.tsx'
import { needsCacVerification, pendingStep } from '#app/lib/account.ts'
import { safeReturnUrl, withReturnUrl } from '#app/lib/return-url.ts'
import { LoginSchema, SignInRefused, redirectIfSignedIn, signInAuthenticator } from '#app/server/auth.server.ts'
import { formConstraint, readForm } from '#app/server/forms.server.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
import { redirectWithToast } from '#app/server/toast.server.ts'
import type { Route } from './+types/login'

export const meta: Route.MetaFunction = () => [{ title: 'Sign in · Cover Portal' }]

export function loader(args: Route.LoaderArgs) {
	redirectIfSignedIn(args)
	return { constraint: formConstraint(LoginSchema) }
}

export async function action({ request, context }: Route.ActionArgs) {
	// The strategy reads the form itself: it is handed the form as readForm checked and cleaned it.
	const form = await readForm(request)
	let signedIn
	try {
		signedIn = await signInAuthenticator(context).authenticate('form', new Request(request.url, { method: 'POST', body: form }))
	} catch (error) {
		if (error instanceof SignInRefused) return error.reply
		throw error
	}
	const { user, returnUrl: asked } = signedIn
	const api = apiFrom(context)
	// Spec section 4: unverified email goes to /verify-account; verified without a sector needs KYC.
	// Either step sends the user on to the return_url after.
	const step = pendingStep(user)
	if (step === '/verify-account') {
		await api.resendOtp({ email: user.email, purpose: 'verify-email' }).catch(() => {})
		return redirectWithToast(request, withReturnUrl('/verify-account', asked), {
			type: 'warning',
			description: 'Verify your email to continue: we sent you a new code.',
		})
	}
	if (step === '/update/kyc') {
		return redirectWithToast(request, withReturnUrl('/update/kyc', asked), {
			type: 'warning',
			description: 'Complete your details to start using your account.',
		})
	}
	// Spec section 4: KYC complete but CAC not verified opens the CAC dialog, unless the
	// user was on their way to another page.
	const safe = safeReturnUrl(asked)
	const returnUrl = safe === '/' && needsCacVerification(user.customer) ? '/?dialog=cac' : safe
	return redirectWithToast(request, returnUrl, { type: 'success', description: 'Welcome Back' })
}

export default function Login() {
	const { constraint } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const [searchParams] = useSearchParams()
	const [form, fields] = useForm({
		id: 'login',
		lastResult: actionData?.result,
		constraint,
	})
	const returnUrl = searchParams.get('return_url') ?? ''
	return (
		<>
			<h1 className="text-2xl font-bold">Sign in</h1>
			<p className="mt-1 text-sm text-slate-600">Manage your cover, staff benefits and claims.</p>
			<Form method="post" className="mt-6 space-y-4" {...getFormProps(form)}>
				<FormError id={form.errorId} errors={form.errors} />
				<input type="hidden" name="return_url" value={returnUrl} />
				<TextField field={fields.email} label="Email address" type="email" autoComplete="email" />
				<TextField field={fields.password} label="Password" type="password" autoComplete="current-password" />
				<div className="flex justify-end text-sm">
					<Link to="/password-reset" className="font-medium text-brand-700 underline">
						Forgot password?
					</Link>
				</div>
				<SubmitButton className="w-full" pendingText="Signing in…">
					Sign in
				</SubmitButton>
			</Form>
			<p className="mt-6 text-center text-sm">
				New here?{' '}
				<Link to={`/register${searchParams.size ? `?${searchParams}` : ''}`} className="font-medium text-brand-700 underline">
					Create an account
				</Link>
			</p>
		</>
	)
}
