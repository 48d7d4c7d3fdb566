import { Form, data, useActionData, useLoaderData } from 'react-router'
import { Link } from '#app/components/ui/link.tsx'
import { INSPECTION_ANGLES, INSPECTION_LINK_MINUTES, formatLinkCode } from '#api/contract/inspections.ts'
import { InspectionPhotos, type PhotoError, RejectionNotice } from '#app/components/inspection-photos.tsx'
import { SubmitButton, buttonClass } from '#app/components/ui/form.tsx'
import { panelClass } from '#app/components/ui/panel.tsx'
import { StatusBadge } from '#app/components/ui/status-badge.tsx'
import { ApiCallError } from '#app/server/api.server.ts'
import { requirePermission } from '#app/server/auth.server.ts'
import { readForm } from '#app/server/forms.server.ts'
import { inspectionPhotoAction, qrCodeOf } from '#app/server/inspection.server.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
import { redirectWithToast } from '#app/server/toast.server.ts'
import { loadPolicy } from '../mycover/mycover.server.ts'
import type { Route } from './+types/pre-inspection'

export const meta: Route.MetaFunction = () => [{ title: 'Pre-inspection · Cover Portal' }]

/** The policy's inspection, or null before it is started (the API answers 404 then). */
async function load(args: Route.LoaderArgs | Route.ActionArgs) {
	const { permissions } = await requirePermission(args, 'plans.view')
	const api = apiFrom(args.context)
	const policy = await loadPolicy(api, args.params.policyId)
	// 404: not started yet; 409: cover that is not pre-inspected (the API says which).
	let unavailable: string | null = null
	const inspection = await api.getPolicyInspection(policy.id).then(
		(r) => r.data,
		(error) => {
			if (!(error instanceof ApiCallError) || error.logout) throw error
			if (error.status === 409) unavailable = error.message
			else if (error.status !== 404) throw error
			return null
		},
	)
	return { api, policy, inspection, unavailable: unavailable as string | null, canManage: permissions.includes('plans.manage') }
}

export async function loader(args: Route.LoaderArgs) {
	const { policy, inspection, canManage, unavailable } = await load(args)
	const kind = inspection?.kind ?? (policy.awaiting_inspection ? 'vehicle' : 'gadget')
	return {
		policy: { id: policy.id, policy_number: policy.policy_number, product_name: policy.product_name, state: policy.state },
		inspection,
		kind,
		canManage,
		unavailable,
	}
}

/**
 * start: the inspection is made; link: a hand-off code for a phone, shown once in this answer (only its
 * hash is kept); upload and submit: the photo forms.
 */
export async function action(args: Route.ActionArgs) {
	const { api, policy, inspection } = await load(args)
	await requirePermission(args, 'plans.manage')
	const form = await readForm(args.request, 'The photo was cut short. Take it again.')
	const intent = String(form.get('intent') ?? '')
	const here = `/pre-inspection/${policy.id}`
	if (intent === 'start' || !inspection) {
		try {
			await api.startInspection(policy.id)
		} catch (error) {
			if (!(error instanceof ApiCallError) || error.logout) throw error
			return data({ intent: 'start', error: error.message, link: null }, { status: error.status >= 500 ? 502 : error.status })
		}
		return redirectWithToast(args.request, here, { type: 'success', description: 'Pre-inspection started: take the photos.' })
	}
	if (intent === 'link') {
		try {
			const { data: link } = await api.createInspectionLink(inspection.id)
			return { intent, error: null, link: { ...link, code: formatLinkCode(link.code), qr: await qrCodeOf(link.url) } }
		} catch (error) {
			if (!(error instanceof ApiCallError) || error.logout) throw error
			return data({ intent, error: error.message, link: null }, { status: error.status >= 500 ? 502 : error.status })
		}
	}
	const done = await inspectionPhotoAction(form, {
		upload: (angle, upload) => api.uploadInspectionPhoto(inspection.id, angle, upload),
		submit: () => api.submitPreInspection(inspection.id),
	})
	if (!done.ok) return done.reply
	return redirectWithToast(args.request, here, {
		type: 'success',
		description: done.result.message ?? (done.intent === 'submit' ? 'Photos sent.' : 'Photo uploaded.'),
	})
}

