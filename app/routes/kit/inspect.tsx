import { Form, data, redirect, useActionData, useLoaderData } from 'react-router'
import type { Inspection } from '#api/contract/inspections.ts'
import type { KitSession } from '#api/contract/kit.ts'
import { InspectionPhotos, type PhotoError, RejectionNotice } from '#app/components/inspection-photos.tsx'
import { buttonClass } from '#app/components/ui/form.tsx'
import type { KitEvent } from '#app/lib/kit.ts'
import { ApiCallError } from '#app/server/api.server.ts'
import { readForm } from '#app/server/forms.server.ts'
import { inspectionPhotoAction } from '#app/server/inspection.server.ts'
import { type InsurerCalls, apiFrom } from '#app/server/insurer.server.ts'
import type { Route } from './+types/inspect'
import { KitBridge } from './bridge.tsx'
import { KitProblem, kitHeaders } from './parts.tsx'

export const meta: Route.MetaFunction = () => [{ title: 'Inspection · Cover kit' }, { name: 'robots', content: 'noindex' }]

export const headers: Route.HeadersFunction = kitHeaders

// The kit's inspection (issue 16, docs/decisions/106-kit-inspection.md): the portal's photo forms and
// rules, in the partner's frame, for the session's policy. The session's id is the key; no cookie.

const frameHeaders = (origin: string) => ({ 'X-Kit-Frame-Ancestors': origin, 'Cache-Control': 'no-store' })

type Loaded = { problem: string; session: null; inspection: null } | { problem: null; session: KitSession; inspection: Inspection | null }

async function load(api: InsurerCalls, id: string) {
	try {
		const { data: session } = await api.getKitSession(id)
		if (session.action !== 'inspect') throw redirect(`/kit/${session.id}`, { headers: frameHeaders(session.origin) })
		const inspection = session.status === 'closed' ? null : (await api.getKitInspection(session.id)).data
		return { loaded: { problem: null, session, inspection } satisfies Loaded, status: 200 }
	} catch (error) {
		if (error instanceof ApiCallError && error.status >= 400 && error.status < 500) {
			const problem = error.status === 404 || error.status === 400 ? 'We could not find this kit session.' : error.message
			return { loaded: { problem, session: null, inspection: null } satisfies Loaded, status: error.status === 400 ? 404 : error.status }
		}
		throw error
	}
}

export async function loader({ params, context }: Route.LoaderArgs) {
	const { loaded, status } = await load(apiFrom(context), params.sessionId)
	return data(loaded as Loaded, {
		status,
		headers: loaded.session ? frameHeaders(loaded.session.origin) : { 'X-Kit-Frame-Ancestors': '*', 'Cache-Control': 'no-store' },
	})
}

export async function action({ request, params, context }: Route.ActionArgs) {
	const api = apiFrom(context)
	const { loaded } = await load(api, params.sessionId)
	if (!loaded.session) return data({ intent: 'problem', angle: '', error: loaded.problem }, { status: 410 })
	const headers = frameHeaders(loaded.session.origin)
	const here = `/kit/${loaded.session.id}/inspect`
	const form = await readForm(request, 'The photo was cut short. Take it again.')
	if (form.get('intent') === 'close') {
		await api.closeKit(loaded.session.id)
		throw redirect(here, { headers })
	}
	const done = await inspectionPhotoAction(form, {
		upload: (angle, upload) => api.uploadKitPhoto(loaded.session.id, angle, upload),
		submit: () => api.submitKitInspection(loaded.session.id),
	})
	if (!done.ok) return data(await done.reply.data, { status: done.reply.init?.status ?? 400, headers })
	throw redirect(here, { headers })
}

function outcomeOf(session: KitSession | null): KitEvent | null {
	if (!session) return null
	if (session.status === 'closed') return { type: 'cover-kit:close', session_id: session.id, reference: session.reference }
	if (session.status === 'completed')
		return { type: 'cover-kit:success', session_id: session.id, reference: session.reference, policy_number: null }
	return null
}

export default function KitInspect() {
	const loaded = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	if (!loaded.session) {
		return (
			<>
				<KitBridge hostOrigin={null} outcome={null} />
				<KitProblem message={loaded.problem ?? 'We could not find this kit session.'} />
			</>
		)
	}
	const { session, inspection } = loaded
	const finished = session.status === 'completed' || session.status === 'closed'
	return (
		<>
			<KitBridge hostOrigin={session.origin} outcome={outcomeOf(session)} />
			<header className="mb-4 flex items-start justify-between gap-3">
				<div>
					<p className="text-sm text-slate-600">Cover Portal, for {session.partner}</p>
					<h1 className="text-xl font-bold">Pre-inspection</h1>
					{inspection ? (
						<p className="text-sm text-slate-700">
							{inspection.product_name}, policy {inspection.policy_number}
							{inspection.item ? ` · ${inspection.item}` : ''}
						</p>
					) : null}
				</div>
				{finished ? null : (
					<Form method="post">
						<button type="submit" name="intent" value="close" className={buttonClass('secondary')}>
							Close
						</button>
					</Form>
				)}
			</header>
			{session.status === 'closed' ? (
				<section role="status" className="rounded-xl border border-slate-200 bg-white p-5">
					<h2 className="text-lg font-semibold">Closed</h2>
					<p className="mt-1">No photos were sent. You can close this window.</p>
				</section>
			) : session.status === 'completed' || inspection?.status === 'submitted' || inspection?.status === 'approved' ? (
				<section role="status" className="rounded-xl border border-emerald-200 bg-white p-5">
					<h2 className="text-lg font-semibold">Photos sent</h2>
					<p className="mt-1">Our inspector will review them, and {session.partner} will hear the result. You can close this window.</p>
				</section>
			) : inspection ? (
				<>
					<RejectionNotice inspection={inspection} />
					<InspectionPhotos inspection={inspection} actionData={actionData as PhotoError} />
				</>
			) : null}
		</>
	)
}
