import { Form, data, useActionData, useLoaderData } from 'react-router'
import { DAMAGE_PHOTOS } from '#api/contract/claims.ts'
import { PhotoInput, SubmitButton } from '#app/components/ui/form.tsx'
import { panelClass } from '#app/components/ui/panel.tsx'
import { ApiCallError } from '#app/server/api.server.ts'
import { throwIfNotFound } from '#app/server/api-errors.server.ts'
import { readForm } from '#app/server/forms.server.ts'
import { redirectWithToast } from '#app/server/toast.server.ts'
import type { Route } from './+types/inspection'
import { loadOpenClaim } from './claims.server.ts'
import { resumePath } from './steps.ts'
import { ClaimSteps, InlineError } from './parts.tsx'

export const meta: Route.MetaFunction = () => [{ title: 'Photos of the damage · Cover Portal' }]

export async function loader(args: Route.LoaderArgs) {
	return { claim: (await loadOpenClaim(args)).claim }
}

/** Each photo is its own upload (the phone's camera opens with capture); `done` moves the claim on. */
export async function action(args: Route.ActionArgs) {
	const { api, claim } = await loadOpenClaim(args)
	const form = await readForm(args.request, 'The photo was cut short. Take it again.')
	const intent = String(form.get('intent') ?? '')
	const name = String(form.get('name') ?? '')
	try {
		if (intent === 'done') {
			const { data: moved } = await api.submitClaimInspection(claim.id)
			return redirectWithToast(args.request, resumePath(moved), { type: 'success', description: 'Photos submitted.' })
		}
		const upload = new FormData()
		const file = form.get('file')
		if (file instanceof File) upload.set('file', file)
		await api.uploadClaimFile(claim.id, name, upload)
		return redirectWithToast(args.request, `/claims/make-claim/${claim.id}/inspection`, { type: 'success', description: 'Photo uploaded.' })
	} catch (error) {
		throwIfNotFound(error)
		if (!(error instanceof ApiCallError) || error.logout) throw error
		return data({ intent, name, error: error.message }, { status: error.status >= 500 ? 502 : error.status })
	}
}

export default function ClaimPhotos() {
	const { claim } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	return (
		<>
			<h1 className="text-2xl font-bold">Photos of the damage</h1>
			<p className="mb-4 text-slate-700">Take up to six photos: the damage close up and the whole item. JPG or PNG, up to 5 MB each.</p>
			<ClaimSteps claim={claim} />
			<ul className={`grid gap-4 sm:grid-cols-2 ${panelClass}`} aria-label="Photos">
				{DAMAGE_PHOTOS.map((name, i) => {
					const photo = claim.photos.find((p) => p.field === name)
					return (
						<li key={name}>
							<p className="font-medium">
								Photo {i + 1} {photo ? <span className="text-sm font-normal text-slate-600">({photo.filename} uploaded)</span> : null}
							</p>
							<Form method="post" encType="multipart/form-data" className="mt-1 flex flex-wrap items-center gap-2" data-resize-photos>
								<input type="hidden" name="name" value={name} />
								<PhotoInput label={`Photo ${i + 1}`} />
								<SubmitButton name="intent" value="upload" variant="secondary" pendingText="Uploading…">
									{photo ? 'Replace' : 'Upload'}
								</SubmitButton>
							</Form>
							{actionData?.intent === 'upload' && actionData.name === name ? <InlineError message={actionData.error} /> : null}
						</li>
					)
				})}
			</ul>
			<Form method="post" className="mt-6">
				<SubmitButton name="intent" value="done" pendingText="Saving…">
					Done with photos
				</SubmitButton>
				{actionData?.intent === 'done' ? <InlineError message={actionData.error} /> : null}
			</Form>
		</>
	)
}