export default function PreInspection() {
	const { policy, inspection, kind, canManage, unavailable } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const photoError = actionData && 'angle' in actionData ? (actionData as PhotoError) : undefined
	const link = actionData && 'link' in actionData ? actionData.link : null
	return (
		<>
			<h1 className="text-2xl font-bold">Pre-inspection</h1>
			<p className="mb-4 text-slate-700">
				{policy.product_name}, policy {policy.policy_number}
				{inspection ? (
					<>
						{' '}
						<StatusBadge kind="inspection" status={inspection.status} />
					</>
				) : null}
			</p>
			{unavailable ? (
				<section className={`${panelClass} space-y-2`}>
					<p>{unavailable}</p>
					<Link to={`/mycover/${policy.id}`} className={buttonClass('secondary')}>
						See the policy
					</Link>
				</section>
			) : !inspection ? (
				<section className={`${panelClass} space-y-3`} aria-labelledby="needed-heading">
					<h2 id="needed-heading" className="text-lg font-semibold">
						What you need
					</h2>
					<p>
						{kind === 'vehicle'
							? 'Own-damage cover starts once our inspector approves photos of the vehicle. In daylight, with the vehicle clean, take:'
							: 'Photos of the device record its condition before any claim. Take:'}
					</p>
					<ol className="list-decimal space-y-1 pl-6">
						{INSPECTION_ANGLES[kind].map((a) => (
							<li key={a.name}>
								<span className="font-medium">{a.label}</span>: {a.hint}
							</li>
						))}
					</ol>
					<p className="text-sm text-slate-600">
						It takes about five minutes. Use this device's camera, or open the photos on your phone with a QR code.
					</p>
					{canManage ? (
						<Form method="post">
							<SubmitButton name="intent" value="start" pendingText="Starting…">
								Start the pre-inspection
							</SubmitButton>
						</Form>
					) : (
						<p className="text-sm">Ask someone in your business who manages plans to start it.</p>
					)}
					{actionData?.intent === 'start' && actionData.error ? (
						<p role="alert" className="text-sm text-red-700">
							{actionData.error}
						</p>
					) : null}
				</section>
			) : inspection.status === 'approved' ? (
				<section className={`${panelClass} space-y-2`}>
					<p className="font-semibold">Our inspector approved the photos.</p>
					<p>
						{inspection.activates_cover
							? 'The cover is active: the certificate was sent by email.'
							: 'The condition of the device is on record.'}
					</p>
					<Link to={`/mycover/${policy.id}`} className={buttonClass('secondary')}>
						See the policy
					</Link>
				</section>
			) : inspection.status === 'submitted' ? (
				<section className={`${panelClass} space-y-2`}>
					<p className="font-semibold">The photos are with our inspector.</p>
					<p>We will email you when they are reviewed, usually within one working day.</p>
					<Link to={`/mycover/${policy.id}`} className={buttonClass('secondary')}>
						See the policy
					</Link>
				</section>
			) : (
				<>
					<RejectionNotice inspection={inspection} />
					{canManage ? (
						<>
							<section className={`${panelClass} mb-4 space-y-3`} aria-labelledby="phone-heading">
								<h2 id="phone-heading" className="text-lg font-semibold">
									Take the photos with your phone
								</h2>
								{link ? (
									<div className="flex flex-wrap items-center gap-4">
										<img src={link.qr} alt="QR code of the inspection link" width={180} height={180} className="bg-white" />
										<div className="space-y-1 text-sm">
											<p>
												Scan it with your phone's camera, or open <span className="break-all">{link.url.replace(/\?.*$/, '')}</span> and
												type the code:
											</p>
											<p className="font-mono text-lg font-semibold tracking-wider" data-testid="link-code">
												{link.code}
											</p>
											<p>
												The link works for {INSPECTION_LINK_MINUTES} minutes and for one sending of the photos. Reload this page to see the
												photos as they arrive.
											</p>
											<a href={link.url} className="text-brand-700 underline" data-testid="link-url">
												Open the link here instead
											</a>
										</div>
									</div>
								) : (
									<p className="text-sm">We show a QR code your phone opens; the photos arrive here.</p>
								)}
								<Form method="post">
									<SubmitButton name="intent" value="link" variant="secondary" pendingText="Making the link…">
										{link ? 'Make a new QR code' : 'Show a QR code for my phone'}
									</SubmitButton>
								</Form>
								{actionData?.intent === 'link' && actionData.error ? (
									<p role="alert" className="text-sm text-red-700">
										{actionData.error}
									</p>
								) : null}
							</section>
							<h2 className="mb-2 text-lg font-semibold">Or take them here</h2>
							<InspectionPhotos
								inspection={inspection}
								actionData={photoError}
								photoUrl={(id) => `/pre-inspection/${policy.id}/photos/${id}`}
							/>
						</>
					) : (
						<p className="text-sm">Ask someone in your business who manages plans to take the photos.</p>
					)}
				</>
			)}
		</>
	)
}
