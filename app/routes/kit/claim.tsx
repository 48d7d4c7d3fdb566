import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, data, redirect, useActionData, useLoaderData } from 'react-router'
import type { IncidentType } from '#api/contract/catalogue.ts'
import type { KitClaim, KitSession } from '#api/contract/kit.ts'
import { FILE_INPUT_CLASS, SubmitButton } from '#app/components/ui/form.tsx'
import { panelClass } from '#app/components/ui/panel.tsx'
import { KIT_SESSION_MISSING, endedSessionEvent } from '#app/lib/kit-session.ts'
import { formatNairaFull } from '#app/lib/money.ts'
import { ApiCallError } from '#app/server/api.server.ts'
import { splitApiError } from '#app/server/api-errors.server.ts'
import { formConstraint, readForm } from '#app/server/forms.server.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
import type { InsurerCalls } from '#app/server/insurer.server.ts'
import { kitFrameHeaders, kitProblemOf } from '#app/server/kit.server.ts'
import { ClaimDetailsBody, ClaimDetailsForm } from '../claims/details-form.tsx'
import { InlineError } from '../claims/parts.tsx'
import type { Route } from './+types/claim'
import { KitBridge } from './bridge.tsx'
import { KitPageHeader, KitProblem, kitHeaders } from './parts.tsx'

export const meta: Route.MetaFunction = () => [{ title: 'Claim · Cover kit' }, { name: 'robots', content: 'noindex' }]

export const headers: Route.HeadersFunction = kitHeaders

// The kit's claim (issue 16, docs/decisions/122-kit-claims.md): the portal's claim form and document
// checklist, in the partner's frame, for the session's policy. The session's id is the key; no cookie.

const PHOTO_SLOTS = ['damage_1', 'damage_2', 'damage_3'] as const

type Loaded = { problem: string; session: null; page: null } | { problem: null; session: KitSession; page: KitClaim }

async function load(api: InsurerCalls, id: string) {
	try {
		const { data: session } = await api.getKitSession(id)
		if (session.action !== 'claim') throw redirect(`/kit/${session.id}`, { headers: kitFrameHeaders(session.origin) })
		const { data: page } = await api.getKitClaim(session.id)
		return { loaded: { problem: null, session, page } satisfies Loaded, status: 200 }
	} catch (error) {
		const { problem, status } = kitProblemOf(error)
		return { loaded: { problem, session: null, page: null } satisfies Loaded, status }
	}
}

export async function loader({ params, context }: Route.LoaderArgs) {
	const { loaded, status } = await load(apiFrom(context), params.sessionId)
	return data(
		{ ...(loaded as Loaded), constraint: formConstraint(ClaimDetailsBody) },
		{
			status,
			headers: loaded.session ? kitFrameHeaders(loaded.session.origin) : kitFrameHeaders(null),
		},
	)
}

type Reply = { intent: string; name?: string; error?: string; result?: SubmissionResult<string[]> }

