import { parseWithZod } from '@conform-to/zod/v4'
import { Form, data, redirectDocument, useLoaderData } from 'react-router'
import { z } from 'zod'
import { InvoiceLines, LINES_PARAM } from '#app/components/invoice-lines.tsx'
import { Link } from '#app/components/ui/link.tsx'
import { Id } from '#api/contract/common.ts'
import { formatDay, formatDays, formatDayTime, formatMonth } from '#api/contract/dates.ts'
import { Button, buttonClass } from '#app/components/ui/form.tsx'
import { Details, panelClass } from '#app/components/ui/panel.tsx'
import { StatusBadge } from '#app/components/ui/status-badge.tsx'
import { formatNairaFull } from '#app/lib/money.ts'
import { readPage } from '#app/lib/query.ts'
import { notify, notifyApiError, orNotFound } from '#app/server/api-errors.server.ts'
import { requireBusinessPermission } from '#app/server/auth.server.ts'
import { readForm } from '#app/server/forms.server.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
import { redirectWithToast, toastFor } from '#app/server/toast.server.ts'
import type { Route } from './+types/invoice'
import { invoiceTitle } from './parts.tsx'

const NOT_FOUND = 'We could not find that invoice.'
const PaySchema = z.object({ intent: z.enum(['wallet', 'gateway']) })

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data ? invoiceTitle(data.invoice) : 'Invoice'} · Cover Portal` }]

export async function loader(args: Route.LoaderArgs) {
	const { permissions } = await requireBusinessPermission(args, 'invoices.view')
	const id = Id.safeParse(args.params.invoiceId)
	if (!id.success) throw data(NOT_FOUND, { status: 404 })
	const linesPage = readPage(new URL(args.request.url).searchParams, LINES_PARAM)
	const invoice = (await orNotFound(apiFrom(args.context).getInvoice(id.data, linesPage), NOT_FOUND)).data
	return { invoice, canPay: permissions.includes('wallet.fund'), canSeePlan: permissions.includes('plans.view') }
}

/** Pay from the wallet (done at once) or by card (the gateway's checkout, a page of its own). */
export async function action(args: Route.ActionArgs) {
	await requireBusinessPermission(args, 'wallet.fund')
	const id = Id.safeParse(args.params.invoiceId)
	if (!id.success) throw data(NOT_FOUND, { status: 404 })
	const submission = parseWithZod(await readForm(args.request), { schema: PaySchema })
	if (submission.status !== 'success') return notify(400, 'Choose to pay from the wallet or by card.')
	try {
		const paid = await apiFrom(args.context).payInvoice(id.data, { method: submission.value.intent })
		if (paid.data.status === 'checkout' && paid.data.authorization_url) return redirectDocument(paid.data.authorization_url)
		return redirectWithToast(args.request, `/invoice/${id.data}`, toastFor(200, 'Invoice paid from your wallet.'))
	} catch (error) {
		return notifyApiError(error)
	}
}

export default function InvoicePage() {
	const { invoice, canPay, canSeePlan } = useLoaderData<typeof loader>()
	const payable = canPay && invoice.pay_refusal === null
	return (
		<>
			<h1 className="text-2xl font-bold">{invoiceTitle(invoice)}</h1>
			<p className="mt-1 text-slate-600">
				{invoice.plan.product_name}, {formatMonth(invoice.period_start)}
			</p>
			{invoice.pauses_plan ? (
				<p role="alert" className="mt-4 rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
					This unpaid invoice has paused plan {invoice.plan.policy_number}: its members cannot make claims until it is paid.
				</p>
			) : invoice.status === 'overdue' && invoice.pauses_on ? (
				<p role="alert" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-900">
					This invoice is overdue. If it is still unpaid on <time dateTime={invoice.pauses_on}>{formatDay(invoice.pauses_on)}</time>, plan{' '}
					{invoice.plan.policy_number} is paused.
				</p>
			) : null}
			<section aria-labelledby="invoice-heading" className={`mt-6 ${panelClass}`}>
				<h2 id="invoice-heading" className="mb-4 font-semibold">
					Summary
				</h2>
				<Details
					items={[
						{ label: 'Status', value: <StatusBadge kind="invoice" status={invoice.status} /> },
						{
							label: 'Plan',
							value: canSeePlan ? (
								<Link to={`/mycover/${invoice.plan.id}`} className="font-medium text-brand-700 underline">
									{invoice.plan.policy_number}
								</Link>
							) : (
								invoice.plan.policy_number
							),
						},
						...(invoice.adjusts
							? [
									{
										label: 'Credits invoice',
										value: (
											<Link to={`/invoice/${invoice.adjusts.id}`} className="font-medium text-brand-700 underline">
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
						...(invoice.kind === 'invoice'
							? [{ label: 'Due', value: invoice.due_on ? <time dateTime={invoice.due_on}>{formatDay(invoice.due_on)}</time> : 'Not yet' }]
							: []),
						{ label: 'Total (VAT exempt)', value: formatNairaFull(invoice.total) },
						...(invoice.kind === 'invoice'
							? [
									{ label: 'Paid', value: formatNairaFull(invoice.paid) },
									{ label: 'To pay', value: <strong>{formatNairaFull(invoice.balance)}</strong> },
								]
							: []),
					]}
				/>
				{invoice.number ? (
					<a href={`/invoice/${invoice.id}/invoice.pdf`} className={buttonClass('secondary', 'mt-4')} download>
						Download PDF
					</a>
				) : null}
			</section>
			{/* The money comes before the lines (the PDF, paying, payments, credit notes): a staff plan's invoice has a line a member, dozens on a phone. */}
			{payable ? (
				<section aria-labelledby="pay-heading" className={`mt-6 ${panelClass}`}>
					<h2 id="pay-heading" className="mb-2 font-semibold">
						Pay {formatNairaFull(invoice.balance)}
					</h2>
					{invoice.wallet_balance !== null ? (
						<p className="mb-4 text-sm text-slate-600">Your wallet holds {formatNairaFull(invoice.wallet_balance)}.</p>
					) : null}
					<Form method="post" className="flex flex-wrap gap-3">
						<Button type="submit" name="intent" value="wallet">
							Pay from wallet
						</Button>
						<Button type="submit" name="intent" value="gateway" variant="secondary">
							Pay by card
						</Button>
					</Form>
				</section>
			) : null}
			<section aria-labelledby="payments-heading" className={`mt-6 ${panelClass}`}>
				<h2 id="payments-heading" className="mb-4 font-semibold">
					Payments
				</h2>
				{invoice.payments.length === 0 ? (
					<p className="text-sm text-slate-600">No payment yet.</p>
				) : (
					<ul className="space-y-2">
						{invoice.payments.map((p) => (
							<li key={p.reference} className="flex flex-wrap justify-between gap-2">
								<span>
									{invoice.kind === 'credit_note' ? 'Into the wallet' : p.method === 'wallet' ? 'From the wallet' : 'By card'} on{' '}
									<time dateTime={p.paid_at}>{formatDayTime(p.paid_at)}</time>
									<span className="block break-all font-mono text-xs text-slate-600">{p.reference}</span>
								</span>
								<span className="font-semibold">{formatNairaFull(p.amount)}</span>
							</li>
						))}
					</ul>
				)}
			</section>
			{invoice.kind === 'invoice' && invoice.credit_notes.length > 0 ? (
				<section aria-labelledby="credit-notes-heading" className={`mt-6 ${panelClass}`}>
					<h2 id="credit-notes-heading" className="mb-4 font-semibold">
						Credit notes
					</h2>
					<ul className="space-y-2">
						{invoice.credit_notes.map((n) => (
							<li key={n.id} className="flex flex-wrap justify-between gap-2">
								<span>
									<Link to={`/invoice/${n.id}`} className="font-medium text-brand-700 underline">
										{n.number}
									</Link>{' '}
									<span className="text-sm text-slate-600">
										{n.issued_on ? (
											<>
												issued <time dateTime={n.issued_on}>{formatDay(n.issued_on)}</time>,{' '}
											</>
										) : null}
										paid into the wallet
									</span>
								</span>
								<span className="font-semibold">{formatNairaFull(n.total)}</span>
							</li>
						))}
					</ul>
				</section>
			) : null}
			<InvoiceLines invoice={invoice} href={`/invoice/${invoice.id}`} className="mt-6" />
			<p className="mt-6">
				<Link to="/invoice" className={buttonClass('secondary')}>
					Back to invoices
				</Link>
			</p>
		</>
	)
}
