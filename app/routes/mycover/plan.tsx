import { useLoaderData } from 'react-router'
import { Link } from '#app/components/ui/link.tsx'
import { formatDay, formatMonth } from '#api/contract/dates.ts'
import { PLAN_BILLING } from '#api/contract/invoices.ts'
import { periodLabel, type Period } from '#api/contract/periods.ts'
import { QuoteLines } from '#app/components/quote-fields.tsx'
import { buttonClass } from '#app/components/ui/form.tsx'
import { Pagination } from '#app/components/ui/pagination.tsx'
import { Details, Panel } from '#app/components/ui/panel.tsx'
import { ProviderMark } from '#app/components/ui/provider-mark.tsx'
import { formatNairaFull } from '#app/lib/money.ts'
import { requirePermission } from '#app/server/auth.server.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
import type { Route } from './+types/plan'
import { PolicyStatusBadge } from '#app/components/policy-status.tsx'
import { activationDetails } from './activation-details.ts'
import { activationPath } from './parts.tsx'
import { loadPolicy } from './mycover.server.ts'
import { plural } from '#app/lib/plural.ts'
import { readPage } from '#app/lib/query.ts'

export const meta: Route.MetaFunction = ({ data: loaded }) => [
	{ title: `${loaded ? loaded.policy.policy_number : 'Policy'} · My cover · Cover Portal` },
]

/** One policy or staff plan: what was bought, its status, its details and documents, its certificate. */
export async function loader(args: Route.LoaderArgs) {
	const { user, permissions } = await requirePermission(args, 'plans.view')
	const api = apiFrom(args.context)
	const policy = await loadPolicy(api, args.params.planId)
	const [product, activities] = await Promise.all([
		api.getProduct(String(policy.product_id)).then((r) => r.data),
		api.getPlanActivities(policy.id, readPage(new URL(args.request.url).searchParams, 'activities')).then((r) => r.data),
	])
	const docLabels = Object.fromEntries((product.activation?.documents ?? []).map((d) => [d.name, d.label]))
	return {
		policy,
		details: activationDetails(product.activation?.fields ?? [], policy.activation),
		documents: policy.documents.map((d) => ({ ...d, label: docLabels[d.field] ?? d.field })),
		canManage: permissions.includes('plans.manage'),
		canManageStaff: permissions.includes('employees.manage') && user.customer.kind === 'business',
		canBuy: permissions.includes('products.buy'),
		activities,
		// Own-damage auto cover waits for its pre-inspection; a gadget's records its condition (decision 103).
		preInspection: policy.awaiting_inspection || (product.category === 'gadget' && policy.state === 'active'),
	}
}

