import { getFormProps, getSelectProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, data, redirect, useActionData, useLoaderData } from 'react-router'
import { Link } from '#app/components/ui/link.tsx'
import { PLAN_BILLING } from '#api/contract/invoices.ts'
import { periodLabel } from '#api/contract/periods.ts'
import { buttonClass, Field, FileField, FormError, Select, SPREADSHEET_ACCEPT, Stepper, SubmitButton } from '#app/components/ui/form.tsx'
import { panelClass } from '#app/components/ui/panel.tsx'
import { ProblemList, StaffTable } from '#app/components/staff-list-preview.tsx'
import { formatNairaFull } from '#app/lib/money.ts'
import { formConstraint, replyWithApiError, readForm } from '#app/server/forms.server.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
import { loadProduct } from '#app/server/product.server.ts'
import { authorizePurchase, purchaseKey } from '#app/server/purchase.server.ts'
import { redirectWithToast } from '#app/server/toast.server.ts'
import type { Route } from './+types/batch'
import { BuyBatchSchema, UploadSchema, loadBatch, previewForm, requireStaffPlanProduct } from './batch.server.ts'

export const meta: Route.MetaFunction = ({ data: loaded }) => [
	{ title: `Buy ${loaded ? loaded.product.name : 'a staff plan'} for your staff · Cover Portal` },
]

const STEPS = ['Upload your staff list', 'Check and buy']

/** A staff plan bought from a file: the product of the URL, for a business that may buy. */
async function load(args: Route.LoaderArgs | Route.ActionArgs) {
	const { user } = await authorizePurchase(args)
	if (user.customer.kind !== 'business') throw data('Batch upload of staff is for business accounts.', { status: 403 })
	const api = apiFrom(args.context)
	const product = requireStaffPlanProduct(await loadProduct(api, args.params.productId))
	return { api, product }
}

export async function loader(args: Route.LoaderArgs) {
	const { api, product } = await load(args)
	const batchId = new URL(args.request.url).searchParams.get('batch')
	const batch = batchId ? await loadBatch(api, batchId) : null
	if (batch && batch.product_id !== product.id) throw redirect(`/products/${batch.product_id}/batch?batch=${batch.id}`)
	return {
		product: {
			id: product.id,
			name: product.name,
			provider: product.provider,
			periods: product.periods,
			member_age: product.member_age ?? null,
		},
		batch,
		// A new key each time the page is drawn: a double submit of the buy button buys once.
		idempotencyKey: purchaseKey(),
		constraint: formConstraint(UploadSchema),
	}
}

/** Upload: the API checks the file and keeps it, and the page shows it (?batch=). Buy: the staff plan. */
export async function action(args: Route.ActionArgs) {
	const { api, product } = await load(args)
	const formData = await readForm(args.request, 'Send the form again.')
	if (formData.get('intent') === 'buy') {
		const submission = parseWithZod(formData, { schema: BuyBatchSchema })
		if (submission.status !== 'success') return data({ intent: 'buy' as const, result: submission.reply() }, { status: 400 })
		try {
			const { data: bought, message } = await api.buyBatch({
				batch_id: submission.value.batch_id,
				idempotency_key: submission.value.idempotency_key,
			})
			return redirectWithToast(args.request, `/mycover/${bought.policy!.id}`, {
				type: 'success',
				description: message ?? `Your staff plan ${bought.policy!.policy_number} is set up.`,
			})
		} catch (error) {
			const reply = replyWithApiError(submission, error)
			return data({ intent: 'buy' as const, ...reply.data }, reply.init ?? undefined)
		}
	}
	const submission = parseWithZod(formData, { schema: UploadSchema })
	if (submission.status !== 'success') return data({ intent: 'upload' as const, result: submission.reply() }, { status: 400 })
	const { period, file } = submission.value
	try {
		const batch = (await api.previewBatch(previewForm(product.id, period, file))).data
		return redirect(`/products/${product.id}/batch?batch=${batch.id}`)
	} catch (error) {
		const reply = replyWithApiError(submission, error)
		return data({ intent: 'upload' as const, ...reply.data }, reply.init ?? undefined)
	}
}

type Batch = NonNullable<Awaited<ReturnType<typeof loader>>['batch']>

