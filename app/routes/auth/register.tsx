import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, Link, data, useActionData, useLoaderData } from 'react-router'
import { z } from 'zod'
import { Email, Name, Password } from '#api/contract/common.ts'
import { PASSWORD_RULE } from '#api/contract/rules.ts'
import { PhoneInput } from '#app/components/ui/inputs.tsx'
import { Field, FormError, NameFields, Stepper, SubmitButton, TextField, buttonClass, inputProps } from '#app/components/ui/form.tsx'
import { phoneSchema } from '#api/contract/phone.ts'
import { redirectIfSignedIn } from '#app/server/auth.server.ts'
import { formConstraint, replyWithApiError } from '#app/server/forms.server.ts'
import { apiFrom } from '#app/server/insurer.server.ts'
import { redirectWithToast } from '#app/server/toast.server.ts'
import type { Route } from './+types/register'

export const REGISTER_STEPS = ['Account type', 'Your details', 'Verify email']

const AccountType = z.enum(['business', 'individual'])

const RegisterSchema = z
	.object({
		account_type: AccountType,
		business_name: z.string().trim().max(120, 'The business name is too long.').optional(),
		first_name: Name('your first name'),
		last_name: Name('your last name'),
		email: Email,
		phone: phoneSchema,
		password: Password,
	})
	.refine((v) => v.account_type !== 'business' || Boolean(v.business_name), {
		path: ['business_name'],
		message: 'Enter the name of your business.',
		// Checked even when other fields fail, so an empty form shows every message at once.
		when: ({ issues }) => !issues.some((i) => i.path?.[0] === 'account_type' || i.path?.[0] === 'business_name'),
	})

export const meta: Route.MetaFunction = () => [{ title: 'Create an account · Cover Portal' }]

export function loader(args: Route.LoaderArgs) {
	redirectIfSignedIn(args)
	const type = AccountType.safeParse(new URL(args.request.url).searchParams.get('type'))
	return { type: type.success ? type.data : null, constraint: formConstraint(RegisterSchema) }
}

export async function action({ request, context }: Route.ActionArgs) {
	const formData = await request.formData()
	const submission = parseWithZod(formData, { schema: RegisterSchema })
	if (submission.status !== 'success') {
		return data({ result: submission.reply({ hideFields: ['password'] }) }, { status: 400 })
	}
	const { business_name, ...rest } = submission.value
	try {
		await apiFrom(context).signUp({ ...rest, ...(rest.account_type === 'business' ? { business_name } : {}) })
	} catch (error) {
		return replyWithApiError(submission, error, ['password'])
	}
	return redirectWithToast(request, '/verify-account?from=register', {
		type: 'success',
		description: `Account created. We sent a 6-digit code to ${submission.value.email}.`,
	})
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
						<label key={option.value} className="flex cursor-pointer gap-3 rounded-lg border border-slate-300 p-4 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50">
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
	const { type, constraint } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const [form, fields] = useForm({
		id: 'register',
		lastResult: actionData?.result,
		constraint,
	})
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
			<Form method="post" className="space-y-4" {...getFormProps(form)}>
				<FormError id={form.errorId} errors={form.errors} />
				<input type="hidden" name="account_type" value={type} />
				{type === 'business' ? (
					<TextField field={fields.business_name} label="Business name" autoComplete="organization" />
				) : null}
				<NameFields first={fields.first_name} last={fields.last_name} />
				<TextField field={fields.email} label="Email address" type="email" autoComplete="email" />
				<Field label="Phone number" hint="Like 08031234567" id={fields.phone.id} errorId={fields.phone.errorId} errors={fields.phone.errors}>
					<PhoneInput {...inputProps(fields.phone, { type: 'tel' })} />
				</Field>
				<TextField field={fields.password} label="Password" hint={PASSWORD_RULE} type="password" autoComplete="new-password" />
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