export async function action({ request, params, context }: Route.ActionArgs) {
	const api = apiFrom(context)
	const { loaded } = await load(api, params.sessionId)
	if (!loaded.session) return data({ intent: 'problem', error: loaded.problem } satisfies Reply, { status: 410 })
	const headers = kitFrameHeaders(loaded.session.origin)
	const here = `/kit/${loaded.session.id}/claim`
	const form = await readForm(request, 'The form was cut short. Send it again.')
	const intent = String(form.get('intent') ?? 'details')
	if (intent === 'close') {
		await api.closeKit(loaded.session.id)
		throw redirect(here, { headers })
	}
	if (intent === 'details') {
		const submission = parseWithZod(form, { schema: ClaimDetailsBody })
		if (submission.status !== 'success') return data({ intent, result: submission.reply() } satisfies Reply, { status: 400, headers })
		try {
			const body = Object.fromEntries([...form].filter(([k, v]) => typeof v === 'string' && k !== 'intent')) as Record<string, string>
			await api.saveKitClaim(loaded.session.id, body)
		} catch (error) {
			if (!(error instanceof ApiCallError) || error.status >= 500) throw error
			const { fieldErrors } = splitApiError(error)
			const error_ = Object.keys(fieldErrors).length ? undefined : error.message
			return data({ intent, result: submission.reply({ fieldErrors }), error: error_ } satisfies Reply, { status: error.status, headers })
		}
		throw redirect(here, { headers })
	}
	const name = String(form.get('name') ?? '')
	try {
		if (intent === 'upload') {
			const upload = new FormData()
			const file = form.get('file')
			if (file instanceof File) upload.set('file', file)
			await api.uploadKitClaimFile(loaded.session.id, name, upload)
		} else if (intent === 'estimate') {
			await api.saveKitClaimEstimate(loaded.session.id, [
				{ kind: 'bill', description: String(form.get('description') ?? ''), amount: String(form.get('amount') ?? '') },
			])
		} else if (intent === 'submit') {
			await api.submitKitClaim(loaded.session.id)
		} else {
			return data({ intent, error: 'Send the form again.' } satisfies Reply, { status: 400, headers })
		}
	} catch (error) {
		if (!(error instanceof ApiCallError) || error.status >= 500) throw error
		return data({ intent, name, error: error.message } satisfies Reply, { status: error.status, headers })
	}
	throw redirect(here, { headers })
}

