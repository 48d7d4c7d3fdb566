import { Form, useLoaderData } from 'react-router'
import { Link } from '#app/components/ui/link.tsx'
import { POLICIES_COUNT_CAP } from '#api/contract/purchases.ts'
import { POLICY_STATUS_FILTERS } from '#api/contract/statuses.ts'
import { formatDays } from '#api/contract/dates.ts'
import { statusOf, statusOptions } from '#app/lib/statuses.ts'
import { buttonClass } from '#app/components/ui/form.tsx'
import { Pagination } from '#app/components/ui/pagination.tsx'
import { panelClass } from '#app/components/ui/panel.tsx'
import { Cell, ResponsiveTable } from '#app/components/ui/table.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { ProviderMark } from '#app/components/ui/provider-mark.tsx'
import { ShieldCheck } from '#app/components/ui/icons.tsx'
import { formatCount, formatNairaFull } from '#app/lib/money.ts'
import { requirePermission } from '#app/server/auth.server.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
import type { Route } from './+types/index'
import { PolicyStatusBadge } from '#app/components/policy-status.tsx'
import { activationPath } from './parts.tsx'
import { plural } from '#app/lib/plural.ts'

export const meta: Route.MetaFunction = () => [{ title: 'My cover · Cover Portal' }]

const PAGE_SIZE = 20
/** The most policies waiting for details the box on top names; past them it links to the filtered list. */
const PENDING_SHOWN = 20

/**
 * What the business bought, newest first, a page at a time (paged by the API: docs/decisions/121);
 * the ones waiting for details on top.
 */
export async function loader(args: Route.LoaderArgs) {
	const { permissions } = await requirePermission(args, 'plans.view')
	const url = new URL(args.request.url)
	// An unknown status filters nothing rather than failing: a stale bookmark still opens the page.
	const askedStatus = url.searchParams.get('status')
	const status = POLICY_STATUS_FILTERS.find((s) => s === askedStatus)
	const asked = Number(url.searchParams.get('page') ?? '1')
	const requested = Number.isInteger(asked) && asked >= 1 && asked <= 10_000 ? asked : 1
	const api = apiFrom(args.context)
	const pageOf = (page: number) => api.getPolicies({ status, page, page_size: PAGE_SIZE }).then((r) => r.data)
	const [first, waiting, all] = await Promise.all([
		pageOf(requested),
		api.getPolicies({ status: 'pending', page_size: PENDING_SHOWN }).then((r) => r.data),
		status ? api.getPolicies({ page_size: 1 }).then((r) => r.data.total) : null,
	])
	const pageCount = Math.max(1, Math.ceil(Math.min(first.total, POLICIES_COUNT_CAP + 1) / PAGE_SIZE))
	// A page past the last (a stale link) shows the last one.
	const list = first.items.length || requested === 1 ? first : await pageOf(Math.min(requested, pageCount))
	return {
		policies: list.items,
		pending: waiting.items.filter((p) => !p.awaiting_inspection),
		morePending: waiting.total > waiting.items.length,
		status: status ?? null,
		page: list.page,
		pageCount,
		total: list.total,
		capped: list.total > POLICIES_COUNT_CAP ? POLICIES_COUNT_CAP : null,
		everything: all ?? list.total,
		canManage: permissions.includes('plans.manage'),
		canBuy: permissions.includes('products.buy'),
	}
}

