import { getFormProps, useForm } from '@conform-to/react'
import { Form, data, useActionData, useLoaderData } from 'react-router'
import { Link } from '#app/components/ui/link.tsx'
import { AccountFields, type AccountFormValues } from '#app/components/account-fields.tsx'
import { QuoteDetails } from '#app/components/quote-fields.tsx'
import { FormError, Stepper, SubmitButton } from '#app/components/ui/form.tsx'
import { formatNairaFull } from '#app/lib/money.ts'
import { withReturnUrl } from '#app/lib/return-url.ts'
import { formConstraint, readForm } from '#app/server/forms.server.ts'
import { RegisterSchema, heardFromOptions, signUpFromForm } from '#app/server/sign-up.server.ts'
import { redirectWithToast } from '#app/server/toast.server.ts'
import type { Route } from './+types/create-account'
import { productAndPending, redirectSignedIn } from './register.server.ts'
import { BUY_STEP, BUY_STEPS, accountDefaults, buyPlanPath, describeFields, paymentPath } from './steps.ts'

export const meta: Route.MetaFunction = () => [{ title: 'Create your account · Cover Portal' }]

/** A quote first; a signed-in customer goes on to pay it (the redirect guard). */
async function requireQuote(args: Route.LoaderArgs | Route.ActionArgs) {
	const { product, pending } = await productAndPending(args)
	redirectSignedIn(args, product.id, Boolean(pending))
	if (!pending) {
		throw await redirectWithToast(args.request, buyPlanPath(product.id), {
			type: 'warning',
			description: 'Get a price for your cover first.',
		})
	}
	return { product, pending }
}

export async function loader(args: Route.LoaderArgs) {
	const { product, pending } = await requireQuote(args)
	return {
		product: { id: product.id, name: product.name },
		total: pending.total,
		details: describeFields(product.purchase_fields, pending.fields),
		defaults: { account_type: 'individual', ...accountDefaults(product.purchase_fields, pending.fields) },
		constraint: formConstraint(RegisterSchema),
		channels: heardFromOptions(),
	}
}

/**
 * The account, as /register makes it; then the email's code and the customer's details, each step
 * sending the visitor on to pay (return_url), the quote waiting in its cookie.
 */
export async function action(args: Route.ActionArgs) {
	const { product } = await requireQuote(args)
	const signedUp = await signUpFromForm(args.context, args.request, await readForm(args.request))
	if (signedUp.failed) {
		const { data: reply, init } = signedUp.failed
		// An address with an account already: that customer signs in and comes back to pay.
		return data({ ...reply, emailTaken: init?.status === 409 }, init ?? undefined)
	}
	return redirectWithToast(
		args.request,
		withReturnUrl('/verify-account', paymentPath(product.id)),
		{ type: 'success', description: signedUp.toast },
		{ headers: signedUp.headers },
	)
}

export default function CreateAccount() {
	const { product, total, details, defaults, constraint, channels } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const [form, fields] = useForm<AccountFormValues>({
		id: 'create-account',
		lastResult: actionData?.result,
		constraint,
		defaultValue: defaults,
	})
	const signIn = `/login?return_url=${encodeURIComponent(paymentPath(product.id))}`
	const accountType = fields.account_type.initialValue === 'business' ? 'business' : 'individual'
	return (
		<>
			<Stepper steps={BUY_STEPS} current={BUY_STEP.account} />
			<h1 className="text-2xl font-bold">Create your account</h1>
			<section aria-labelledby="cover-heading" className="mt-4 rounded-lg bg-slate-50 p-4 text-sm">
				<h2 id="cover-heading" className="font-semibold">
					Your quote: {product.name}
				</h2>
				<div className="mt-2">
					<QuoteDetails details={details}>
						<div className="flex justify-between gap-4 font-semibold">
							<dt>Total</dt>
							<dd>{formatNairaFull(total)}</dd>
						</div>
					</QuoteDetails>
				</div>
				<Link to={buyPlanPath(product.id)} className="mt-2 inline-block font-medium text-brand-700 underline">
					Change your quote
				</Link>
			</section>
			<Form method="post" className="mt-6 space-y-4" {...getFormProps(form)}>
				<FormError id={form.errorId} errors={form.errors} />
				<fieldset className="space-y-2">
					<legend className="text-sm font-medium text-slate-800">Who is the cover for?</legend>
					{[
						{ value: 'individual', label: 'Myself and my family' },
						{ value: 'business', label: 'A business' },
					].map((option) => (
						<label key={option.value} className="flex items-center gap-2">
							<input
								type="radio"
								name={fields.account_type.name}
								value={option.value}
								defaultChecked={accountType === option.value}
								className="size-4 accent-brand-700"
							/>
							{option.label}
						</label>
					))}
				</fieldset>
				<AccountFields
					fields={fields}
					businessName={{ hint: 'Only for a business account.' }}
					channels={channels}
					afterEmail={
						actionData && 'emailTaken' in actionData && actionData.emailTaken ? (
							<p className="text-sm">
								<Link to={signIn} className="font-medium text-brand-700 underline">
									Sign in to buy this cover
								</Link>
							</p>
						) : null
					}
				/>
				<SubmitButton className="w-full" pendingText="Creating your account…">
					Create account
				</SubmitButton>
			</Form>
			<p className="mt-6 text-center text-sm">
				Already have an account?{' '}
				<Link to={signIn} className="font-medium text-brand-700 underline">
					Sign in
				</Link>
			</p>
		</>
	)
}
