import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, data, redirect, useActionData, useLoaderData } from 'react-router'
import { Link } from '#app/components/ui/link.tsx'
import { PaymentOptions } from '#app/components/payment-options.tsx'
import { QuoteDetails, QuoteLines } from '#app/components/quote-fields.tsx'
import { FormError, Stepper, SubmitButton } from '#app/components/ui/form.tsx'
import { panelClass } from '#app/components/ui/panel.tsx'
import { pendingStep } from '#app/lib/account.ts'
import { formatNairaFull } from '#app/lib/money.ts'
import { withReturnUrl } from '#app/lib/return-url.ts'
import { staffListPath } from '#app/lib/staff-plan.ts'
import { requireUser } from '#app/server/auth.server.ts'
import { formConstraint, readForm, replyWithApiError } from '#app/server/forms.server.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
import { forgetPendingPurchase } from '#app/server/pending-purchase.server.ts'
import { BuySchema, authorizePurchase, buyAndGo, purchaseKey } from '#app/server/purchase.server.ts'
import { redirectWithToast } from '#app/server/toast.server.ts'
import type { Route } from './+types/payment'
import { priceAgain, productAndPending } from './register.server.ts'
import { BUY_STEP, BUY_STEPS, buyPlanPath, describeFields } from './steps.ts'

export const meta: Route.MetaFunction = () => [{ title: 'Pay for your cover · Cover Portal' }]

/**
 * The authorize-purchase guard, and the kept quote. A new account still verifying its email or
 * completing KYC is sent to that step with a return_url back here, so it comes back to pay.
 */
async function requirePayer(args: Route.LoaderArgs | Route.ActionArgs) {
	const user = await requireUser(args)
	const step = pendingStep(user)
	if (step) throw redirect(withReturnUrl(step, new URL(args.request.url).pathname))
	const { permissions } = await authorizePurchase(args)
	const { product, pending } = await productAndPending(args)
	// A business's staff plan is bought from its staff list, not here.
	const staffList = pending ? staffListPath(user.customer.kind, product, pending.fields) : null
	if (staffList) {
		throw await redirectWithToast(args.request, staffList, {
			type: 'warning',
			description: 'Cover for your staff is bought from your staff list: upload it to see the price for each of them.',
		})
	}
	if (!pending) {
		throw await redirectWithToast(args.request, buyPlanPath(product.id), {
			type: 'warning',
			description: 'Get a price for your cover first.',
		})
	}
	return { permissions, product, pending }
}

export async function loader(args: Route.LoaderArgs) {
	const { permissions, product, pending } = await requirePayer(args)
	const priced = await priceAgain(args.context, product.id, pending.fields)
	return {
		product: { id: product.id, name: product.name, provider: product.provider },
		details: describeFields(product.purchase_fields, pending.fields),
		quoted: pending.total,
		quote: priced.quote,
		priceError: priced.error,
		balance: permissions.includes('wallet.view') ? (await apiFrom(args.context).getWallet()).data.balance : null,
		// A fresh key each time the page is drawn: a double submit of one form buys once.
		idempotencyKey: purchaseKey(),
		constraint: formConstraint(BuySchema),
	}
}

/** Buy the kept quote (the API prices it again); once bought, the kept quote is forgotten. */
export async function action(args: Route.ActionArgs) {
	const { product, pending } = await requirePayer(args)
	const submission = parseWithZod(await readForm(args.request), { schema: BuySchema })
	if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
	try {
		const response = await buyAndGo(args.request, apiFrom(args.context), product.id, pending.fields, submission.value)
		response.headers.append('Set-Cookie', await forgetPendingPurchase(args.request))
		return response
	} catch (error) {
		return replyWithApiError(submission, error)
	}
}

export default function Payment() {
	const { product, details, quoted, quote, priceError, balance, idempotencyKey, constraint } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const [form, fields] = useForm({ id: 'payment', lastResult: actionData?.result, constraint })
	return (
		<>
			<Stepper steps={BUY_STEPS} current={BUY_STEP.payment} />
			<h1 className="text-2xl font-bold">Pay for your cover</h1>
			<p className="mt-1 text-slate-600">
				{product.name}, {product.provider}
			</p>
			<section aria-labelledby="quote-heading" className={`mt-6 ${panelClass}`}>
				<h2 id="quote-heading" className="mb-3 font-semibold">
					Your quote
				</h2>
				<QuoteDetails details={details} />
				{quote ? (
					<div className="mt-3">
						<QuoteLines quote={quote} />
					</div>
				) : null}
				{quote && quote.total !== quoted ? (
					<p role="status" className="mt-3 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
						The price has changed since your quote of {formatNairaFull(quoted)}: it is now {formatNairaFull(quote.total)}.
					</p>
				) : null}
				<Link to={buyPlanPath(product.id)} className="mt-3 inline-block text-sm font-medium text-brand-700 underline">
					Change your quote
				</Link>
			</section>
			{quote ? (
				<Form method="post" className={`mt-4 space-y-4 ${panelClass}`} {...getFormProps(form)}>
					<FormError id={form.errorId} errors={[...(form.errors ?? []), ...(fields.idempotency_key.errors ?? [])]} />
					<input type="hidden" name="idempotency_key" value={idempotencyKey} />
					<PaymentOptions meta={fields.payment_option} total={quote.total} balance={balance} />
					<SubmitButton name="intent" value="buy" className="w-full" pendingText="Buying…">
						Buy for {formatNairaFull(quote.total)}
					</SubmitButton>
				</Form>
			) : (
				<FormError errors={[priceError ?? 'We could not price your cover.', 'Change your quote to go on.']} />
			)}
		</>
	)
}
