import { getFormProps, useForm } from '@conform-to/react'
import { Form, useActionData, useLoaderData } from 'react-router'
import { Link } from '#app/components/ui/link.tsx'
import { useAccountDraft } from '#app/client/use-account-draft.ts'
import { AccountFields, type AccountFormValues } from '#app/components/account-fields.tsx'
import { FormError, Stepper, SubmitButton, buttonClass } from '#app/components/ui/form.tsx'
import { redirectIfSignedIn } from '#app/server/auth.server.ts'
import { formConstraint, readForm } from '#app/server/forms.server.ts'
import { AccountType, RegisterSchema, heardFromOptions, signUpFromForm } from '#app/server/sign-up.server.ts'
import { redirectWithToast } from '#app/server/toast.server.ts'
import type { Route } from './+types/register'

export const REGISTER_STEPS = ['Account type', 'Your details', 'Verify email']

export const meta: Route.MetaFunction = () => [{ title: 'Create an account · Cover Portal' }]

export function loader(args: Route.LoaderArgs) {
	redirectIfSignedIn(args)
	const type = AccountType.safeParse(new URL(args.request.url).searchParams.get('type'))
	return { type: type.success ? type.data : null, constraint: formConstraint(RegisterSchema), channels: heardFromOptions() }
}

export async function action({ request, context }: Route.ActionArgs) {
	const signedUp = await signUpFromForm(context, request, await readForm(request))
	if (signedUp.failed) return signedUp.failed
	return redirectWithToast(
		request,
		'/verify-account?from=register',
		{ type: 'success', description: signedUp.toast },
		{ headers: signedUp.headers },
	)
}

function ChooseType() {
	return (
		<>
			<h1 className="text-2xl font-bold">Create an account</h1>
			<Stepper steps={REGISTER_STEPS} current={0} />
			{/* A GET form: the chosen type goes into the URL, so the step works without JavaScript. */}
			<Form method="get" className="space-y-4">
				<fieldset className="space-y-3">
					<legend className="font-medium">Who is the cover for?</legend>
					{[
						{ value: 'business', label: 'A business', hint: 'Staff health plans, fleet and asset cover, a team and a wallet.' },
						{ value: 'individual', label: 'Myself and my family', hint: 'Health, auto, gadget and travel cover for you.' },
					].map((option, i) => (
						<label
							key={option.value}
							className="flex cursor-pointer gap-3 rounded-lg border border-slate-300 p-4 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
						>
							<input type="radio" name="type" value={option.value} defaultChecked={i === 0} className="mt-1 size-4 accent-brand-700" />
							<span>
								<span className="block font-semibold">{option.label}</span>
								<span className="block text-sm text-slate-600">{option.hint}</span>
							</span>
						</label>
					))}
				</fieldset>
				<button type="submit" className={buttonClass('primary', 'w-full')}>
					Continue
				</button>
			</Form>
		</>
	)
}

export default function Register() {
	const { type, constraint, channels } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const [form, fields] = useForm<AccountFormValues>({
		id: 'register',
		lastResult: actionData?.result,
		constraint,
	})
	const draft = useAccountDraft('register', type)
	if (!type) {
		return (
			<>
				<ChooseType />
				<SignInInstead />
			</>
		)
	}
	return (
		<>
			<h1 className="text-2xl font-bold">{type === 'business' ? 'Create a business account' : 'Create your account'}</h1>
			<Stepper steps={REGISTER_STEPS} current={1} />
			<Form method="post" className="space-y-4" {...getFormProps(form)} ref={draft}>
				<FormError id={form.errorId} errors={form.errors} />
				<input type="hidden" name="account_type" value={type} />
				<AccountFields fields={fields} businessName={type === 'business' ? {} : null} channels={channels} />
				<SubmitButton className="w-full" pendingText="Creating your account…">
					Create account
				</SubmitButton>
			</Form>
			<p className="mt-4 text-center text-sm">
				<Link to="/register" className="font-medium text-brand-700 underline">
					Change account type
				</Link>
			</p>
			<SignInInstead />
		</>
	)
}

function SignInInstead() {
	return (
		<p className="mt-6 text-center text-sm">
			Already have an account?{' '}
			<Link to="/login" className="font-medium text-brand-700 underline">
				Sign in
			</Link>
		</p>
	)
}
