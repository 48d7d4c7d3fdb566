import { useEffect, useRef, useState } from 'react'
import { Form, data, useActionData, useLoaderData, useNavigate } from 'react-router'
import { INSPECTION_LINK_MESSAGE, normalizeLinkCode } from '#api/contract/inspections.ts'
import { InspectionPhotos, type PhotoError, RejectionNotice } from '#app/components/inspection-photos.tsx'
import { Button, SubmitButton, TextInput } from '#app/components/ui/form.tsx'
import { panelClass } from '#app/components/ui/panel.tsx'
import { ApiCallError } from '#app/server/api.server.ts'
import { readForm } from '#app/server/forms.server.ts'
import { inspectionPhotoAction } from '#app/server/inspection.server.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
import { redirectWithToast } from '#app/server/toast.server.ts'
import type { Route } from './+types/scanner'

export const meta: Route.MetaFunction = () => [{ title: 'Inspection photos · Cover Portal' }, { name: 'robots', content: 'noindex' }]

// The phone's side of the hand-off (docs/decisions/104-inspection-links.md): no session, the code is
// the key to one inspection. Without a code, the page scans a QR code (where the browser can) or takes one typed.

const codeOf = (request: Request) => new URL(request.url).searchParams.get('code')

export async function loader({ request, context }: Route.LoaderArgs) {
	const url = new URL(request.url)
	if (url.searchParams.get('sent') === '1') return { state: 'sent' as const, inspection: null, code: null, problem: null }
	const code = codeOf(request)
	if (code === null) return { state: 'enter' as const, inspection: null, code: null, problem: null }
	try {
		const { data: inspection } = await apiFrom(context).getLinkInspection(code)
		return { state: 'photos' as const, inspection, code, problem: null }
	} catch (error) {
		if (!(error instanceof ApiCallError) || error.status >= 500) throw error
		// Missing, replaced, expired or spent: the spec's one message (section 5).
		return data(
			{ state: 'problem' as const, inspection: null, code: null, problem: INSPECTION_LINK_MESSAGE },
			{ status: error.status === 410 ? 410 : 404 },
		)
	}
}

export async function action({ request, context }: Route.ActionArgs) {
	const code = codeOf(request) ?? ''
	const api = apiFrom(context)
	const form = await readForm(request, 'The photo was cut short. Take it again.')
	const done = await inspectionPhotoAction(form, {
		upload: (angle, upload) => api.uploadLinkPhoto(code, angle, upload),
		submit: () => api.submitLinkInspection(code),
	})
	if (!done.ok) {
		if (done.status === 404 || done.status === 410)
			return data({ intent: 'problem', angle: '', error: INSPECTION_LINK_MESSAGE }, { status: done.status })
		return done.reply
	}
	if (done.intent === 'submit')
		return redirectWithToast(request, '/inspection-scanner?sent=1', { type: 'success', description: 'Photos sent.' })
	return redirectWithToast(request, `/inspection-scanner?code=${encodeURIComponent(code)}`, {
		type: 'success',
		description: 'Photo uploaded.',
	})
}

type Detector = { detect: (source: HTMLVideoElement) => Promise<Array<{ rawValue: string }>> }

/** The camera reads the QR code where the browser has a barcode detector; elsewhere the code is typed. */
function QrScanner() {
	const [supported, setSupported] = useState(false)
	const [scanning, setScanning] = useState(false)
	const [message, setMessage] = useState<string | null>(null)
	const video = useRef<HTMLVideoElement>(null)
	const navigate = useNavigate()
	useEffect(() => setSupported('BarcodeDetector' in window && !!navigator.mediaDevices?.getUserMedia), [])
	useEffect(() => {
		if (!scanning) return
		let stream: MediaStream | null = null
		let stopped = false
		const Ctor = (window as unknown as { BarcodeDetector: new (o: { formats: string[] }) => Detector }).BarcodeDetector
		const detector = new Ctor({ formats: ['qr_code'] })
		async function run() {
			try {
				stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } })
				if (!video.current) return
				video.current.srcObject = stream
				await video.current.play()
				while (!stopped) {
					const [found] = await detector.detect(video.current)
					const raw = found?.rawValue
					const code = raw
						? normalizeLinkCode(raw.includes('code=') ? (new URL(raw, location.href).searchParams.get('code') ?? '') : raw)
						: null
					if (code) {
						stopped = true
						navigate(`/inspection-scanner?code=${code}`)
						return
					}
					await new Promise((r) => setTimeout(r, 300))
				}
			} catch {
				setMessage('The camera could not be opened: type the code instead.')
				setScanning(false)
			}
		}
		void run()
		return () => {
			stopped = true
			for (const track of stream?.getTracks() ?? []) track.stop()
		}
	}, [scanning, navigate])
	if (!supported) return null
	return (
		<div className="space-y-2">
			{scanning ? (
				<>
					<video ref={video} className="w-full max-w-sm rounded border border-slate-200" playsInline muted />
					<Button type="button" variant="secondary" onClick={() => setScanning(false)}>
						Stop the camera
					</Button>
				</>
			) : (
				<Button type="button" onClick={() => setScanning(true)}>
					Scan the QR code
				</Button>
			)}
			{message ? (
				<p role="alert" className="text-sm text-red-700">
					{message}
				</p>
			) : null}
		</div>
	)
}

export default function InspectionScanner() {
	const loaded = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	if (loaded.state === 'problem' || actionData?.intent === 'problem') {
		return (
			<section className={`${panelClass} space-y-2`}>
				<h1 className="text-2xl font-bold">Inspection photos</h1>
				<p role="alert" className="font-medium text-red-800">
					{INSPECTION_LINK_MESSAGE}
				</p>
				<p className="text-sm text-slate-700">Links work for 30 minutes and once. Ask for a new QR code on the pre-inspection page.</p>
			</section>
		)
	}
	if (loaded.state === 'sent') {
		return (
			<section className={`${panelClass} space-y-2`}>
				<h1 className="text-2xl font-bold">Photos sent</h1>
				<p>Our inspector will review them; we email the policy holder when they have. You can close this page.</p>
			</section>
		)
	}
	if (loaded.state === 'enter' || !loaded.inspection) {
		return (
			<section className={`${panelClass} space-y-4`}>
				<h1 className="text-2xl font-bold">Open an inspection link</h1>
				<p>Scan the QR code shown on the pre-inspection page, or type the code under it.</p>
				<QrScanner />
				<Form method="get" className="flex flex-wrap items-end gap-2">
					<label htmlFor="link-code" className="space-y-1 text-sm font-medium">
						<span className="block">Code</span>
						<TextInput id="link-code" name="code" required autoComplete="off" autoCapitalize="characters" placeholder="ABCD-EFGH-JKMN" />
					</label>
					<SubmitButton>Open</SubmitButton>
				</Form>
			</section>
		)
	}
	const inspection = loaded.inspection
	return (
		<>
			<h1 className="text-2xl font-bold">Inspection photos</h1>
			<p className="mb-4 text-slate-700">
				{inspection.product_name}, policy {inspection.policy_number}
				{inspection.item ? ` · ${inspection.item}` : ''}
			</p>
			<RejectionNotice inspection={inspection} />
			{inspection.status === 'submitted' || inspection.status === 'approved' ? (
				<p className={panelClass}>These photos were already sent.</p>
			) : (
				<InspectionPhotos inspection={inspection} actionData={actionData as PhotoError} />
			)}
		</>
	)
}
