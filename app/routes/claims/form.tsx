import { parseWithZod } from '@conform-to/zod/v4'
import { data, useActionData, useLoaderData } from 'react-router'
import { formatNairaFull } from '#app/lib/money.ts'
import { formConstraint, readForm, replyWithApiError } from '#app/server/forms.server.ts'
import { redirectWithToast } from '#app/server/toast.server.ts'
import type { Route } from './+types/form'
import { loadOpenClaim } from './claims.server.ts'
import { resumePath } from './steps.ts'
import type { Claim } from '#api/contract/claims.ts'
import type { InsurerCalls } from '#app/server/insurer.server.ts'
import { ClaimDetailsBody, ClaimDetailsForm, claimSchema } from './details-form.tsx'
import { claimBody, loadClaimants, readClaimant, sentValues } from './claimant.server.ts'
import { ClaimSteps } from './parts.tsx'

export const meta: Route.MetaFunction = () => [{ title: 'Claim details · Cover Portal' }]

export async function loader(args: Route.LoaderArgs) {
	const { api, claim } = await loadOpenClaim(args)
	const [product, claimants] = await Promise.all([api.getProduct(String(claim.policy.product_id)), claimantsOf(api, claim)])
	return { claim, incidentTypes: product.data.incident_types, claimants, constraint: formConstraint(ClaimDetailsBody) }
}

/** Who a staff plan's claim can be for, the draft's member so far kept. */
async function claimantsOf(api: InsurerCalls, claim: Claim) {
	const claimants = await loadClaimants(api, claim.policy)
	if (claimants && 'search' in claimants && claim.claimant_staff_id)
		return { ...claimants, current: { id: claim.claimant_staff_id, name: claim.claimant_name } }
	return claimants
}

/** A draft's details change until it is submitted; the claim is saved each time, so it can be left and resumed. */
export async function action(args: Route.ActionArgs) {
	const { api, claim } = await loadOpenClaim(args)
	const formData = await readForm(args.request)
	const claimants = await claimantsOf(api, claim)
	const submission = parseWithZod(formData, { schema: claimSchema(claimants) })
	if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
	try {
		const claimant = claimants ? await readClaimant(api, claim.policy.id, claimants, formData) : null
		// Kept apart from the form's result, as on the first page of a claim (make-claim.tsx).
		if (claimant && 'error' in claimant) return data({ claimantProblem: claimant.error, values: sentValues(formData) }, { status: 400 })
		const { data: saved } = await api.updateClaim(claim.id, claimBody(formData, claimant))
		return redirectWithToast(args.request, resumePath(saved), { type: 'success', description: 'Claim saved.' })
	} catch (error) {
		return replyWithApiError(submission, error)
	}
}

export default function ClaimForm() {
	const { claim, incidentTypes, claimants, constraint } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	return (
		<>
			<h1 className="text-2xl font-bold">Claim {claim.claim_number}</h1>
			<p className="mb-4 text-slate-700">
				{claim.policy.product_name}, policy {claim.policy.policy_number}. Saved as a draft: you can leave and come back.
			</p>
			<ClaimSteps claim={claim} />
			<ClaimDetailsForm
				id="claim-details"
				incidentTypes={incidentTypes}
				defaults={actionData && 'values' in actionData ? actionData.values : claim}
				lastResult={actionData && 'result' in actionData ? actionData.result : undefined}
				claimantProblem={actionData && 'claimantProblem' in actionData ? actionData.claimantProblem : null}
				constraint={constraint}
				submitLabel="Save and continue"
				claimants={claimants}
				limitText={`In whole Naira, at most ${formatNairaFull(Math.max(0, claim.limit - claim.used))} (what is left of the limit).`}
			/>
		</>
	)
}