export default function PlanPage() {
	const { policy, details, documents, canManage, canManageStaff, canBuy, activities, preInspection } = useLoaderData<typeof loader>()
	const pending = policy.is_pending && !policy.is_expired && !policy.awaiting_inspection
	return (
		<div className="space-y-6">
			<p className="text-sm">
				<Link to="/mycover" className="text-brand-700 underline">
					My cover
				</Link>
			</p>
			<div className="flex flex-wrap items-start justify-between gap-3">
				<div className="flex items-start gap-3">
					<ProviderMark name={policy.provider} size="lg" />
					<div>
						<h1 className="text-2xl font-bold">{policy.product_name}</h1>
						<p className="mt-1 text-slate-600">
							{policy.policy_number} · {policy.provider}
						</p>
					</div>
				</div>
				<PolicyStatusBadge policy={policy} />
			</div>
			{policy.is_paused && policy.kind === 'plan' ? (
				// Billing pauses a plan whose invoice is unpaid 14 days past due (docs/decisions/095).
				<div role="alert" className="rounded-xl border border-red-300 bg-red-50 p-4 text-red-900">
					<p className="font-semibold">This plan is paused: its members cannot make claims until its unpaid invoice is paid.</p>
					<Link to="/invoice?status=overdue" className={`mt-3 ${buttonClass('primary')}`}>
						See unpaid invoices
					</Link>
				</div>
			) : null}
			{pending ? (
				<div className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-950">
					<p className="font-semibold">
						{policy.kind === 'plan'
							? 'Your staff list must be confirmed before cover starts.'
							: 'This policy needs a few details before cover starts.'}{' '}
						Its certificate can be downloaded once it is active.
					</p>
					{canManage ? (
						<Link to={activationPath(policy)} className={`mt-3 ${buttonClass('primary')}`}>
							{policy.kind === 'plan' ? 'Confirm your staff' : 'Activate this policy'}
						</Link>
					) : (
						<p className="mt-1 text-sm">Ask someone in your business who manages plans to activate it.</p>
					)}
				</div>
			) : null}
			{policy.awaiting_inspection ? (
				<div className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-950">
					<p className="font-semibold">Waiting for the pre-inspection of the vehicle.</p>
					<p className="mt-1 text-sm">
						Own-damage cover starts once an inspector approves the vehicle's pre-inspection. Your details are in; the certificate comes by
						email when the cover is active.
					</p>
					<Link to={`/pre-inspection/${policy.id}`} className={`mt-3 ${buttonClass('primary')}`}>
						Take the pre-inspection photos
					</Link>
				</div>
			) : preInspection ? (
				<p className="text-sm">
					<Link to={`/pre-inspection/${policy.id}`} className="text-brand-700 underline">
						Pre-inspection of the device
					</Link>
					: photos of its condition before any claim.
				</p>
			) : null}
			{policy.renewal_due ? (
				<div className="rounded-xl border border-brand-200 bg-brand-50 p-4 text-slate-900">
					<p className="font-semibold">
						{policy.is_expired
							? `This cover ended on ${formatDay(policy.cover_end)}.`
							: `This cover ends on ${formatDay(policy.cover_end)}.`}{' '}
						Renew it to stay covered: it keeps its number.
					</p>
					{canBuy ? (
						<Link to={`/mycover/${policy.id}/renew`} className={`mt-3 ${buttonClass('primary')}`}>
							Renew this policy
						</Link>
					) : (
						<p className="mt-1 text-sm">Ask someone in your business who buys cover to renew it.</p>
					)}
				</div>
			) : null}
			<ManageLinks policy={policy} canManage={canManage} />
			<Panel
				id="cover-heading"
				title="Cover"
				action={
					// A pending policy has no certificate yet: its cover has not started (the API answers 409).
					policy.status === 'pending' ? undefined : (
						<span className="flex flex-wrap gap-2">
							<Link to={`/claims/${policy.id}`} className={buttonClass('secondary')}>
								Claims
							</Link>
							<Link to={`/mycover/${policy.id}/plan-usage`} className={buttonClass('secondary')}>
								Plan usage
							</Link>
							<a href={`/mycover/${policy.id}/certificate`} className={buttonClass('secondary')} download>
								Download certificate
							</a>
						</span>
					)
				}
			>
				<Details
					items={[
						{ label: 'Cover starts', value: <time dateTime={policy.cover_start}>{formatDay(policy.cover_start)}</time> },
						{ label: 'Cover ends', value: <time dateTime={policy.cover_end}>{formatDay(policy.cover_end)}</time> },
						...(policy.period ? [{ label: 'Cover period', value: periodLabel(policy.period as Period) }] : []),
						...(policy.kind === 'plan'
							? [
									{ label: 'Staff covered', value: `Up to ${policy.slots}` },
									{ label: 'Staff enrolled', value: String(policy.staff_count ?? 0) },
									{ label: 'Rate', value: `${formatNairaFull(policy.monthly_rate ?? 0)} a person a month` },
									{ label: 'Renews', value: policy.auto_renew ? 'Automatically' : 'No' },
									// Billed monthly in arrears (decisions 095 and 161): what the next invoice bills, as things stand.
									{
										label: 'Next bill',
										value: policy.next_bill ? (
											<>
												{formatNairaFull(policy.next_bill.amount)} for {plural(policy.next_bill.people, 'person', 'people')} in{' '}
												{formatMonth(policy.next_bill.month)}, issued{' '}
												<time dateTime={policy.next_bill.issued_on}>{formatDay(policy.next_bill.issued_on)}</time>
											</>
										) : policy.status === 'pending' ? (
											PLAN_BILLING.first
										) : (
											'None: no month is left to bill'
										),
									},
								]
							: [{ label: 'Premium paid', value: formatNairaFull(policy.premium) }]),
						...(policy.custodian ? [{ label: 'Custodian', value: policy.custodian.name }] : []),
					]}
				/>
				{policy.kind === 'policy' && canManageStaff ? (
					<p className="mt-4">
						<Link to={`/manage-custodian/${policy.purchase_id}/add`} className="text-brand-700 underline">
							{policy.custodian ? 'Change the custodian' : 'Name a custodian'}
						</Link>
					</p>
				) : null}
			</Panel>
			{policy.quote ? (
				<Panel id="price-heading" title={policy.kind === 'plan' ? 'Price quoted' : 'Price'}>
					<QuoteLines quote={policy.quote} />
					{policy.kind === 'plan' ? (
						<p className="mt-3 text-sm text-slate-600">For the period at the places bought. {PLAN_BILLING.rule}</p>
					) : null}
				</Panel>
			) : null}
			{details.length || documents.length ? (
				<Panel id="activation-heading" title="Activation details">
					{details.length ? (
						<Details
							items={details.map((d) => ({
								label: d.label,
								value: d.day ? <time dateTime={d.value}>{formatDay(d.value)}</time> : d.value,
							}))}
						/>
					) : null}
					{documents.length ? (
						<ul className="mt-4 space-y-1 text-sm">
							{documents.map((d) => (
								<li key={d.id}>
									{d.label}:{' '}
									<a href={`/mycover/documents/${d.id}`} className="text-brand-700 underline">
										{d.filename}
									</a>
								</li>
							))}
						</ul>
					) : null}
				</Panel>
			) : null}
			<Panel id="activities-heading" title="Activities">
				{activities.items.length ? (
					<ul className="divide-y divide-slate-100 text-sm">
						{activities.items.map((a) => (
							<li key={a.id} className="py-2">
								<p className={a.cancelled ? 'text-slate-500 line-through' : ''}>{a.description}</p>
								<p className="text-xs text-slate-600">
									{a.actor ? `${a.actor} · ` : ''}
									<time dateTime={a.created_at}>{formatDay(a.created_at)}</time>
									{a.upcoming ? ` · takes effect ${formatDay(a.effective_on)}` : ''}
								</p>
							</li>
						))}
					</ul>
				) : activities.total ? (
					<p className="text-sm">
						Page {activities.page} has no changes.{' '}
						<Link to={`/mycover/${policy.id}#activities-heading`} className="text-brand-700 underline">
							See the newest
						</Link>
						.
					</p>
				) : (
					<p className="text-sm text-slate-600">No changes yet.</p>
				)}
				<Pagination
					label="Pages of the activities"
					page={activities.page}
					pageCount={Math.max(1, Math.ceil(activities.total / activities.page_size))}
					href={(p) => `/mycover/${policy.id}${p > 1 ? `?activities=${p}` : ''}#activities-heading`}
				/>
			</Panel>
		</div>
	)
}