export default function MyCover() {
	const { policies, pending, morePending, status, page, pageCount, total, capped, everything, canManage, canBuy } =
		useLoaderData<typeof loader>()
	return (
		<div className="space-y-6">
			<div className="flex flex-wrap items-center justify-between gap-3">
				<h1 className="text-2xl font-bold">My cover</h1>
				{canBuy ? (
					<Link to="/products" className={buttonClass('primary')}>
						Buy cover
					</Link>
				) : null}
			</div>
			{pending.length ? (
				<section aria-labelledby="todo-heading" className="rounded-xl border border-amber-200 bg-amber-50 p-4">
					<h2 id="todo-heading" className="font-semibold text-amber-950">
						{morePending
							? `More than ${pending.length} policies need details to start`
							: pending.length === 1
								? 'One policy needs details to start'
								: `${pending.length} policies need details to start`}
					</h2>
					<ul className="mt-2 space-y-1 text-sm">
						{pending.map((p) => (
							<li key={p.id}>
								{canManage ? (
									<Link to={activationPath(p)} className="text-brand-700 underline">
										Activate {p.product_name} ({p.policy_number})
									</Link>
								) : (
									<span>
										{p.product_name} ({p.policy_number}): ask someone who manages plans to activate it.
									</span>
								)}
							</li>
						))}
					</ul>
					{morePending ? (
						<Link to="/mycover?status=pending" className="mt-2 inline-block text-sm text-brand-700 underline">
							See every policy waiting for details
						</Link>
					) : null}
				</section>
			) : null}
			{everything > 0 ? <StatusFilter status={status} /> : null}
			{everything > 0 && total === 0 ? (
				<div className={panelClass}>
					<p className="text-slate-700">
						No policy is {statusOf('policy_filter', status ?? '').label.toLowerCase()} now.{' '}
						<Link to="/mycover" className="text-brand-700 underline">
							See all your cover
						</Link>
					</p>
				</div>
			) : total === 0 ? (
				<div className={panelClass}>
					<EmptyState
						icon={ShieldCheck}
						title="You have no cover yet."
						next={canBuy ? { to: '/products', label: 'Browse products' } : undefined}
					>
						{canBuy
							? 'Get a price for health, motor or staff cover and buy it in a few minutes.'
							: 'Someone who may buy cover for your business can start here.'}
					</EmptyState>
				</div>
			) : (
				<div className={panelClass}>
					<ResponsiveTable
						caption="Your policies and plans, newest first"
						columns={['Policy number', 'Product', 'Cover', 'Premium', 'Status']}
					>
						{policies.map((p) => (
							<tr key={p.id}>
								<Cell label="Policy number" header className="whitespace-nowrap">
									<Link to={`/mycover/${p.id}`} className="font-medium text-brand-700 underline">
										{p.policy_number}
									</Link>
								</Cell>
								<Cell label="Product">
									<span className="flex items-center gap-2">
										<ProviderMark name={p.provider} size="sm" />
										<span>
											{p.product_name}
											<span className="block text-xs text-slate-600">
												{p.kind === 'plan' ? `Staff plan, ${p.slots} staff` : p.provider}
											</span>
										</span>
									</span>
								</Cell>
								<Cell label="Cover" className="whitespace-nowrap">
									{formatDays(p.cover_start, p.cover_end)}
								</Cell>
								<Cell label="Premium" className="whitespace-nowrap">
									{p.kind === 'plan' ? `${formatNairaFull(p.monthly_rate ?? 0)} a person a month` : formatNairaFull(p.premium)}
								</Cell>
								<Cell label="Status">
									<PolicyStatusBadge policy={p} />
								</Cell>
							</tr>
						))}
					</ResponsiveTable>
					<p className="mt-3 text-sm text-slate-600">
						{capped
							? `More than ${formatCount(capped)} policies: filter by status to reach older ones`
							: plural(total, 'policy', 'policies')}
					</p>
					<Pagination
						label="Pages of your cover"
						page={page}
						pageCount={pageCount}
						href={(p) => `/mycover?${status ? `status=${status}&` : ''}page=${p}`}
					/>
				</div>
			)}
		</div>
	)
}

/** The spec's `status` query (section 4) as a GET form: it works without JavaScript and keeps the URL shareable. */
function StatusFilter({ status }: { status: string | null }) {
	return (
		<Form method="get" className="flex flex-wrap items-end gap-2" aria-label="Filter your cover by status">
			<div className="text-sm">
				<label htmlFor="status-filter" className="block font-medium">
					Status
				</label>
				<select id="status-filter" name="status" defaultValue={status ?? ''} className="mt-1 rounded-lg border border-slate-300 px-3 py-2">
					<option value="">All</option>
					{statusOptions('policy_filter').map((o) => (
						<option key={o.value} value={o.value}>
							{o.label}
						</option>
					))}
				</select>
			</div>
			<button type="submit" className={buttonClass('secondary')}>
				Filter
			</button>
		</Form>
	)
}
