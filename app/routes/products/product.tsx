import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, data, useActionData, useLoaderData } from 'react-router'
import { Link } from '#app/components/ui/link.tsx'
import { CATEGORY_LABELS } from '#api/contract/catalogue.ts'
import { FromPrice } from '#app/components/from-price.tsx'
import { PaymentOptions } from '#app/components/payment-options.tsx'
import { QuoteFields, QuoteLines } from '#app/components/quote-fields.tsx'
import { FormError, SubmitButton, buttonClass } from '#app/components/ui/form.tsx'
import { panelClass } from '#app/components/ui/panel.tsx'
import { ProviderMark } from '#app/components/ui/provider-mark.tsx'
import { formatNairaFull } from '#app/lib/money.ts'
import { staffListPath } from '#app/lib/staff-plan.ts'
import { orNotShown } from '#app/server/api-errors.server.ts'
import { requireReadyUser, userPermissions } from '#app/server/auth.server.ts'
import { readForm, replyWithApiError } from '#app/server/forms.server.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
import { QuoteFormSchema, TypedValuesSchema, loadProduct, quoteConstraint } from '#app/server/product.server.ts'
import { BuySchema, authorizePurchase, buyAndGo, purchaseKey, quoteFields } from '#app/server/purchase.server.ts'
import type { Route } from './+types/product'

export const meta: Route.MetaFunction = ({ data: loaded }) => [{ title: `${loaded ? loaded.product.name : 'Product'} · Cover Portal` }]

export async function loader(args: Route.LoaderArgs) {
	const user = await requireReadyUser(args)
	const api = apiFrom(args.context)
	const product = await loadProduct(api, args.params.productId)
	const canBuy = (await userPermissions(args, user)).includes('products.buy')
	return {
		product,
		constraint: quoteConstraint(product.purchase_fields),
		canBuy,
		customerKind: user.customer.kind,
		balance: canBuy ? await walletBalance(api) : null,
	}
}

/** The wallet balance, or null for a role that may buy but not see the wallet. */
async function walletBalance(api: ReturnType<typeof apiFrom>) {
	return (await orNotShown(api.getWallet()))?.data.balance ?? null
}

/**
 * 'quote' prices the fields as typed (decision 013); 'buy' buys that quote, the fields riding along
 * hidden, through the authorize-purchase guard (decision 015). Either way the typed values come back.
 */
export async function action(args: Route.ActionArgs) {
	const api = apiFrom(args.context)
	const formData = await readForm(args.request)
	const intent = formData.get('intent')
	if (intent === 'buy') await authorizePurchase(args)
	else await requireReadyUser(args)
	const product = await loadProduct(api, args.params.productId)
	const fields = quoteFields(product.purchase_fields, formData)
	// The quote form's values, whichever form was sent: they are the same fields.
	const typed = parseWithZod(formData, { schema: TypedValuesSchema }).reply()
	if (intent === 'buy') {
		const submission = parseWithZod(formData, { schema: BuySchema })
		let failed
		if (submission.status === 'success') {
			try {
				return await buyAndGo(args.request, api, product.id, fields, submission.value)
			} catch (error) {
				failed = replyWithApiError(submission, error)
			}
		} else failed = data({ result: submission.reply(), notifications: [] }, { status: 400 })
		// The quote stays on the page, the buy form's field messages under it.
		const quote = await api.computePrice({ ...fields, product_id: String(product.id) }).then(
			(r) => r.data,
			() => null,
		)
		const { result: buy, notifications } = failed.data
		return data({ result: typed, buy, notifications, quote, key: purchaseKey(), values: fields }, failed.init ?? { status: 400 })
	}
	const submission = parseWithZod(formData, { schema: QuoteFormSchema })
	if (submission.status !== 'success') return data({ result: submission.reply(), buy: null, quote: null }, { status: 400 })
	try {
		const quote = (await api.computePrice({ ...fields, product_id: String(product.id) })).data
		return { result: submission.reply(), buy: null, quote, key: purchaseKey(), values: fields }
	} catch (error) {
		const failed = replyWithApiError(submission, error)
		return data({ ...failed.data, buy: null, quote: null }, failed.init ?? { status: 400 })
	}
}

/**
 * Where the page lands after pricing: the quote form posts to `#your-quote`, so the browser (without
 * JavaScript) or React Router's scroll restoration (with it) brings the answer into view. Not the buy
 * form: a browser carries a form's fragment on through the redirects that follow a purchase.
 */
const QUOTE_ANCHOR = 'your-quote'

function List({ items }: { items: readonly string[] }) {
	return (
		<ul className="list-disc space-y-1 pl-5 text-sm text-slate-800">
			{items.map((item) => (
				<li key={item}>{item}</li>
			))}
		</ul>
	)
}

