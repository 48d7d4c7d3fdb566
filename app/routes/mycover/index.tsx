import { Link, useLoaderData } from 'react-router'
import { buttonClass } from '#app/components/ui/form.tsx'
import { Pagination } from '#app/components/ui/pagination.tsx'
import { panelClass } from '#app/components/ui/panel.tsx'
import { Cell, ResponsiveTable } from '#app/components/ui/table.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { ProviderMark } from '#app/components/ui/provider-mark.tsx'
import { ShieldCheck } from 'lucide-react'
import { formatNairaFull } from '#app/lib/money.ts'
import { requirePermission } from '#app/server/auth.server.ts'
import { apiFrom } from '#app/server/insurer.server.ts'
import type { Route } from './+types/index'
import { PolicyStatusBadge, coverDay } from '#app/components/policy-status.tsx'
import { activationPath } from './parts.tsx'

export const meta: Route.MetaFunction = () => [{ title: 'My cover · Cover Portal' }]

const PAGE_SIZE = 20

/** What the business bought, newest first, a page at a time; the ones waiting for details on top. */
export async function loader(args: Route.LoaderArgs) {
	const { permissions } = await requirePermission(args, 'plans.view')
	const policies = (await apiFrom(args.context).getPolicies()).data
	const asked = Number(new URL(args.request.url).searchParams.get('page') ?? '1')
	const pageCount = Math.max(1, Math.ceil(policies.length / PAGE_SIZE))
	const page = Number.isInteger(asked) && asked >= 1 ? Math.min(asked, pageCount) : 1
	return {
		policies: policies.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE),
		pending: policies.filter((p) => p.is_pending && !p.is_expired),
		page,
		pageCount,
		total: policies.length,
		canManage: permissions.includes('plans.manage'),
		canBuy: permissions.includes('products.buy'),
	}
}

export default function MyCover() {
	const { policies, pending, page, pageCount, total, canManage, canBuy } = useLoaderData<typeof loader>()
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
						{pending.length === 1 ? 'One policy needs details to start' : `${pending.length} policies need details to start`}
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
				</section>
			) : null}
			{total === 0 ? (
				<div className={panelClass}>
					<EmptyState
						icon={ShieldCheck}
						title="You have no cover yet."
						action={
							canBuy ? (
								<Link to="/products" className={buttonClass('primary')}>
									Browse the products
								</Link>
							) : undefined
						}
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
								<Cell label="Policy number" className="whitespace-nowrap">
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
									{coverDay(p.cover_start)} to {coverDay(p.cover_end)}
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
					<Pagination label="Pages of your cover" page={page} pageCount={pageCount} href={(p) => `/mycover?page=${p}`} />
				</div>
			)}
		</div>
	)
}
