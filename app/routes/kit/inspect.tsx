import { data, redirect, useActionData, useLoaderData } from 'react-router'
import type { Inspection } from '#api/contract/inspections.ts'
import type { KitSession } from '#api/contract/kit.ts'
import { InspectionPhotos, type PhotoError, RejectionNotice } from '#app/components/inspection-photos.tsx'
import { KIT_SESSION_MISSING, endedSessionEvent } from '#app/lib/kit-session.ts'
import { readForm } from '#app/server/forms.server.ts'
import { inspectionPhotoAction } from '#app/server/inspection.server.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
import type { InsurerCalls } from '#app/server/insurer.server.ts'
import { kitFrameHeaders, kitProblemOf } from '#app/server/kit.server.ts'
import type { Route } from './+types/inspect'
import { KitBridge } from './bridge.tsx'
import { KitPageHeader, KitProblem, kitHeaders } from './parts.tsx'

export const meta: Route.MetaFunction = () => [{ title: 'Inspection · Cover kit' }, { name: 'robots', content: 'noindex' }]

export const headers: Route.HeadersFunction = kitHeaders

// The kit's inspection (issue 16, docs/decisions/106-kit-inspection.md): the portal's photo forms and
// rules, in the partner's frame, for the session's policy. The session's id is the key; no cookie.

type Loaded = { problem: string; session: null; inspection: null } | { problem: null; session: KitSession; inspection: Inspection | null }

async function load(api: InsurerCalls, id: string) {
	try {
		const { data: session } = await api.getKitSession(id)
		if (session.action !== 'inspect') throw redirect(`/kit/${session.id}`, { headers: kitFrameHeaders(session.origin) })
		const inspection = session.status === 'closed' ? null : (await api.getKitInspection(session.id)).data
		return { loaded: { problem: null, session, inspection } satisfies Loaded, status: 200 }
	} catch (error) {
		const { problem, status } = kitProblemOf(error)
		return { loaded: { problem, session: null, inspection: null } satisfies Loaded, status }
	}
}

export async function loader({ params, context }: Route.LoaderArgs) {
	const { loaded, status } = await load(apiFrom(context), params.sessionId)
	return data(loaded as Loaded, {
		status,
		headers: loaded.session ? kitFrameHeaders(loaded.session.origin) : kitFrameHeaders(null),
	})
}

export async function action({ request, params, context }: Route.ActionArgs) {
	const api = apiFrom(context)
	const { loaded } = await load(api, params.sessionId)
	if (!loaded.session) return data({ intent: 'problem', angle: '', error: loaded.problem }, { status: 410 })
	const headers = kitFrameHeaders(loaded.session.origin)
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

export default function KitInspect() {
	const loaded = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	if (!loaded.session) {
		return (
			<>
				<KitBridge hostOrigin={null} outcome={null} />
				<KitProblem message={loaded.problem ?? KIT_SESSION_MISSING} />
			</>
		)
	}
	const { session, inspection } = loaded
	const finished = session.status === 'completed' || session.status === 'closed'
	return (
		<>
			<KitBridge hostOrigin={session.origin} outcome={endedSessionEvent(session)} />
			<KitPageHeader
				partner={session.partner}
				title="Pre-inspection"
				policy={
					inspection
						? `${inspection.product_name}, policy ${inspection.policy_number}${inspection.item ? ` · ${inspection.item}` : ''}`
						: null
				}
				open={!finished}
			/>
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
