import { parseWithZod } from '@conform-to/zod/v4'
import { data, useActionData, useLoaderData } from 'react-router'
import { Link } from '#app/components/ui/link.tsx'
import { buttonClass } from '#app/components/ui/form.tsx'
import { panelClass } from '#app/components/ui/panel.tsx'
import { StatusBadge } from '#app/components/ui/status-badge.tsx'
import { formatNairaFull } from '#app/lib/money.ts'
import { ApiCallError } from '#app/server/api.server.ts'
import { requirePermission } from '#app/server/auth.server.ts'
import { formConstraint, readForm, replyWithApiError } from '#app/server/forms.server.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
import { redirectWithToast } from '#app/server/toast.server.ts'
import type { Route } from './+types/make-claim'
import { resumePath } from './steps.ts'
import { ClaimDetailsBody, ClaimDetailsForm } from './details-form.tsx'

export const meta: Route.MetaFunction = () => [{ title: 'Make a claim · Cover Portal' }]

/** The most policies the choice lists. */
const CHOICES = 100

async function policyOrNull(api: ReturnType<typeof apiFrom>, id: string) {
	try {
		return (await api.getPolicy(id)).data
	} catch (error) {
		if (error instanceof ApiCallError && (error.status === 400 || error.status === 404)) return null
		throw error
	}
}

/** Choose the policy (?policy=), then describe the incident: the claim is saved as a draft. */
async function load(args: Route.LoaderArgs | Route.ActionArgs) {
	await requirePermission(args, 'claims.manage')
	const api = apiFrom(args.context)
	// The newest hundred to choose from; a policy linked to by ?policy= is read on its own when older.
	const policies = (await api.getPolicies({ page_size: CHOICES })).data.items
	const chosenId = new URL(args.request.url).searchParams.get('policy')
	const chosen = chosenId ? (policies.find((p) => p.id === chosenId) ?? (await policyOrNull(api, chosenId))) : null
	const product = chosen ? (await api.getProduct(String(chosen.product_id))).data : null
	const drafts = (await api.getClaims({ status: 'pending' })).data
	return { api, policies, chosen, product, drafts }
}

export async function loader(args: Route.LoaderArgs) {
	const { policies, chosen, product, drafts } = await load(args)
	return {
		policies: policies.map((p) => ({
			id: p.id,
			policy_number: p.policy_number,
			product_name: p.product_name,
			claimable: !p.is_pending && !p.is_expired && !p.is_paused && !p.is_terminated && !p.is_deactivated,
			status: p.is_terminated
				? 'terminated'
				: p.is_deactivated
					? 'deactivated'
					: p.is_pending
						? 'pending'
						: p.is_expired
							? 'expired'
							: p.is_paused
								? 'paused'
								: 'active',
		})),
		chosen:
			chosen && product
				? { id: chosen.id, policy_number: chosen.policy_number, product_name: product.name, incident_types: product.incident_types }
				: null,
		limits: product?.claim_limits ?? [],
		drafts: drafts.map((d) => ({ id: d.id, claim_number: d.claim_number, product_name: d.policy.product_name })),
		constraint: formConstraint(ClaimDetailsBody),
	}
}

export async function action(args: Route.ActionArgs) {
	const { api, chosen } = await load(args)
	const formData = await readForm(args.request)
	const submission = parseWithZod(formData, { schema: ClaimDetailsBody })
	if (submission.status !== 'success' || !chosen) return data({ result: submission.reply() }, { status: 400 })
	try {
		const body = Object.fromEntries([...formData].filter(([, v]) => typeof v === 'string')) as Record<string, string>
		const { data: claim, message } = await api.createClaim({ ...body, policy_id: chosen.id })
		return redirectWithToast(args.request, resumePath(claim), { type: 'success', description: message ?? 'Claim started.' })
	} catch (error) {
		return replyWithApiError(submission, error)
	}
}

export default function MakeClaim() {
	const { policies, chosen, limits, drafts, constraint } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	return (
		<>
			<h1 className="text-2xl font-bold">Make a claim</h1>
			{drafts.length ? (
				<section className="mt-4 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm" aria-label="Claims you have started">
					<h2 className="font-semibold">Continue a claim you started</h2>
					<ul className="mt-1 space-y-1">
						{drafts.map((d) => (
							<li key={d.id}>
								<Link to={`/claims/make-claim/${d.id}/form`} className="text-brand-700 underline">
									{d.claim_number} ({d.product_name})
								</Link>
							</li>
						))}
					</ul>
				</section>
			) : null}
			{chosen ? (
				<>
					<p className="mt-2 text-slate-700">
						On {chosen.product_name}, policy {chosen.policy_number}.{' '}
						<Link to="/claims/make-claim" className="text-brand-700 underline">
							Choose another policy
						</Link>
					</p>
					<div className="mt-6">
						<ClaimDetailsForm
							id="make-claim"
							incidentTypes={chosen.incident_types}
							lastResult={actionData?.result}
							constraint={constraint}
							submitLabel="Start the claim"
							limitText={
								limits.length ? `In whole Naira. Limits: ${limits.map((l) => `${l.label} ${formatNairaFull(l.amount)}`).join('; ')}.` : null
							}
						/>
					</div>
				</>
			) : (
				<section className={`mt-6 ${panelClass}`} aria-labelledby="choose-policy">
					<h2 id="choose-policy" className="font-semibold">
						Which policy covers it?
					</h2>
					{policies.length === 0 ? (
						<p className="mt-2 text-sm">
							You have no cover to claim on.{' '}
							<Link to="/products" className="text-brand-700 underline">
								Browse the products
							</Link>
						</p>
					) : (
						<ul className="mt-3 divide-y divide-slate-100">
							{policies.map((p) => (
								<li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
									<span>
										{p.product_name} <span className="text-sm text-slate-600">{p.policy_number}</span>{' '}
										<StatusBadge kind="policy" status={p.status} />
									</span>
									{p.claimable ? (
										<Link to={`/claims/make-claim?policy=${p.id}`} className={buttonClass('secondary')}>
											Claim on this policy
										</Link>
									) : (
										<span className="text-sm text-slate-600">
											{p.status === 'pending' ? 'Activate it before making a claim.' : 'Claims can only be made on active cover.'}
										</span>
									)}
								</li>
							))}
						</ul>
					)}
				</section>
			)}
		</>
	)
}
