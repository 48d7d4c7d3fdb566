import { Form, useLoaderData } from 'react-router'
import { Link } from '#app/components/ui/link.tsx'
import { formatDay } from '#api/contract/dates.ts'
import { TextInput, buttonClass } from '#app/components/ui/form.tsx'
import { Pagination } from '#app/components/ui/pagination.tsx'
import { panelClass } from '#app/components/ui/panel.tsx'
import { StatusBadge } from '#app/components/ui/status-badge.tsx'
import { Cell, ResponsiveTable } from '#app/components/ui/table.tsx'
import { formatNairaFull } from '#app/lib/money.ts'
import { orDeskLogin, requireOperator } from '#app/server/desk.server.ts'
import { loadFilteredPage } from '#app/server/paging.server.ts'
import { invoiceTitle } from '../invoices/parts.tsx'
import type { Route } from './+types/invoices'
import { DeskFrame } from './layout.tsx'

export const meta: Route.MetaFunction = () => [{ title: 'Invoices · Claims desk' }]

const PAGE_SIZE = 20

/** Every business's invoices and credit notes, the newest first; the search finds part of a number (decision 096). */
export async function loader(args: Route.LoaderArgs) {
	const { api, name } = await requireOperator(args)
	const params = new URL(args.request.url).searchParams
	const q = (params.get('q') ?? '').trim()
	const { view } = await orDeskLogin(
		args,
		loadFilteredPage({ q }, params, PAGE_SIZE, (query) => api.getDeskInvoices({ ...query, q: query.q || undefined })),
	)
	return { ...view, name }
}

export default function DeskInvoices() {
	const { items, page, pageCount, total, filters, errors, name } = useLoaderData<typeof loader>()
	const error = errors.q ?? errors[''] ?? errors.page
	return (
		<DeskFrame name={name}>
			<h1 className="text-2xl font-bold">Invoices</h1>
			<Form method="get" className="my-4 flex flex-wrap items-end gap-3">
				<label htmlFor="invoice-search" className="space-y-1 text-sm font-medium">
					<span className="block">Number</span>
					<TextInput
						id="invoice-search"
						name="q"
						defaultValue={filters.q}
						placeholder="INV-000012 or CN-"
						aria-invalid={error ? true : undefined}
						aria-describedby={error ? 'invoice-search-error' : undefined}
					/>
				</label>
				<button type="submit" className={buttonClass('secondary')}>
					Search
				</button>
			</Form>
			{error ? (
				<p id="invoice-search-error" role="alert" className="mb-4 text-sm text-red-700">
					{error}
				</p>
			) : null}
			<section className={panelClass} aria-label="Invoices and credit notes">
				{items.length === 0 ? (
					<p>No invoice matches.</p>
				) : (
					<ResponsiveTable
						caption={`${total} invoices and credit notes`}
						columns={['Number', 'Business', 'Issued', 'Status', { label: 'Total', align: 'right' }]}
					>
						{items.map((i) => (
							<tr key={i.id}>
								<Cell label="Number" header>
									<Link to={`/ops/invoices/${i.id}`} className="font-medium text-brand-700 underline">
										{invoiceTitle(i)}
									</Link>
									<span className="block text-xs text-slate-600">{i.plan.policy_number}</span>
								</Cell>
								<Cell label="Business">{i.business.name}</Cell>
								<Cell label="Issued" className="whitespace-nowrap">
									{i.issued_on ? <time dateTime={i.issued_on}>{formatDay(i.issued_on)}</time> : '—'}
								</Cell>
								<Cell label="Status">
									<StatusBadge kind="invoice" status={i.status} />
								</Cell>
								<Cell label="Total" className="whitespace-nowrap text-right font-semibold">
									{i.kind === 'credit_note' ? `-${formatNairaFull(i.total)}` : formatNairaFull(i.total)}
								</Cell>
							</tr>
						))}
					</ResponsiveTable>
				)}
				{pageCount > 1 ? (
					<Pagination
						label="Pages of the invoices"
						page={page}
						pageCount={pageCount}
						href={(p) => `/ops/invoices?${new URLSearchParams({ ...(filters.q ? { q: filters.q } : {}), page: String(p) })}`}
					/>
				) : null}
			</section>
		</DeskFrame>
	)
}
