import { Link, useLoaderData } from 'react-router'
import { periodLabel, type Period } from '#api/contract/periods.ts'
import { QuoteLines } from '#app/components/quote-fields.tsx'
import { buttonClass } from '#app/components/ui/form.tsx'
import { Details, Panel } from '#app/components/ui/panel.tsx'
import { ProviderMark } from '#app/components/ui/provider-mark.tsx'
import { formatNairaFull } from '#app/lib/money.ts'
import { requirePermission } from '#app/server/auth.server.ts'
import { apiFrom } from '#app/server/insurer.server.ts'
import type { Route } from './+types/plan'
import { PolicyStatusBadge, coverDay } from '#app/components/policy-status.tsx'
import { activationPath } from './parts.tsx'
import { loadPolicy } from './mycover.server.ts'

export const meta: Route.MetaFunction = ({ data: loaded }) => [
	{ title: `${loaded ? loaded.policy.policy_number : 'Policy'} · My cover · Cover Portal` },
]

/** One policy or staff plan: what was bought, its status, its details and documents, its certificate. */
export async function loader(args: Route.LoaderArgs) {
	const { permissions } = await requirePermission(args, 'plans.view')
	const api = apiFrom(args.context)
	const policy = await loadPolicy(api, args.params.planId)
	const product = (await api.getProduct(String(policy.product_id))).data
	const labels = Object.fromEntries((product.activation?.fields ?? []).map((f) => [f.name, f.label]))
	const docLabels = Object.fromEntries((product.activation?.documents ?? []).map((d) => [d.name, d.label]))
	return {
		policy,
		details: Object.entries(policy.activation ?? {}).map(([name, value]) => ({ label: labels[name] ?? name, value })),
		documents: policy.documents.map((d) => ({ ...d, label: docLabels[d.field] ?? d.field })),
		canManage: permissions.includes('plans.manage'),
	}
}

export default function PlanPage() {
	const { policy, details, documents, canManage } = useLoaderData<typeof loader>()
	const pending = policy.is_pending && !policy.is_expired
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
						{ label: 'Cover starts', value: coverDay(policy.cover_start) },
						{ label: 'Cover ends', value: coverDay(policy.cover_end) },
						...(policy.period ? [{ label: 'Cover period', value: periodLabel(policy.period as Period) }] : []),
						...(policy.kind === 'plan'
							? [
									{ label: 'Staff covered', value: `Up to ${policy.slots}` },
									{ label: 'Staff enrolled', value: String(policy.staff_count ?? 0) },
									{ label: 'Rate', value: `${formatNairaFull(policy.monthly_rate ?? 0)} a person a month` },
									{ label: 'Renews', value: policy.auto_renew ? 'Automatically' : 'No' },
									...(policy.next_billing_date ? [{ label: 'Next bill', value: coverDay(policy.next_billing_date) }] : []),
								]
							: [{ label: 'Premium paid', value: formatNairaFull(policy.premium) }]),
						...(policy.custodian ? [{ label: 'Custodian', value: policy.custodian.name }] : []),
					]}
				/>
			</Panel>
			{policy.quote ? (
				<Panel id="price-heading" title="Price">
					<QuoteLines quote={policy.quote} />
				</Panel>
			) : null}
			{details.length || documents.length ? (
				<Panel id="activation-heading" title="Activation details">
					{details.length ? <Details items={details} /> : null}
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
		</div>
	)
}
