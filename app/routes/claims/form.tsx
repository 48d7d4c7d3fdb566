import { parseWithZod } from '@conform-to/zod/v4'
import { data, useActionData, useLoaderData } from 'react-router'
import { formatNairaFull } from '#app/lib/money.ts'
import { formConstraint, readForm, replyWithApiError } from '#app/server/forms.server.ts'
import { redirectWithToast } from '#app/server/toast.server.ts'
import type { Route } from './+types/form'
import { loadOpenClaim } from './claims.server.ts'
import { resumePath } from './steps.ts'
import { ClaimDetailsBody, ClaimDetailsForm } from './details-form.tsx'
import { ClaimSteps } from './parts.tsx'

export const meta: Route.MetaFunction = () => [{ title: 'Claim details · Cover Portal' }]

export async function loader(args: Route.LoaderArgs) {
	const { api, claim } = await loadOpenClaim(args)
	const product = (await api.getProduct(String(claim.policy.product_id))).data
	return { claim, incidentTypes: product.incident_types, constraint: formConstraint(ClaimDetailsBody) }
}

/** A draft's details change until it is submitted; the claim is saved each time, so it can be left and resumed. */
export async function action(args: Route.ActionArgs) {
	const { api, claim } = await loadOpenClaim(args)
	const formData = await readForm(args.request)
	const submission = parseWithZod(formData, { schema: ClaimDetailsBody })
	if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
	try {
		const body = Object.fromEntries([...formData].filter(([, v]) => typeof v === 'string')) as Record<string, string>
		const { data: saved } = await api.updateClaim(claim.id, body)
		return redirectWithToast(args.request, resumePath(saved), { type: 'success', description: 'Claim saved.' })
	} catch (error) {
		return replyWithApiError(submission, error)
	}
}

export default function ClaimForm() {
	const { claim, incidentTypes, constraint } = useLoaderData<typeof loader>()
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
				defaults={claim}
				lastResult={actionData?.result}
				constraint={constraint}
				submitLabel="Save and continue"
				limitText={`In whole Naira, at most ${formatNairaFull(Math.max(0, claim.limit - claim.used))} (what is left of the limit).`}
			/>
		</>
	)
}
