import { FileText } from '#app/components/ui/icons.tsx'
import { formatDay, formatMonth } from '#api/contract/dates.ts'
import { PLAN_BILLING } from '#api/contract/invoices.ts'
import { Form, data, useLoaderData } from 'react-router'
import { Link } from '#app/components/ui/link.tsx'
import { EmptyState, NoRows } from '#app/components/ui/empty-state.tsx'
import { ErrorList, FormError, Select, buttonClass } from '#app/components/ui/form.tsx'
import { DateRangeFields } from '#app/components/ui/date-range.tsx'
import { Pagination } from '#app/components/ui/pagination.tsx'
import { panelClass } from '#app/components/ui/panel.tsx'
import { StatusBadge } from '#app/components/ui/status-badge.tsx'
import { Cell, ResponsiveTable } from '#app/components/ui/table.tsx'
import { formatCount, formatNairaFull } from '#app/lib/money.ts'
import { statusOptions } from '#app/lib/statuses.ts'
import { requireBusinessPermission } from '#app/server/auth.server.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
import type { Route } from './+types/index'
import { INVOICES_COUNT_CAP, loadInvoices } from './invoices.server.ts'
import { invoiceTitle } from './parts.tsx'
import { plural } from '#app/lib/plural.ts'
import { filteredHref } from '#app/lib/query.ts'

export const meta: Route.MetaFunction = () => [{ title: 'Invoices · Cover Portal' }]

export async function loader(args: Route.LoaderArgs) {
	await requireBusinessPermission(args, 'invoices.view')
	const { view, status } = await loadInvoices(apiFrom(args.context), new URL(args.request.url).searchParams)
	// The API counts so far and no further (decision 123).
	return data({ ...view, capped: view.total > INVOICES_COUNT_CAP ? INVOICES_COUNT_CAP : null }, { status })
}

type Filters = { status: string; from: string; to: string }

/** A GET form, so the filters live in the URL and work without JavaScript. */
function InvoiceFilters({ filters, errors }: { filters: Filters; errors: Record<string, string> }) {
	const described = (name: string) => (errors[name] ? { 'aria-invalid': true as const, 'aria-describedby': `invoices-${name}-error` } : {})
	const options = statusOptions('invoice').filter((o) => o.value !== 'draft')
	return (
		<Form method="get" className="mb-5 flex flex-wrap items-end gap-3" aria-label="Filter the invoices">
			<div className="min-w-40 flex-1 space-y-1">
				<label htmlFor="invoices-status" className="block text-sm font-medium text-slate-800">
					Status
				</label>
				<Select id="invoices-status" name="status" defaultValue={filters.status} {...described('status')}>
					<option value="">All statuses</option>
					{options.map((o) => (
						<option key={o.value} value={o.value}>
							{o.label}
						</option>
					))}
				</Select>
				<ErrorList id="invoices-status-error" errors={errors.status ? [errors.status] : null} />
			</div>
			<DateRangeFields idPrefix="invoices" labels={{ from: 'Months from', to: 'Months to' }} values={filters} errors={errors} />
			<div className="flex gap-2">
				<button type="submit" className={buttonClass('primary')}>
					Filter
				</button>
				{Object.values(filters).some(Boolean) ? (
					<Link to="/invoice" className={buttonClass('secondary')}>
						Clear
					</Link>
				) : null}
			</div>
		</Form>
	)
}

export default function Invoices() {
	const { filters, items, page, pageCount, total, capped, errors, totals } = useLoaderData<typeof loader>()
	const { status: _status, from: _from, to: _to, ...rest } = errors
	const filtered = Object.values(filters).some(Boolean)
	const nothingYet = items.length === 0 && !filtered && page === 1 && Object.keys(errors).length === 0
	return (
		<div className="space-y-6">
			<div className="flex flex-wrap items-center justify-between gap-3">
				<h1 className="text-2xl font-bold">Invoices</h1>
				<a href={filteredHref('/invoice.csv', filters)} download className={buttonClass('secondary')}>
					Export CSV
				</a>
			</div>
			<p className="text-slate-600">{PLAN_BILLING.rule} Health premiums are exempt from VAT.</p>
			<dl className="grid gap-3 sm:grid-cols-3">
				{(
					[
						['Billed', totals.billed],
						['Paid', totals.paid],
						['To pay', totals.outstanding],
					] as const
				).map(([label, amount]) => (
					<div key={label} className={panelClass}>
						<dt className="text-sm text-slate-600">{label}</dt>
						<dd className="text-xl font-semibold">{formatNairaFull(amount)}</dd>
					</div>
				))}
			</dl>
			<section aria-labelledby="invoices-heading" className={panelClass}>
				<h2 id="invoices-heading" className="sr-only">
					Invoices and credit notes
				</h2>
				{/* Filters once there is something to filter: a business not billed yet sees what billing is. */}
				{nothingYet ? null : <InvoiceFilters filters={filters} errors={errors} />}
				<FormError errors={Object.values(rest)} />
				{items.length === 0 ? (
					<NoRows
						noun="invoices"
						refused={Object.keys(errors).length > 0}
						page={page}
						filtered={filtered}
						clearTo="/invoice"
						firstPage={filteredHref('/invoice', filters)}
						first={
							<EmptyState
								icon={FileText}
								title={`No invoices yet. ${PLAN_BILLING.first}`}
								next={{ to: '/products', label: 'See health plans' }}
							/>
						}
					/>
				) : (
					<>
						<ResponsiveTable
							caption={`Invoices, newest month first, page ${page} of ${pageCount}`}
							columns={[
								'Invoice',
								'Month',
								'Plan',
								'Status',
								'Due',
								{ label: 'Total', align: 'right' },
								{ label: 'To pay', align: 'right' },
							]}
						>
							{items.map((i) => (
								<tr key={i.id}>
									<Cell label="Invoice" header>
										<Link to={`/invoice/${i.id}`} className="font-medium text-brand-700 underline">
											{invoiceTitle(i)}
										</Link>
									</Cell>
									<Cell label="Month">{formatMonth(i.period_start)}</Cell>
									<Cell label="Plan">{i.plan.policy_number}</Cell>
									<Cell label="Status">
										<StatusBadge kind="invoice" status={i.status} />
									</Cell>
									<Cell label="Due" className="whitespace-nowrap">
										{i.kind === 'invoice' && i.due_on ? <time dateTime={i.due_on}>{formatDay(i.due_on)}</time> : '—'}
									</Cell>
									<Cell label="Total" className="whitespace-nowrap text-right font-semibold">
										{i.kind === 'credit_note' ? `-${formatNairaFull(i.total)}` : formatNairaFull(i.total)}
									</Cell>
									<Cell label="To pay" className="whitespace-nowrap text-right">
										{formatNairaFull(i.balance)}
									</Cell>
								</tr>
							))}
						</ResponsiveTable>
						<p className="mt-3 text-sm text-slate-600">
							{capped ? `More than ${formatCount(capped)} invoices: narrow the months to reach older ones` : plural(total, 'invoice')}
						</p>
					</>
				)}
				{items.length > 0 ? (
					<Pagination label="Pages of the invoices" page={page} pageCount={pageCount} href={(p) => filteredHref('/invoice', filters, p)} />
				) : null}
			</section>
		</div>
	)
}
