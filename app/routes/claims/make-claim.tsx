import { parseWithZod } from '@conform-to/zod/v4'
import { data, useActionData, useLoaderData } from 'react-router'
import { Link } from '#app/components/ui/link.tsx'
import { buttonClass } from '#app/components/ui/form.tsx'
import { panelClass } from '#app/components/ui/panel.tsx'
import { PolicyStatusBadge } from '#app/components/policy-status.tsx'
import { formatCount, formatNairaFull } from '#app/lib/money.ts'
import { ApiCallError } from '#app/server/api.server.ts'
import { requirePermission } from '#app/server/auth.server.ts'
import { formConstraint, readForm, replyWithApiError } from '#app/server/forms.server.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
import { redirectWithToast } from '#app/server/toast.server.ts'
import type { Route } from './+types/make-claim'
import { resumePath } from './steps.ts'
import { ClaimDetailsBody, ClaimDetailsForm, claimSchema } from './details-form.tsx'
import { claimBody, loadClaimants, readClaimant, sentValues } from './claimant.server.ts'

export const meta: Route.MetaFunction = () => [{ title: 'Make a claim · Cover Portal' }]

/** The most policies the choice lists: the newest that can take a claim. */
const CHOICES = 100
/** The most policies waiting for activation it names, with the way to activate each. */
const WAITING = 10

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
	// Only active cover takes a claim: the newest hundred of it to choose from, and the newest few waiting
	// for activation, each with the way to activate it. Cover that has ended or is paused is not offered.
	// A policy linked to by ?policy= is read on its own when it is not among them.
	const [active, waiting, drafts] = await Promise.all([
		api.getPolicies({ status: 'active', page_size: CHOICES }),
		api.getPolicies({ status: 'pending', page_size: WAITING }),
		api.getClaims({ status: 'pending' }),
	])
	const policies = active.data.items
	const chosenId = new URL(args.request.url).searchParams.get('policy')
	const chosen = chosenId ? (policies.find((p) => p.id === chosenId) ?? (await policyOrNull(api, chosenId))) : null
	const [product, claimants] = chosen
		? await Promise.all([api.getProduct(String(chosen.product_id)).then((r) => r.data), loadClaimants(api, chosen)])
		: [null, null]
	return { api, policies, activeTotal: active.data.total, waiting: waiting.data, chosen, product, claimants, drafts: drafts.data }
}

export async function loader(args: Route.LoaderArgs) {
	const { policies, activeTotal, waiting, chosen, product, claimants, drafts } = await load(args)
	const named = (p: (typeof policies)[number]) => ({
		id: p.id,
		policy_number: p.policy_number,
		product_name: p.product_name,
		state: p.state,
		awaiting_inspection: p.awaiting_inspection,
	})
	return {
		policies: policies.map(named),
		activeTotal,
		waiting: { items: waiting.items.map(named), total: waiting.total },
		chosen:
			chosen && product
				? { id: chosen.id, policy_number: chosen.policy_number, product_name: product.name, incident_types: product.incident_types }
				: null,
		limits: product?.claim_limits ?? [],
		claimants,
		drafts: drafts.map((d) => ({ id: d.id, claim_number: d.claim_number, product_name: d.policy.product_name })),
		constraint: formConstraint(ClaimDetailsBody),
	}
}

export async function action(args: Route.ActionArgs) {
	const { api, chosen, claimants } = await load(args)
	const formData = await readForm(args.request)
	const submission = parseWithZod(formData, { schema: claimSchema(claimants) })
	if (submission.status !== 'success' || !chosen) return data({ result: submission.reply() }, { status: 400 })
	try {
		const claimant = claimants ? await readClaimant(api, chosen.id, claimants, formData) : null
		// Kept apart from the form's result: the page's own checks, run again as the member's field loses focus, would clear it.
		if (claimant && 'error' in claimant) return data({ claimantProblem: claimant.error, values: sentValues(formData) }, { status: 400 })
		const body = claimBody(formData, claimant)
		const { data: claim, message } = await api.createClaim({ ...body, policy_id: chosen.id })
		return redirectWithToast(args.request, resumePath(claim), { type: 'success', description: message ?? 'Claim started.' })
	} catch (error) {
		return replyWithApiError(submission, error)
	}
}

export default function MakeClaim() {
	const { policies, activeTotal, waiting, chosen, limits, claimants, drafts, constraint } = useLoaderData<typeof loader>()
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
							lastResult={actionData && 'result' in actionData ? actionData.result : undefined}
							defaults={actionData && 'values' in actionData ? actionData.values : undefined}
							claimantProblem={actionData && 'claimantProblem' in actionData ? actionData.claimantProblem : null}
							constraint={constraint}
							submitLabel="Start the claim"
							claimants={claimants}
							limitText={
								limits.length ? `In whole Naira. Limits: ${limits.map((l) => `${l.label} ${formatNairaFull(l.amount)}`).join('; ')}.` : null
							}
						/>
					</div>
				</>
			) : (
				<>
					<section className={`mt-6 ${panelClass}`} aria-labelledby="choose-policy">
						<h2 id="choose-policy" className="font-semibold">
							Which policy covers it?
						</h2>
						{policies.length === 0 ? (
							<p className="mt-2 text-sm">
								{waiting.total ? 'You have no active cover to claim on yet.' : 'You have no cover to claim on.'}{' '}
								<Link to="/products" className="text-brand-700 underline">
									Browse the products
								</Link>
							</p>
						) : (
							<ul className="mt-3 divide-y divide-slate-100">
								{policies.map((p) => (
									<li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
										<span>
											{p.product_name} <span className="text-sm text-slate-600">{p.policy_number}</span> <PolicyStatusBadge policy={p} />
										</span>
										<Link to={`/claims/make-claim?policy=${p.id}`} className={buttonClass('secondary')}>
											Claim on this policy
											<span className="sr-only"> {p.policy_number}</span>
										</Link>
									</li>
								))}
							</ul>
						)}
						<p className="mt-3 text-sm text-slate-600">
							{activeTotal > policies.length ? (
								<>
									These are your newest {formatCount(policies.length)} of {formatCount(activeTotal)} active policies. To claim on another,{' '}
									<Link to="/mycover?status=active" className="text-brand-700 underline">
										find it in My cover
									</Link>{' '}
									and open its Claims.{' '}
								</>
							) : null}
							Only active cover takes a claim: not cover that has ended or is paused.
						</p>
					</section>
					{waiting.items.length ? (
						<section className={`mt-6 ${panelClass}`} aria-labelledby="waiting-policies">
							<h2 id="waiting-policies" className="font-semibold">
								Waiting for activation ({formatCount(waiting.total)})
							</h2>
							<p className="mt-1 text-sm text-slate-600">Cover starts once it is activated; then it can take a claim.</p>
							<ul className="mt-3 divide-y divide-slate-100">
								{waiting.items.map((p) => (
									<li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
										<span>
											{p.product_name} <span className="text-sm text-slate-600">{p.policy_number}</span> <PolicyStatusBadge policy={p} />
										</span>
										<Link to={`/mycover/${p.id}`} className="text-brand-700 underline">
											See what it needs<span className="sr-only"> for {p.policy_number}</span>
										</Link>
									</li>
								))}
							</ul>
							{waiting.total > waiting.items.length ? (
								<p className="mt-3 text-sm">
									<Link to="/mycover?status=pending" className="text-brand-700 underline">
										All cover waiting for activation
									</Link>
								</p>
							) : null}
						</section>
					) : null}
				</>
			)}
		</>
	)
}