export default function KitClaimPage() {
	const loaded = useLoaderData<typeof loader>()
	const reply = useActionData<typeof action>() as Reply | undefined
	if (!loaded.session || !loaded.page) {
		return (
			<>
				<KitBridge hostOrigin={null} outcome={null} />
				<KitProblem message={loaded.problem ?? KIT_SESSION_MISSING} />
			</>
		)
	}
	const { session, page } = loaded
	const claim = page.claim
	const finished = session.status === 'completed' || session.status === 'closed'
	const errorFor = (intent: string, name?: string) =>
		reply && reply.intent === intent && (name === undefined || reply.name === name) ? reply.error : null
	return (
		<>
			<KitBridge hostOrigin={session.origin} outcome={endedSessionEvent(session)} />
			<KitPageHeader
				partner={session.partner}
				title={claim ? `Claim ${claim.claim_number}` : 'Make a claim'}
				policy={`${page.policy.product_name}, policy ${page.policy.policy_number}`}
				open={!finished}
			/>
			{session.status === 'closed' ? (
				<section role="status" className={panelClass}>
					<h2 className="text-lg font-semibold">Closed</h2>
					<p className="mt-1">
						{claim ? `Claim ${claim.claim_number} was saved as a draft, not sent.` : 'No claim was made.'} You can close this window.
					</p>
				</section>
			) : session.status === 'completed' && claim ? (
				<section role="status" aria-labelledby="kit-claim-sent" className="rounded-xl border border-emerald-300 bg-emerald-50 p-5">
					<h2 id="kit-claim-sent" className="text-lg font-semibold">
						Claim sent
					</h2>
					<p className="mt-1">
						Claim <strong>{claim.claim_number}</strong> for {formatNairaFull(claim.amount)} is with our claims desk. We have told{' '}
						{session.partner}; you can close this window.
					</p>
				</section>
			) : (
				<div className="space-y-6">
					<section aria-labelledby="kit-claim-what">
						<h2 id="kit-claim-what" className="mb-2 font-semibold">
							1. What happened
						</h2>
						<InlineError message={errorFor('details')} />
						<ClaimDetailsForm
							id="kit-claim-details"
							incidentTypes={page.policy.incident_types.map((t) => t.value as IncidentType)}
							defaults={claim ?? undefined}
							lastResult={reply?.intent === 'details' ? reply.result : undefined}
							constraint={loaded.constraint}
							submitLabel={claim ? 'Save the changes' : 'Save and continue'}
							limitText={
								claim
									? `In whole Naira, at most ${formatNairaFull(Math.max(0, claim.limit - claim.used))} (what is left of the limit).`
									: null
							}
						/>
					</section>
					{claim ? (
						<>
							{claim.needs.inspection ? (
								<section aria-labelledby="kit-claim-photos" className={panelClass}>
									<h2 id="kit-claim-photos" className="font-semibold">
										2. Photos of the damage
									</h2>
									<p className="text-sm text-slate-600">At least one: JPG or PNG, up to 5 MB.</p>
									<ul className="mt-3 space-y-3">
										{PHOTO_SLOTS.map((slot, i) => {
											const photo = claim.photos.find((p) => p.field === slot)
											return (
												<li key={slot}>
													<UploadForm name={slot} label={`Photo ${i + 1}`} done={photo?.filename ?? null} accept="image/jpeg,image/png" />
													<InlineError message={errorFor('upload', slot)} />
												</li>
											)
										})}
									</ul>
								</section>
							) : null}
							{claim.needs.estimate ? (
								<section aria-labelledby="kit-claim-estimate" className={panelClass}>
									<h2 id="kit-claim-estimate" className="font-semibold">
										The estimate or bill
									</h2>
									{claim.estimate.length ? (
										<p className="text-sm">Saved: {formatNairaFull(claim.estimate.reduce((s, l) => s + l.amount, 0))}.</p>
									) : null}
									<Form method="post" className="mt-2 grid gap-3 sm:grid-cols-[2fr_1fr_auto] sm:items-end">
										<label className="text-sm">
											What it is for
											<input
												name="description"
												required
												minLength={2}
												className="block w-full rounded-md border border-slate-300 px-3 py-2"
											/>
										</label>
										<label className="text-sm">
											Amount
											<input
												name="amount"
												required
												inputMode="numeric"
												className="block w-full rounded-md border border-slate-300 px-3 py-2"
											/>
										</label>
										<SubmitButton name="intent" value="estimate" variant="secondary" pendingText="Saving…">
											Save the estimate
										</SubmitButton>
									</Form>
									<InlineError message={errorFor('estimate')} />
								</section>
							) : null}
							<section aria-labelledby="kit-claim-documents" className={panelClass}>
								<h2 id="kit-claim-documents" className="font-semibold">
									{claim.needs.inspection ? '3' : '2'}. Documents
								</h2>
								<p className="text-sm text-slate-600">Each on its own: JPG, PNG or PDF, up to 5 MB.</p>
								<ul className="mt-3 space-y-4">
									{claim.checklist.map((doc) => (
										<li key={doc.name}>
											<p className="text-sm text-slate-600">{doc.hint}</p>
											<UploadForm
												name={doc.name}
												label={doc.label}
												done={doc.file?.filename ?? null}
												accept="image/jpeg,image/png,application/pdf"
											/>
											<InlineError message={errorFor('upload', doc.name)} />
										</li>
									))}
								</ul>
							</section>
							<Form method="post">
								{claim.missing.length ? <p className="mb-2 text-sm text-slate-700">Still needed: {claim.missing.join(', ')}.</p> : null}
								<SubmitButton name="intent" value="submit" pendingText="Sending…">
									Send the claim
								</SubmitButton>
								<InlineError message={errorFor('submit')} />
							</Form>
						</>
					) : null}
				</div>
			)}
		</>
	)
}

function UploadForm({ name, label, done, accept }: { name: string; label: string; done: string | null; accept: string }) {
	return (
		<Form method="post" encType="multipart/form-data" className="mt-1 flex flex-wrap items-center gap-3">
			<input type="hidden" name="name" value={name} />
			<p className="w-full font-medium">
				<span aria-hidden>{done ? '✓ ' : '○ '}</span>
				{label} <span className="text-sm font-normal text-slate-600">{done ? `(${done} uploaded)` : '(needed)'}</span>
			</p>
			<input type="file" name="file" required accept={accept} aria-label={label} className={FILE_INPUT_CLASS} />
			<SubmitButton name="intent" value="upload" variant="secondary" pendingText="Uploading…">
				{done ? 'Replace' : 'Upload'}
			</SubmitButton>
		</Form>
	)
}
