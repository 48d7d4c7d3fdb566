import { Form, data, useActionData, useLoaderData } from 'react-router'
import { FILE_INPUT_CLASS, SubmitButton } from '#app/components/ui/form.tsx'
import { panelClass } from '#app/components/ui/panel.tsx'
import { ApiCallError } from '#app/server/api.server.ts'
import { throwIfNotFound } from '#app/server/api-errors.server.ts'
import { readForm } from '#app/server/forms.server.ts'
import { redirectWithToast } from '#app/server/toast.server.ts'
import type { Route } from './+types/list'
import { loadOpenClaim } from './claims.server.ts'
import { ClaimSteps, InlineError } from './parts.tsx'

export const meta: Route.MetaFunction = () => [{ title: 'Claim documents · Cover Portal' }]

export async function loader(args: Route.LoaderArgs) {
	return { claim: (await loadOpenClaim(args)).claim }
}

/**
 * Each document is its own form (intent `upload` and its name), so one refused upload loses nothing
 * else; `submit` sends the claim for review once the checklist is complete.
 */
export async function action(args: Route.ActionArgs) {
	const { api, claim } = await loadOpenClaim(args)
	const form = await readForm(args.request, 'The upload was cut short. Choose the file and send it again.')
	const intent = String(form.get('intent') ?? '')
	try {
		if (intent === 'submit') {
			const { message } = await api.submitClaim(claim.id)
			return redirectWithToast(args.request, `/claims/details-${claim.id}`, { type: 'success', description: message ?? 'Claim submitted.' })
		}
		const name = String(form.get('name') ?? '')
		const upload = new FormData()
		const file = form.get('file')
		if (file instanceof File) upload.set('file', file)
		const { message } = await api.uploadClaimFile(claim.id, name, upload)
		return redirectWithToast(args.request, `/claims/make-claim/${claim.id}/list`, { type: 'success', description: message ?? 'Uploaded.' })
	} catch (error) {
		throwIfNotFound(error)
		if (!(error instanceof ApiCallError) || error.logout) throw error
		return data(
			{ intent, name: String(form.get('name') ?? ''), error: error.message },
			{ status: error.status >= 500 ? 502 : error.status },
		)
	}
}

export default function ClaimDocuments() {
	const { claim } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	return (
		<>
			<h1 className="text-2xl font-bold">Documents for claim {claim.claim_number}</h1>
			<p className="mb-4 text-slate-700">Upload each document on its own: JPG, PNG or PDF, up to 5 MB.</p>
			<ClaimSteps claim={claim} />
			{claim.desk_note ? (
				<p className="mb-4 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm">Our claims desk asks: {claim.desk_note}</p>
			) : null}
			<ul className={`space-y-4 ${panelClass}`} aria-label="Documents this claim needs">
				{claim.checklist.map((doc) => (
					<li key={doc.name} className="border-b border-slate-100 pb-4 last:border-0">
						<p className="font-medium">
							<span aria-hidden>{doc.file ? '✓ ' : '○ '}</span>
							{doc.label}{' '}
							<span className="text-sm font-normal text-slate-600">{doc.file ? `(${doc.file.filename} uploaded)` : '(needed)'}</span>
						</p>
						<p className="text-sm text-slate-600">{doc.hint}</p>
						<Form method="post" encType="multipart/form-data" className="mt-2 flex flex-wrap items-center gap-3">
							<input type="hidden" name="name" value={doc.name} />
							<label className="text-sm">
								<span className="sr-only">{doc.label}</span>
								<input
									type="file"
									name="file"
									required
									accept="image/jpeg,image/png,application/pdf"
									aria-label={doc.label}
									className={FILE_INPUT_CLASS}
								/>
							</label>
							<SubmitButton name="intent" value="upload" variant="secondary" pendingText="Uploading…">
								{doc.file ? 'Replace' : 'Upload'}
							</SubmitButton>
						</Form>
						{actionData && actionData.intent === 'upload' && actionData.name === doc.name ? (
							<InlineError message={actionData.error} />
						) : null}
					</li>
				))}
			</ul>
			<Form method="post" className="mt-6">
				{claim.missing.length ? <p className="mb-2 text-sm text-slate-700">Still needed: {claim.missing.join(', ')}.</p> : null}
				<SubmitButton name="intent" value="submit" pendingText="Submitting…">
					Submit the claim
				</SubmitButton>
				{actionData?.intent === 'submit' ? <InlineError message={actionData.error} /> : null}
			</Form>
		</>
	)
}
