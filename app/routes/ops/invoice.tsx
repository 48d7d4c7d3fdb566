import { Form, data, useActionData, useLoaderData } from 'react-router'
import { InvoiceLines, LINES_PARAM } from '#app/components/invoice-lines.tsx'
import { Link } from '#app/components/ui/link.tsx'
import { Id } from '#api/contract/common.ts'
import { formatDay, formatDays } from '#api/contract/dates.ts'
import { Field, SubmitButton, TextInput } from '#app/components/ui/form.tsx'
import { Details, panelClass } from '#app/components/ui/panel.tsx'
import { StatusBadge } from '#app/components/ui/status-badge.tsx'
import { formatNairaFull } from '#app/lib/money.ts'
import { readPage } from '#app/lib/query.ts'
import { ApiCallError } from '#app/server/api.server.ts'
import { orNotFound } from '#app/server/api-errors.server.ts'
import { orDeskLogin, requireOperator } from '#app/server/desk.server.ts'
import { readForm } from '#app/server/forms.server.ts'
import { redirectWithToast } from '#app/server/toast.server.ts'
import { invoiceTitle } from '../invoices/parts.tsx'
import type { Route } from './+types/invoice'
import { DeskFrame } from './layout.tsx'

const NOT_FOUND = 'We could not find that invoice.'

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data ? invoiceTitle(data.invoice) : 'Invoice'} · Claims desk` }]

export async function loader(args: Route.LoaderArgs) {
	const { api, name } = await requireOperator(args)
	const id = Id.safeParse(args.params.invoiceId)
	if (!id.success) throw data(NOT_FOUND, { status: 404 })
	const linesPage = readPage(new URL(args.request.url).searchParams, LINES_PARAM)
	const invoice = (await orDeskLogin(args, orNotFound(api.getDeskInvoice(id.data, linesPage), NOT_FOUND))).data
	return { invoice, name }
}

/** Issue a credit note: the API checks the amount against what is not yet credited (decision 096). */
export async function action(args: Route.ActionArgs) {
	const { api } = await requireOperator(args)
	const id = Id.safeParse(args.params.invoiceId)
	if (!id.success) throw data(NOT_FOUND, { status: 404 })
	const form = await readForm(args.request)
	const values = { amount: String(form.get('amount') ?? '').trim(), reason: String(form.get('reason') ?? '').trim() }
	try {
		const { message } = await orDeskLogin(
			args,
			api.issueCreditNote(id.data, { amount: values.amount.replaceAll(',', ''), reason: values.reason }),
		)
		return redirectWithToast(args.request, `/ops/invoices/${id.data}`, { type: 'success', description: message ?? 'Credit note issued.' })
	} catch (error) {
		if (!(error instanceof ApiCallError)) throw error
		const fields: Record<string, string> = {}
		for (const e of error.fieldErrors) fields[e.path] ??= e.message
		return data(
			{ values, fields, error: error.fieldErrors.length ? null : error.message },
			{ status: error.status >= 500 ? 502 : error.status },
		)
	}
}

export default function DeskInvoice() {
	const { invoice, name } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	return (
		<DeskFrame name={name}>
			<p className="text-sm">
				<Link to="/ops/invoices" className="text-brand-700 underline">
					Back to the invoices
				</Link>
			</p>
			<h1 className="mt-2 text-2xl font-bold">
				{invoiceTitle(invoice)} <StatusBadge kind="invoice" status={invoice.status} />
			</h1>
			<div className={`${panelClass} my-4`}>
				<Details
					items={[
						{ label: 'Business', value: invoice.business.name },
						{ label: 'Plan', value: `${invoice.plan.policy_number} (${invoice.plan.product_name})` },
						...(invoice.adjusts
							? [
									{
										label: 'Credits invoice',
										value: (
											<Link to={`/ops/invoices/${invoice.adjusts.id}`} className="font-medium text-brand-700 underline">
												{invoice.adjusts.number}
											</Link>
										),
									},
								]
							: []),
						{ label: 'Period', value: formatDays(invoice.period_start, invoice.period_end) },
						{
							label: 'Issued',
							value: invoice.issued_on ? <time dateTime={invoice.issued_on}>{formatDay(invoice.issued_on)}</time> : 'Not yet',
						},
						{ label: 'Total', value: formatNairaFull(invoice.total) },
						...(invoice.kind === 'invoice'
							? [
									{ label: 'Paid', value: formatNairaFull(invoice.paid) },
									{ label: 'To pay', value: formatNairaFull(invoice.balance) },
									{ label: 'May still be credited', value: formatNairaFull(invoice.creditable) },
								]
							: []),
					]}
				/>
			</div>
			<InvoiceLines invoice={invoice} href={`/ops/invoices/${invoice.id}`} className="my-4" />
			{invoice.kind === 'invoice' ? (
				<section aria-labelledby="credit-notes-heading" className={`${panelClass} my-4`}>
					<h2 id="credit-notes-heading" className="mb-4 font-semibold">
						Credit notes
					</h2>
					{invoice.credit_notes.length === 0 ? (
						<p className="text-sm text-slate-600">None yet.</p>
					) : (
						<ul className="space-y-2">
							{invoice.credit_notes.map((n) => (
								<li key={n.id} className="flex flex-wrap justify-between gap-2">
									<span>
										<Link to={`/ops/invoices/${n.id}`} className="font-medium text-brand-700 underline">
											{n.number}
										</Link>{' '}
										{n.issued_on ? (
											<span className="text-sm text-slate-600">
												issued <time dateTime={n.issued_on}>{formatDay(n.issued_on)}</time>
											</span>
										) : null}
									</span>
									<span className="font-semibold">{formatNairaFull(n.total)}</span>
								</li>
							))}
						</ul>
					)}
				</section>
			) : null}
			{invoice.kind === 'invoice' && invoice.creditable > 0 ? (
				<Form method="post" className={`${panelClass} my-4 max-w-lg space-y-3`} aria-labelledby="credit-heading">
					<h2 id="credit-heading" className="text-lg font-semibold">
						Issue a credit note
					</h2>
					<p className="text-sm text-slate-600">
						The amount is paid into {invoice.business.name}’s wallet at once, and they are mailed. At most{' '}
						{formatNairaFull(invoice.creditable)}.
					</p>
					<Field
						label="Amount in Naira"
						id="credit-amount"
						errorId="credit-amount-error"
						errors={actionData?.fields.amount ? [actionData.fields.amount] : undefined}
					>
						<TextInput
							id="credit-amount"
							name="amount"
							inputMode="numeric"
							defaultValue={actionData?.values.amount ?? ''}
							aria-invalid={actionData?.fields.amount ? true : undefined}
							aria-describedby={actionData?.fields.amount ? 'credit-amount-error' : undefined}
						/>
					</Field>
					<Field
						label="Reason"
						hint="The business sees it on the credit note."
						id="credit-reason"
						errorId="credit-reason-error"
						errors={actionData?.fields.reason ? [actionData.fields.reason] : undefined}
					>
						<TextInput
							id="credit-reason"
							name="reason"
							defaultValue={actionData?.values.reason ?? ''}
							aria-invalid={actionData?.fields.reason ? true : undefined}
							aria-describedby={actionData?.fields.reason ? 'credit-reason-error' : undefined}
						/>
					</Field>
					{actionData?.error ? (
						<p role="alert" className="text-sm text-red-700">
							{actionData.error}
						</p>
					) : null}
					<SubmitButton pendingText="Issuing…">Issue a credit note</SubmitButton>
				</Form>
			) : null}
		</DeskFrame>
	)
}