/** The buy step under a quote: how to pay, the quote's fields carried along hidden. */
function BuyPanel({
	values,
	total,
	balance,
	idempotencyKey,
	lastResult,
}: {
	values: Record<string, string>
	total: number
	balance: number | null
	idempotencyKey: string
	lastResult: unknown
}) {
	const [form, fields] = useForm<{ payment_option: string; idempotency_key: string }>({ id: 'buy', lastResult: lastResult as never })
	return (
		<Form method="post" className="mt-6 space-y-4 border-t border-slate-200 pt-4" {...getFormProps(form)}>
			<h3 className="font-semibold">Buy this cover</h3>
			<FormError id={form.errorId} errors={[...(form.errors ?? []), ...(fields.idempotency_key.errors ?? [])]} />
			{Object.entries(values).map(([name, value]) => (
				<input key={name} type="hidden" name={name} value={value} />
			))}
			<input type="hidden" name="idempotency_key" value={idempotencyKey} />
			<PaymentOptions meta={fields.payment_option} total={total} balance={balance} />
			<SubmitButton name="intent" value="buy" pendingText="Buying…">
				Buy for {formatNairaFull(total)}
			</SubmitButton>
		</Form>
	)
}

export default function ProductPage() {
	const { product, constraint, canBuy, customerKind, balance } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const [form, fields] = useForm<Record<string, string>>({ id: 'quote', lastResult: actionData?.result, constraint })
	const quote = actionData && 'quote' in actionData ? actionData.quote : null
	const key = actionData && 'key' in actionData ? actionData.key : null
	// The quote's fields as priced, for the buy form to carry.
	const values: Record<string, string> = actionData && 'values' in actionData ? actionData.values : {}
	const staffList = staffListPath(customerKind, product, values)
	const formAction = `/products/${product.id}#${QUOTE_ANCHOR}`
	const buyable = canBuy && !staffList && key

	return (
		<>
			<p className="text-sm text-slate-600">
				<Link to={`/products?category=${product.category}`} className="text-brand-700 underline">
					{CATEGORY_LABELS[product.category]}
				</Link>
			</p>
			<div className="flex items-start gap-3">
				<ProviderMark name={product.provider} size="lg" />
				<div>
					<h1 className="text-2xl font-bold">{product.name}</h1>
					<p className="mt-1 text-slate-600">{product.provider}</p>
				</div>
			</div>
			<p className="mt-3 text-slate-800">{product.description}</p>
			<FromPrice from={product.from} className="mt-1 text-slate-800" />
			<div className="mt-6 grid gap-4 md:grid-cols-2">
				<section aria-labelledby="benefits-heading" className={panelClass}>
					<h2 id="benefits-heading" className="mb-3 font-semibold">
						Benefits
					</h2>
					<List items={product.benefits} />
				</section>
				<section aria-labelledby="exclusions-heading" className={panelClass}>
					<h2 id="exclusions-heading" className="mb-3 font-semibold">
						Exclusions
					</h2>
					<List items={product.exclusions} />
				</section>
			</div>
			{product.claim_limits.length ? (
				<section aria-labelledby="limits-heading" className={`mt-4 ${panelClass}`}>
					<h2 id="limits-heading" className="mb-3 font-semibold">
						Claim limits
					</h2>
					<dl className="divide-y divide-slate-100 text-sm">
						{product.claim_limits.map((limit) => (
							<div key={limit.label} className="flex justify-between gap-4 py-2">
								<dt className="text-slate-700">{limit.label}</dt>
								<dd className="whitespace-nowrap font-semibold">{formatNairaFull(limit.amount)}</dd>
							</div>
						))}
					</dl>
				</section>
			) : null}
			{/* A refused pricing has no quote to land on: the form with its messages is the answer. */}
			<section id={quote ? undefined : QUOTE_ANCHOR} aria-labelledby="quote-heading" className={`mt-4 scroll-mt-4 ${panelClass}`}>
				<h2 id="quote-heading" className="mb-3 font-semibold">
					Get a price
				</h2>
				<Form method="post" action={formAction} className="space-y-5" {...getFormProps(form)}>
					<FormError id={form.errorId} errors={form.errors} />
					<QuoteFields fields={product.purchase_fields} metas={fields} />
					<SubmitButton name="intent" value="quote" pendingText="Pricing…">
						Get a price
					</SubmitButton>
				</Form>
				{quote ? (
					<div id={QUOTE_ANCHOR} role="status" className="mt-6 scroll-mt-4 border-t border-slate-200 pt-4">
						<h3 className="mb-2 font-semibold">Your quote</h3>
						<QuoteLines quote={quote} />
						{!canBuy ? (
							<p className="mt-4 text-sm text-slate-700">Your role cannot buy cover. Ask an owner of your business.</p>
						) : staffList ? (
							<p className="mt-4 text-sm text-slate-800">
								Cover for your staff is bought from your staff list.{' '}
								<Link to={staffList} className="font-semibold text-brand-700 underline">
									Upload your staff list
								</Link>
							</p>
						) : key ? (
							<BuyPanel values={values} total={quote.total} balance={balance} idempotencyKey={key} lastResult={actionData?.buy} />
						) : null}
						{/* On a phone the price and the buy button stay in view while the details scroll by. */}
						<section
							aria-label="Quote summary"
							className="sticky bottom-0 -mx-5 mt-4 flex items-center justify-between gap-3 border-t border-slate-200 bg-white px-5 py-3 md:hidden"
						>
							<p className="font-semibold">Total {formatNairaFull(quote.total)}</p>
							{buyable ? (
								<button type="submit" form="buy" name="intent" value="buy" className={buttonClass('primary')}>
									Buy
								</button>
							) : null}
						</section>
					</div>
				) : null}
			</section>
		</>
	)
}
