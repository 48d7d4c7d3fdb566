import { FileText } from '#app/components/ui/icons.tsx'
import { Form, useLoaderData } from 'react-router'
import { Link } from '#app/components/ui/link.tsx'
import { INCIDENT_TYPES } from '#api/contract/catalogue.ts'
import { formatDay } from '#api/contract/dates.ts'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { Select, TextInput, buttonClass } from '#app/components/ui/form.tsx'
import { DateRangeFields } from '#app/components/ui/date-range.tsx'
import { panelClass } from '#app/components/ui/panel.tsx'
import { StatusBadge } from '#app/components/ui/status-badge.tsx'
import { Cell, ResponsiveTable } from '#app/components/ui/table.tsx'
import { formatNairaFull } from '#app/lib/money.ts'
import { statusOptions } from '#app/lib/statuses.ts'
import { ApiCallError } from '#app/server/api.server.ts'
import { requirePermission } from '#app/server/auth.server.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
import type { Route } from './+types/index'

export const meta: Route.MetaFunction = () => [{ title: 'Claims · Cover Portal' }]

const FILTERS = ['status', 'product_id', 'from', 'to', 'q'] as const

/** Every claim of the business, filtered in the URL (a GET form, so it works without JavaScript). */
export async function loader(args: Route.LoaderArgs) {
	const { permissions } = await requirePermission(args, 'claims.view')
	const api = apiFrom(args.context)
	const search = new URL(args.request.url).searchParams
	const filters = Object.fromEntries(FILTERS.map((f) => [f, search.get(f)?.trim() ?? ''])) as Record<(typeof FILTERS)[number], string>
	let error: string | null = null
	let claims: Awaited<ReturnType<typeof api.getClaims>>['data'] = []
	try {
		claims = (await api.getClaims(filters)).data
	} catch (e) {
		if (!(e instanceof ApiCallError) || e.status !== 400) throw e
		error = e.message
	}
	// The products the business holds cover of, each once (a `select distinct`, not every policy).
	const products = (await api.getHeldProducts()).data
	return {
		claims: claims.map((c) => ({ ...c, href: c.status === 'pending' ? `/claims/make-claim/${c.id}/form` : `/claims/details-${c.id}` })),
		filters,
		error,
		products: products.map((p) => ({ value: String(p.product_id), label: p.product_name })),
		filtered: FILTERS.some((f) => filters[f]),
		canManage: permissions.includes('claims.manage'),
	}
}

export default function Claims() {
	const { claims, filters, error, products, filtered, canManage } = useLoaderData<typeof loader>()
	return (
		<div className="space-y-6">
			<div className="flex flex-wrap items-center justify-between gap-3">
				<h1 className="text-2xl font-bold">Claims</h1>
				{canManage ? (
					<Link to="/claims/make-claim" className={buttonClass('primary')}>
						Make a claim
					</Link>
				) : null}
			</div>
			<div className={panelClass}>
				{/* Filters once there is something to filter: a business with no claim sees only how to make one. */}
				{claims.length === 0 && !filtered && !error ? null : (
					<Form method="get" className="mb-5 flex flex-wrap items-end gap-3" aria-label="Filter the claims">
						<label htmlFor="claims-status" className="min-w-40 flex-1 space-y-1 text-sm font-medium text-slate-800">
							<span className="block">Status</span>
							<Select id="claims-status" name="status" defaultValue={filters.status}>
								<option value="">All statuses</option>
								{statusOptions('claim').map((o) => (
									<option key={o.value} value={o.value}>
										{o.label}
									</option>
								))}
							</Select>
						</label>
						<label htmlFor="claims-product" className="min-w-40 flex-1 space-y-1 text-sm font-medium text-slate-800">
							<span className="block">Product</span>
							<Select id="claims-product" name="product_id" defaultValue={filters.product_id}>
								<option value="">All products</option>
								{products.map((o) => (
									<option key={o.value} value={o.value}>
										{o.label}
									</option>
								))}
							</Select>
						</label>
						<DateRangeFields idPrefix="claims" labels={{ from: 'Incident from', to: 'Incident to' }} values={filters} />
						<label htmlFor="claims-q" className="min-w-48 flex-1 space-y-1 text-sm font-medium text-slate-800">
							<span className="block">Search</span>
							<TextInput type="search" id="claims-q" name="q" defaultValue={filters.q} placeholder="Claim number, claimant, place" />
						</label>
						<button type="submit" className={buttonClass('primary')}>
							Filter
						</button>
						{filtered ? (
							<Link to="/claims" className={buttonClass('secondary')}>
								Clear
							</Link>
						) : null}
					</Form>
				)}
				{error ? (
					<p role="alert" className="mb-4 text-sm text-red-700">
						{error}
					</p>
				) : null}
				{claims.length === 0 ? (
					<EmptyState
						icon={FileText}
						title={filtered ? 'No claims match these filters.' : 'You have made no claims.'}
						next={canManage && !filtered ? { to: '/claims/make-claim', label: 'Make a claim' } : undefined}
					>
						{filtered ? 'Clear the filters to see every claim.' : 'When something goes wrong, claim on the policy that covers it.'}
					</EmptyState>
				) : (
					<ResponsiveTable caption="Your claims, newest first" columns={['Claim', 'Policy', 'What happened', 'Amount', 'Status']}>
						{claims.map((c) => (
							<tr key={c.id}>
								<Cell label="Claim" header className="whitespace-nowrap">
									<Link to={c.href} className="font-medium text-brand-700 underline">
										{c.claim_number}
									</Link>
									<span className="block text-xs text-slate-600">{c.claimant_name}</span>
								</Cell>
								<Cell label="Policy">
									<Link to={`/claims/${c.policy.id}`} className="underline">
										{c.policy.product_name}
									</Link>
									<span className="block text-xs text-slate-600">{c.policy.policy_number}</span>
								</Cell>
								<Cell label="What happened">
									{INCIDENT_TYPES[c.incident_type]}
									<time dateTime={c.incident_date} className="block text-xs text-slate-600">
										{formatDay(c.incident_date)}
									</time>
								</Cell>
								<Cell label="Amount">{formatNairaFull(c.amount)}</Cell>
								<Cell label="Status">
									<StatusBadge kind="claim" status={c.status} />
								</Cell>
							</tr>
						))}
					</ResponsiveTable>
				)}
			</div>
		</div>
	)
}