function Preview({ batch, idempotencyKey, buyErrors }: { batch: Batch; idempotencyKey: string; buyErrors?: readonly string[] }) {
	return (
		<div className="space-y-4">
			<section aria-labelledby="summary-heading" className={panelClass}>
				<h2 id="summary-heading" className="mb-3 font-semibold">
					{batch.product_name} for {batch.rows.length} staff
				</h2>
				<dl className="divide-y divide-slate-100 text-sm">
					<div className="flex justify-between gap-4 py-2">
						<dt className="text-slate-700">File</dt>
						<dd className="break-all">{batch.filename}</dd>
					</div>
					<div className="flex justify-between gap-4 py-2">
						<dt className="text-slate-700">Cover period</dt>
						<dd>{periodLabel(batch.quote.period ?? 'annual')}</dd>
					</div>
					<div className="flex justify-between gap-4 py-2">
						<dt className="text-slate-700">Staff ready</dt>
						<dd>
							{batch.valid_count} of {batch.rows.length}
						</dd>
					</div>
					{batch.quote.lines.map((line) => (
						<div key={line.label} className="flex justify-between gap-4 py-2">
							<dt className="text-slate-700">{line.label}</dt>
							<dd className="whitespace-nowrap">{formatNairaFull(line.amount)}</dd>
						</div>
					))}
					<div className="flex justify-between gap-4 py-2 text-base">
						<dt className="font-semibold">Total for the cover period</dt>
						<dd className="whitespace-nowrap font-bold">{formatNairaFull(batch.quote.total)}</dd>
					</div>
				</dl>
				<p className="mt-2 text-sm text-slate-700">Nothing is charged now. {PLAN_BILLING.rule}</p>
				{batch.policy_id ? (
					<p className="mt-4">
						This list is bought already.{' '}
						<Link to={`/mycover/${batch.policy_id}`} className="text-brand-700 underline">
							See the staff plan
						</Link>
					</p>
				) : batch.errors.length ? null : (
					<Form method="post" className="mt-4 flex flex-wrap gap-3">
						<FormError errors={buyErrors} />
						<input type="hidden" name="batch_id" value={batch.id} />
						<input type="hidden" name="idempotency_key" value={idempotencyKey} />
						<SubmitButton name="intent" value="buy" pendingText="Buying…">
							Buy the staff plan
						</SubmitButton>
					</Form>
				)}
			</section>
			{batch.errors.length ? <ProblemList batch={batch} /> : null}
			<section aria-labelledby="staff-heading" className={panelClass}>
				<h2 id="staff-heading" className="mb-3 font-semibold">
					Staff in the file
				</h2>
				<StaffTable batch={batch} />
			</section>
		</div>
	)
}

export default function BatchUpload() {
	const { product, batch, idempotencyKey, constraint } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const uploadResult = actionData?.intent === 'upload' ? actionData.result : undefined
	const [form, fields] = useForm({ id: 'batch-upload', lastResult: uploadResult, constraint, shouldRevalidate: 'onSubmit' })
	const buyErrors = actionData?.intent === 'buy' ? (actionData.result.error?.[''] ?? undefined) : undefined
	const showUpload = !batch || (batch.errors.length > 0 && !batch.policy_id)
	const { key: _key, ...periodProps } = getSelectProps(fields.period)
	return (
		<>
			<p className="text-sm">
				<Link to={`/products/${product.id}`} className="text-brand-700 underline">
					{product.name}
				</Link>
			</p>
			<h1 className="text-2xl font-bold">Buy {product.name} for your staff</h1>
			<p className="mt-1 text-slate-600">{product.provider}</p>
			<div className="mt-6">
				<Stepper steps={STEPS} current={batch && !batch.errors.length ? 1 : 0} />
			</div>
			{batch ? <Preview batch={batch} idempotencyKey={idempotencyKey} buyErrors={buyErrors} /> : null}
			{showUpload ? (
				<section aria-labelledby="upload-heading" className={`mt-4 ${panelClass}`}>
					<h2 id="upload-heading" className="mb-3 font-semibold">
						{batch ? 'Upload the corrected file' : 'Upload your staff list'}
					</h2>
					<p className="text-sm text-slate-700">
						One person a row, with their first and last name, email, phone, gender (male or female) and, if you have it, date of birth as
						YYYY-MM-DD. Up to 1,000 staff, CSV or XLSX, 5 MB at most.
						{product.member_age ? ` This plan covers people aged ${product.member_age.min} to ${product.member_age.max}.` : ''}
					</p>
					<p className="mt-2">
						<a href={`/products/${product.id}/batch/template.csv`} className="text-brand-700 underline" download>
							Download the template (CSV)
						</a>
					</p>
					<Form method="post" encType="multipart/form-data" className="mt-4 space-y-5" {...getFormProps(form)}>
						<FormError id={form.errorId} errors={form.errors} />
						<Field label="Cover period" id={fields.period.id} errorId={fields.period.errorId} errors={fields.period.errors}>
							<Select {...periodProps} defaultValue={String(fields.period.initialValue ?? batch?.period ?? 'annual')}>
								{product.periods.map((p) => (
									<option key={p} value={p}>
										{periodLabel(p)}
									</option>
								))}
							</Select>
						</Field>
						<FileField label="Staff list" accept={SPREADSHEET_ACCEPT} meta={fields.file} />
						<div className="flex flex-wrap gap-3">
							<SubmitButton name="intent" value="upload" pendingText="Checking the file…">
								Check the list
							</SubmitButton>
							<Link to={`/products/${product.id}`} className={buttonClass('secondary')}>
								Cancel
							</Link>
						</div>
					</Form>
				</section>
			) : batch && !batch.policy_id ? (
				<p className="mt-4">
					<Link to={`/products/${product.id}/batch`} className="text-brand-700 underline">
						Upload another file instead
					</Link>
				</p>
			) : null}
		</>
	)
}
