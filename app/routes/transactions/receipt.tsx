import { Disclosure } from '#app/components/ui/disclosure.tsx'
import { data, useLoaderData } from 'react-router'
import { Link } from '#app/components/ui/link.tsx'
import { Id } from '#api/contract/common.ts'
import type { Receipt as ReceiptData } from '#api/contract/transactions.ts'
import { formatDayTime } from '#api/contract/dates.ts'
import { buttonClass } from '#app/components/ui/form.tsx'
import { Details } from '#app/components/ui/panel.tsx'
import { panelClass } from '#app/components/ui/panel.tsx'
import { StatusBadge } from '#app/components/ui/status-badge.tsx'
import { tableClass, tdClass, thClass } from '#app/components/ui/table.tsx'
import { formatNairaFull } from '#app/lib/money.ts'
import { accountLabel, subjectLink, typeLabel } from '#app/lib/transaction-labels.ts'
import { orNotFound } from '#app/server/api-errors.server.ts'
import { requirePermission } from '#app/server/auth.server.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
import type { Route } from './+types/receipt'

const NOT_FOUND = 'We could not find that transaction.'

export const meta: Route.MetaFunction = ({ data }) => [
	{ title: `${data ? `Receipt ${data.receipt.reference}` : 'Receipt'} · Cover Portal` },
]

/** An id that is not one, or a transaction of another business, is a 404 like any page that is not there. */
export async function loader(args: Route.LoaderArgs) {
	const { permissions } = await requirePermission(args, 'transactions.view')
	const id = Id.safeParse(args.params.transactionId)
	if (!id.success) throw data(NOT_FOUND, { status: 404 })
	const receipt = (await orNotFound(apiFrom(args.context).getTransaction(id.data), NOT_FOUND)).data
	// The policy's number is on the receipt for everyone; its page only for those who may see policies.
	return { receipt, canSeePolicy: permissions.includes('plans.view') }
}

/** Who the money went from and to, in a customer's words. */
function parties(receipt: ReceiptData) {
	const bank = receipt.bank ? `${receipt.bank.account_name}, ${receipt.bank.bank_name} ${receipt.bank.account_number}` : 'Your bank account'
	const fromWallet = receipt.entries.some((e) => e.account === 'wallet')
	switch (receipt.type) {
		case 'funding':
			return { from: 'Your card or bank, through the payment gateway', to: 'Your wallet' }
		case 'withdrawal':
			return { from: 'Your wallet', to: bank }
		case 'purchase':
			return {
				from: fromWallet ? 'Your wallet' : 'Your card or bank, through the payment gateway',
				to: receipt.policy ? `Premium for policy ${receipt.policy.policy_number}` : 'Premium for your cover',
			}
		case 'invoice_payment':
			return { from: fromWallet ? 'Your wallet' : 'Your card or bank, through the payment gateway', to: 'Premium on your invoice' }
		case 'credit_note':
			return { from: 'Premium returned by a credit note', to: 'Your wallet' }
		case 'claim_payment':
			return { from: 'The insurer, settling your claim', to: 'Your wallet' }
		case 'referral_reward':
			return { from: 'Cover Portal, for a referral', to: 'Your wallet' }
	}
}

export default function Receipt() {
	const { receipt, canSeePolicy } = useLoaderData<typeof loader>()
	const money = (amount: number) => formatNairaFull(Math.abs(amount))
	const { from, to } = parties(receipt)
	const subject = subjectLink(receipt)
	return (
		<>
			<h1 className="text-2xl font-bold">Receipt</h1>
			<p className="mt-1 text-slate-600">{receipt.description}</p>
			<section aria-labelledby="receipt-heading" className={`mt-6 ${panelClass}`}>
				<h2 id="receipt-heading" className="mb-4 font-semibold">
					{typeLabel(receipt.type)}
				</h2>
				<Details
					items={[
						{ label: 'For', value: receipt.description },
						{ label: 'From', value: from },
						{ label: 'To', value: to },
						{ label: 'Amount', value: formatNairaFull(receipt.amount) },
						...(receipt.fee
							? [
									{ label: 'Fee', value: formatNairaFull(receipt.fee) },
									{ label: 'Total', value: formatNairaFull(receipt.amount + receipt.fee) },
								]
							: []),
						{ label: 'Reference', value: <span className="break-all font-mono text-sm">{receipt.reference}</span> },
						{ label: 'Date', value: <time dateTime={receipt.created_at}>{formatDayTime(receipt.created_at)}</time> },
						{ label: 'Status', value: <StatusBadge kind={receipt.type} status={receipt.stage} /> },
						...(receipt.policy
							? [
									{
										label: 'Policy',
										value: canSeePolicy ? (
											<Link to={`/mycover/${receipt.policy.id}`} className="font-medium text-brand-700 underline">
												{receipt.policy.policy_number}
											</Link>
										) : (
											receipt.policy.policy_number
										),
									},
								]
							: []),
						...(subject
							? [
									{
										label: subject.label,
										value: (
											<Link to={subject.href} className="font-medium text-brand-700 underline">
												{subject.label === 'Rewards' ? 'Your rewards' : `View the ${subject.label.toLowerCase()}`}
											</Link>
										),
									},
								]
							: []),
						...(receipt.failure_reason ? [{ label: 'Reason', value: receipt.failure_reason }] : []),
					]}
				/>
			</section>

			{/* The bookkeeping behind the receipt, for whoever reconciles it: closed until asked for. */}
			<Disclosure className={`mt-6 ${panelClass}`} summary="Ledger entries">
				<p className="mt-2 mb-4 text-sm text-slate-600">
					Every movement of money is recorded twice, once out of one account and once into another.
				</p>
				{receipt.entries.length === 0 ? (
					<p className="text-sm text-slate-600">No money has moved for this transaction.</p>
				) : (
					<div className="overflow-x-auto">
						<table className={tableClass}>
							<caption className="sr-only">Ledger entries of this transaction</caption>
							<thead>
								<tr>
									<th scope="col" className={thClass}>
										Entry
									</th>
									<th scope="col" className={thClass}>
										Account
									</th>
									<th scope="col" className={`${thClass} text-right`}>
										Debit
									</th>
									<th scope="col" className={`${thClass} text-right`}>
										Credit
									</th>
								</tr>
							</thead>
							<tbody>
								{receipt.entries.map((e, i) => (
									// biome-ignore lint/suspicious/noArrayIndexKey: a receipt's entries are fixed and never reordered; one transfer may touch an account twice
									<tr key={`${e.transfer_id}-${e.account}-${i}`}>
										<td className={tdClass}>{e.description}</td>
										<td className={tdClass}>{accountLabel(e.account)}</td>
										<td className={`${tdClass} text-right`}>{e.amount < 0 ? money(e.amount) : ''}</td>
										<td className={`${tdClass} text-right`}>{e.amount > 0 ? money(e.amount) : ''}</td>
									</tr>
								))}
							</tbody>
						</table>
					</div>
				)}
			</Disclosure>
			<p className="mt-6 flex flex-wrap gap-3">
				{receipt.status === 'success' ? (
					<a href={`/transaction-history/${receipt.id}/receipt.pdf`} className={buttonClass('primary')} download>
						Download receipt (PDF)
					</a>
				) : null}
				<Link to="/transaction-history" className={buttonClass('secondary')}>
					Back to transactions
				</Link>
			</p>
		</>
	)
}
