import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, data, redirect, useActionData, useLoaderData } from 'react-router'
import { Link } from '#app/components/ui/link.tsx'
import { QuoteFields, QuoteLines } from '#app/components/quote-fields.tsx'
import { FormError, Stepper, SubmitButton } from '#app/components/ui/form.tsx'
import { panelClass } from '#app/components/ui/panel.tsx'
import { readForm, replyWithApiError } from '#app/server/forms.server.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
import { keepPendingPurchase } from '#app/server/pending-purchase.server.ts'
import { quoteConstraint } from '#app/server/product.server.ts'
import { quoteFields } from '#app/server/purchase.server.ts'
import type { Route } from './+types/buy-plan'
import { BuyPlanSchema, isSignedIn, priceAgain, productAndPending } from './register.server.ts'
import { BUY_STEP, BUY_STEPS, buyPlanPath, createAccountPath, paymentPath } from './steps.ts'

export const meta: Route.MetaFunction = ({ data: loaded }) => [
	{ title: `${loaded ? `Buy ${loaded.product.name}` : 'Buy cover'} · Cover Portal` },
]

/** Anyone may price cover; a quote kept from before fills the form again, priced afresh. */
export async function loader(args: Route.LoaderArgs) {
	const { product, pending } = await productAndPending(args)
	const kept = pending ? await priceAgain(args.context, product.id, pending.fields) : null
	return {
		product,
		constraint: quoteConstraint(product.purchase_fields),
		defaults: pending?.fields ?? {},
		quote: kept?.quote ?? null,
		signedIn: isSignedIn(args.context),
	}
}

/**
 * 'quote' prices the fields as typed (decision 013). 'continue' prices them again, keeps them in the
 * pending-purchase cookie and goes on: to create an account, or, signed in, to pay.
 */
export async function action(args: Route.ActionArgs) {
	const { product } = await productAndPending(args)
	const formData = await readForm(args.request)
	const submission = parseWithZod(formData, { schema: BuyPlanSchema })
	if (submission.status !== 'success') return data({ result: submission.reply(), quote: null }, { status: 400 })
	const fields = quoteFields(product.purchase_fields, formData)
	let quote
	try {
		quote = (await apiFrom(args.context).computePrice({ ...fields, product_id: String(product.id) })).data
	} catch (error) {
		return replyWithApiError(submission, error)
	}
	if (submission.value.intent === 'quote') return { result: submission.reply(), quote }
	const next = isSignedIn(args.context) ? paymentPath(product.id) : createAccountPath(product.id)
	const cookie = await keepPendingPurchase(args.request, { product_id: product.id, fields, total: quote.total })
	return redirect(next, { headers: { 'Set-Cookie': cookie } })
}

export default function BuyPlan() {
	const { product, constraint, defaults, quote: kept, signedIn } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const [form, fields] = useForm<Record<string, string>>({
		id: 'buy-plan',
		lastResult: actionData?.result,
		constraint,
		defaultValue: defaults,
	})
	// The answer to this post when there is one (none after a failure), else the kept quote.
	const quote = actionData ? ('quote' in actionData ? actionData.quote : null) : kept
	return (
		<div className="space-y-4">
			<div className={panelClass}>
				<Stepper steps={BUY_STEPS} current={BUY_STEP.cover} />
				<h1 className="text-2xl font-bold">{product.name}</h1>
				<p className="mt-1 text-slate-600">{product.provider}</p>
				<p className="mt-3 text-slate-800">{product.description}</p>
				<h2 className="mt-4 mb-2 font-semibold">Benefits</h2>
				<ul className="list-disc space-y-1 pl-5 text-sm text-slate-800">
					{product.benefits.map((benefit) => (
						<li key={benefit}>{benefit}</li>
					))}
				</ul>
			</div>
			<section aria-labelledby="quote-heading" className={panelClass}>
				<h2 id="quote-heading" className="mb-3 font-semibold">
					Get a price
				</h2>
				<Form method="post" className="space-y-5" {...getFormProps(form)}>
					<FormError id={form.errorId} errors={form.errors} />
					<QuoteFields fields={product.purchase_fields} metas={fields} />
					<SubmitButton name="intent" value="quote" variant={quote ? 'secondary' : 'primary'} pendingText="Pricing…">
						Get a price
					</SubmitButton>
					{quote ? (
						<div role="status" className="border-t border-slate-200 pt-4">
							<h3 className="mb-2 font-semibold">Your quote</h3>
							<QuoteLines quote={quote} />
							<SubmitButton name="intent" value="continue" className="mt-4 w-full" pendingText="Saving your quote…">
								Continue
							</SubmitButton>
						</div>
					) : null}
				</Form>
			</section>
			{signedIn ? null : (
				<p className="text-center text-sm">
					Already have an account?{' '}
					<Link to={`/login?return_url=${encodeURIComponent(buyPlanPath(product.id))}`} className="font-medium text-brand-700 underline">
						Sign in
					</Link>
				</p>
			)}
		</div>
	)
}
