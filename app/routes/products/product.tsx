import { type FieldMetadata, getFormProps, getSelectProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, Link, data, useActionData, useLoaderData } from 'react-router'
import { CATEGORY_LABELS, type FormField } from '#api/domain/catalogue/types.ts'
import { Field, FormError, Select, SubmitButton, TextInput, inputProps } from '#app/components/ui/form.tsx'
import { FormatInput, NairaInput, PhoneInput } from '#app/components/ui/inputs.tsx'
import { formatNairaFull } from '#app/lib/money.ts'
import { requireReadyUser } from '#app/server/auth.server.ts'
import { replyWithApiError } from '#app/server/forms.server.ts'
import { apiFrom } from '#app/server/insurer.server.ts'
import { panelClass } from '#app/routes/wallet/parts.tsx'
import type { Route } from './+types/product'
import { QuoteFormSchema, loadProduct, quoteConstraint } from './product.server.ts'

export const meta: Route.MetaFunction = ({ data: loaded }) => [
	{ title: `${loaded ? loaded.product.name : 'Product'} · Cover Portal` },
]

export async function loader(args: Route.LoaderArgs) {
	await requireReadyUser(args)
	const product = await loadProduct(apiFrom(args.context), args.params.productId)
	return { product, constraint: quoteConstraint(product.purchase_fields) }
}

/** A price for the fields as typed: the API reads and checks them, and prices (decision 013). */
export async function action(args: Route.ActionArgs) {
	await requireReadyUser(args)
	const api = apiFrom(args.context)
	const product = await loadProduct(api, args.params.productId)
	const formData = await args.request.formData()
	const submission = parseWithZod(formData, { schema: QuoteFormSchema })
	if (submission.status !== 'success') return data({ result: submission.reply(), quote: null }, { status: 400 })
	const fields = Object.fromEntries(
		product.purchase_fields.map((f) => [f.name, String(formData.get(f.name) ?? '')] as const).filter(([, value]) => value !== ''),
	)
	try {
		const quote = (await api.computePrice({ ...fields, product_id: String(product.id) })).data
		return { result: submission.reply(), quote }
	} catch (error) {
		return replyWithApiError(submission, error)
	}
}

function List({ items }: { items: readonly string[] }) {
	return (
		<ul className="list-disc space-y-1 pl-5 text-sm text-slate-800">
			{items.map((item) => (
				<li key={item}>{item}</li>
			))}
		</ul>
	)
}

/** The control a catalogue field asks for; the API reads the text of each the same way. */
function QuoteControl({ field, meta }: { field: FormField; meta: FieldMetadata<string> }) {
	switch (field.kind) {
		case 'select': {
			const { key: _key, ...props } = getSelectProps(meta)
			return (
				<Select {...props}>
					<option value="">Choose…</option>
					{field.options.map((o) => (
						<option key={o.value} value={o.value}>
							{o.label}
						</option>
					))}
				</Select>
			)
		}
		case 'naira':
			return <NairaInput {...inputProps(meta, { type: 'text' })} autoComplete="off" />
		case 'number':
			return <FormatInput {...inputProps(meta, { type: 'text' })} autoComplete="off" />
		case 'phone':
			return <PhoneInput {...inputProps(meta, { type: 'tel' })} />
		case 'date':
		case 'email':
		case 'text':
			return <TextInput {...inputProps(meta, { type: field.kind })} />
	}
}

export default function ProductPage() {
	const { product, constraint } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const [form, fields] = useForm<Record<string, string>>({ id: 'quote', lastResult: actionData?.result, constraint })
	const quote = actionData && 'quote' in actionData ? actionData.quote : null
	return (
		<>
			<p className="text-sm text-slate-600">
				<Link to={`/products?category=${product.category}`} className="text-brand-700 underline">
					{CATEGORY_LABELS[product.category]}
				</Link>
			</p>
			<h1 className="text-2xl font-bold">{product.name}</h1>
			<p className="mt-1 text-slate-600">{product.provider}</p>
			<p className="mt-3 text-slate-800">{product.description}</p>
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
			<section aria-labelledby="quote-heading" className={`mt-4 ${panelClass}`}>
				<h2 id="quote-heading" className="mb-3 font-semibold">
					Get a price
				</h2>
				<Form method="post" className="space-y-5" {...getFormProps(form)}>
					<FormError id={form.errorId} errors={form.errors} />
					{product.purchase_fields.map((field) => {
						const meta = fields[field.name]!
						return (
							<Field key={field.name} label={field.label} hint={field.hint} id={meta.id} errorId={meta.errorId} errors={meta.errors}>
								<QuoteControl field={field} meta={meta} />
							</Field>
						)
					})}
					<SubmitButton name="intent" value="quote" pendingText="Pricing…">
						Get a price
					</SubmitButton>
				</Form>
				{quote ? (
					<div role="status" className="mt-6 border-t border-slate-200 pt-4">
						<h3 className="mb-2 font-semibold">Your quote</h3>
						<dl className="divide-y divide-slate-100 text-sm">
							{quote.lines.map((line) => (
								<div key={line.label} className="flex justify-between gap-4 py-2">
									<dt className="text-slate-700">{line.label}</dt>
									<dd className="whitespace-nowrap">{formatNairaFull(line.amount)}</dd>
								</div>
							))}
							<div className="flex justify-between gap-4 py-2 text-base">
								<dt className="font-semibold">Total</dt>
								<dd className="whitespace-nowrap font-bold">{formatNairaFull(quote.total)}</dd>
							</div>
						</dl>
					</div>
				) : null}
			</section>
		</>
	)
}
