import { data, useLoaderData } from 'react-router'
import { Link } from '#app/components/ui/link.tsx'
import { FormError, buttonClass } from '#app/components/ui/form.tsx'
import { TransactionAmount } from '#app/components/transaction-amount.tsx'
import { Pagination } from '#app/components/ui/pagination.tsx'
import { panelClass } from '#app/components/ui/panel.tsx'
import { EmptyState, NoRows } from '#app/components/ui/empty-state.tsx'
import { StatusBadge } from '#app/components/ui/status-badge.tsx'
import { Cell, ResponsiveTable } from '#app/components/ui/table.tsx'
import { ReceiptText } from '#app/components/ui/icons.tsx'
import { formatCount } from '#app/lib/money.ts'
import { subjectLink, typeLabel } from '#app/lib/transaction-labels.ts'
import { requirePermission } from '#app/server/auth.server.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
import type { Transaction } from '#api/contract/transactions.ts'
import { formatDayTime } from '#api/contract/dates.ts'
import type { Route } from './+types/index'
import { TransactionFilters } from './filters.tsx'
import { TRANSACTIONS_COUNT_CAP, loadTransactions } from './transactions.server.ts'
import { plural } from '#app/lib/plural.ts'
import { filteredHref } from '#app/lib/query.ts'

export const meta: Route.MetaFunction = () => [{ title: 'Transactions · Cover Portal' }]

export async function loader(args: Route.LoaderArgs) {
	await requirePermission(args, 'transactions.view')
	const { view, status } = await loadTransactions(apiFrom(args.context), new URL(args.request.url).searchParams)
	// The API counts so far and no further (decision 118).
	return data({ ...view, capped: view.total > TRANSACTIONS_COUNT_CAP ? TRANSACTIONS_COUNT_CAP : null }, { status })
}

/** The screen of the invoice, credit note, claim or rewards a transaction belongs to (decision 097). */
function SubjectLink({ transaction: t }: { transaction: { type: Transaction['type']; subject_id: string | null; reference: string } }) {
	const link = subjectLink(t)
	if (!link) return null
	return (
		<Link to={link.href} className="mt-1 block text-sm font-medium text-brand-700 underline">
			{link.label === 'Rewards' ? 'Your rewards' : `View the ${link.label.toLowerCase()}`}
			<span className="sr-only"> for {t.reference}</span>
		</Link>
	)
}

export default function TransactionHistory() {
	const { filters, items, page, pageCount, total, capped, errors } = useLoaderData<typeof loader>()
	const { type: _type, status: _status, from: _from, to: _to, ...rest } = errors
	const filtered = Object.values(filters).some(Boolean)
	const nothingYet = items.length === 0 && !filtered && page === 1 && Object.keys(errors).length === 0
	return (
		<div className="space-y-6">
			<div className="flex flex-wrap items-center justify-between gap-3">
				<h1 className="text-2xl font-bold">Transactions</h1>
				{/* A file, not a page: the browser downloads it, with or without JavaScript. */}
				<a href={filteredHref('/transaction-history.csv', filters)} download className={buttonClass('secondary')}>
					Export CSV
				</a>
			</div>
			<section aria-labelledby="history-heading" className={panelClass}>
				<h2 id="history-heading" className="sr-only">
					Wallet transactions
				</h2>
				{/* Filters once there is something to filter: a new wallet sees only how to fund it. */}
				{nothingYet ? null : <TransactionFilters filters={filters} errors={errors} />}
				<FormError errors={Object.values(rest)} />
				{items.length === 0 ? (
					<NoRows
						noun="transactions"
						refused={Object.keys(errors).length > 0}
						page={page}
						filtered={filtered}
						clearTo="/transaction-history"
						firstPage={filteredHref('/transaction-history', filters)}
						first={
							<EmptyState
								icon={ReceiptText}
								title="No transactions yet. Fund your wallet to get started."
								next={{ to: '/fund-wallet', label: 'Fund wallet' }}
							/>
						}
					/>
				) : (
					<>
						<ResponsiveTable
							caption={`Wallet transactions, newest first, page ${page} of ${pageCount}`}
							columns={['Date', 'Description', 'Type', 'Status', { label: 'Amount', align: 'right' }, { label: 'Receipt', hidden: true }]}
						>
							{items.map((t) => (
								<tr key={t.id}>
									<Cell label="Date" className="whitespace-nowrap">
										<time dateTime={t.created_at}>{formatDayTime(t.created_at)}</time>
									</Cell>
									<Cell label="Description">
										{t.description}
										<SubjectLink transaction={t} />
									</Cell>
									<Cell label="Type">{typeLabel(t.type)}</Cell>
									<Cell label="Status">
										<StatusBadge kind={t.type} status={t.stage} />
									</Cell>
									<Cell label="Amount" className="whitespace-nowrap text-right font-semibold">
										<TransactionAmount transaction={t} />
									</Cell>
									<Cell>
										<Link to={`/transaction-history/${t.id}`} className="font-medium text-brand-700 underline">
											Receipt<span className="sr-only"> for {t.reference}</span>
										</Link>
									</Cell>
								</tr>
							))}
						</ResponsiveTable>
						<p className="mt-3 text-sm text-slate-600">
							{capped
								? `More than ${formatCount(capped)} transactions: narrow the dates to reach older ones`
								: plural(total, 'transaction')}
						</p>
					</>
				)}
				{items.length > 0 ? (
					<Pagination
						label="Pages of the transactions"
						page={page}
						pageCount={pageCount}
						href={(p) => filteredHref('/transaction-history', filters, p)}
					/>
				) : null}
			</section>
		</div>
	)
}
