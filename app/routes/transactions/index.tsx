import { Link, data, useLoaderData } from 'react-router'
import { FormError, buttonClass } from '#app/components/ui/form.tsx'
import { TransactionAmount } from '#app/components/transaction-amount.tsx'
import { Pagination } from '#app/components/ui/pagination.tsx'
import { panelClass } from '#app/components/ui/panel.tsx'
import { tableClass, tdClass, thClass } from '#app/components/ui/table.tsx'
import { formatDateTime } from '#app/lib/greeting.ts'
import { stageLabel, stageTone, typeLabel } from '#app/lib/transaction-labels.ts'
import { requirePermission } from '#app/server/auth.server.ts'
import { apiFrom } from '#app/server/insurer.server.ts'
import type { Route } from './+types/index'
import { TransactionFilters, filterQuery } from './filters.tsx'
import { loadTransactions } from './transactions.server.ts'

export const meta: Route.MetaFunction = () => [{ title: 'Transactions · Cover Portal' }]

export async function loader(args: Route.LoaderArgs) {
	await requirePermission(args, 'transactions.view')
	const { view, status } = await loadTransactions(apiFrom(args.context), new URL(args.request.url).searchParams)
	return data(view, { status })
}

export default function TransactionHistory() {
	const { filters, items, page, pageCount, total, errors } = useLoaderData<typeof loader>()
	const { type: _type, status: _status, from: _from, to: _to, ...rest } = errors
	const filtered = Object.values(filters).some(Boolean)
	const query = filterQuery(filters)
	return (
		<div className="space-y-6">
			<div className="flex flex-wrap items-center justify-between gap-3">
				<h1 className="text-2xl font-bold">Transactions</h1>
				{/* A file, not a page: the browser downloads it, with or without JavaScript. */}
				<a href={`/transaction-history.csv${query ? `?${query}` : ''}`} download className={buttonClass('secondary')}>
					Export CSV
				</a>
			</div>
			<section aria-labelledby="history-heading" className={panelClass}>
				<h2 id="history-heading" className="sr-only">
					Wallet transactions
				</h2>
				<TransactionFilters filters={filters} errors={errors} />
				<FormError errors={Object.values(rest)} />
				{items.length === 0 ? (
					Object.keys(errors).length ? null : (
						<p className="text-sm text-slate-600">
							{page > 1
								? 'There are no transactions on this page.'
								: filtered
									? 'No transactions match these filters.'
									: 'No transactions yet. Fund your wallet to get started.'}
						</p>
					)
				) : (
					<>
						<div className="overflow-x-auto">
							<table className={tableClass}>
								<caption className="sr-only">
									Wallet transactions, newest first, page {page} of {pageCount}
								</caption>
								<thead>
									<tr>
										{['Date', 'Description', 'Type', 'Status'].map((h) => (
											<th key={h} scope="col" className={thClass}>
												{h}
											</th>
										))}
										<th scope="col" className={`${thClass} text-right`}>
											Amount
										</th>
										<th scope="col" className={thClass}>
											<span className="sr-only">Receipt</span>
										</th>
									</tr>
								</thead>
								<tbody>
									{items.map((t) => (
										<tr key={t.id}>
											<td className={`${tdClass} whitespace-nowrap`}>
												<time dateTime={t.created_at}>{formatDateTime(t.created_at)}</time>
											</td>
											<td className={tdClass}>{t.description}</td>
											<td className={tdClass}>{typeLabel(t.type)}</td>
											<td className={`${tdClass} ${stageTone(t)}`}>{stageLabel(t)}</td>
											<td className={`${tdClass} whitespace-nowrap text-right font-semibold`}>
												<TransactionAmount transaction={t} />
											</td>
											<td className={tdClass}>
												<Link to={`/transaction-history/${t.id}`} className="font-medium text-brand-700 underline">
													Receipt<span className="sr-only"> for {t.reference}</span>
												</Link>
											</td>
										</tr>
									))}
								</tbody>
							</table>
						</div>
						<p className="mt-3 text-sm text-slate-600">
							{total} {total === 1 ? 'transaction' : 'transactions'}
						</p>
					</>
				)}
				{items.length > 0 ? (
					<Pagination
						label="Pages of the transactions"
						page={page}
						pageCount={pageCount}
						href={(p) => `/transaction-history?${filterQuery(filters, p)}`}
					/>
				) : null}
			</section>
		</div>
	)
}