/** The screens that manage this policy or plan (spec section 2: /mycover/{plan_id}/…). */
function ManageLinks({ policy, canManage }: { policy: ReturnType<typeof useLoaderData<typeof loader>>['policy']; canManage: boolean }) {
	const base = `/mycover/${policy.id}`
	const live = policy.active || policy.is_paused
	const links = [
		{ to: `${base}/plan-information`, label: policy.kind === 'plan' ? 'Plan information and hospitals' : 'Policy information', show: true },
		{ to: `${base}/edit-plan`, label: 'Edit plan', show: canManage && live && policy.kind === 'plan' },
		{ to: `${base}/dependants`, label: 'Dependant slots', show: canManage && live && policy.kind === 'plan' },
		{ to: `${base}/migration-list`, label: 'Move members to another plan', show: canManage && live && policy.kind === 'plan' },
		{ to: `${base}/batch-removal`, label: 'Remove members', show: canManage && live && policy.kind === 'plan' },
		{ to: `${base}/edit-period-of-cover`, label: 'Edit period of cover', show: canManage && live && policy.period !== null },
		{ to: `${base}/remove-policies`, label: policy.kind === 'plan' ? 'End this plan' : 'Deactivate or remove', show: canManage && live },
	].filter((l) => l.show)
	return (
		<nav aria-label="Manage this cover" className="flex flex-wrap gap-2">
			{links.map((l) => (
				<Link key={l.to} to={l.to} className={buttonClass('secondary')}>
					{l.label}
				</Link>
			))}
		</nav>
	)
}
