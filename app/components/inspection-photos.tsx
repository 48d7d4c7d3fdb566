import { type ChangeEvent, type FormEvent, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import { Form, useNavigate } from 'react-router'
import type { Inspection } from '#api/contract/inspections.ts'
import { resizePhoto } from '#app/client/resize-photo.ts'
import { PhotoInput, SubmitButton } from '#app/components/ui/form.tsx'
import { panelClass } from '#app/components/ui/panel.tsx'

export type PhotoError = { intent: string; angle?: string; error: string } | undefined

/** How long to wait before each new try of a photo whose sending failed on the way (docs/decisions/105). */
export const PHOTO_RETRY_DELAYS_MS = [1_000, 3_000]

/**
 * Send a photo form's data, trying again after PHOTO_RETRY_DELAYS_MS when the network fails or the
 * server answers 5xx, 408 or 429. 'sent': the action answered with its redirect (success); 'refused':
 * it answered with a message to show (the form is then sent the plain way, which shows it); 'failed':
 * no try got through.
 */
async function sendPhoto(form: HTMLFormElement, body: FormData, onRetry: (attempt: number) => void) {
	for (let attempt = 0; ; attempt++) {
		try {
			const response = await fetch(form.action, { method: 'POST', body, redirect: 'manual', credentials: 'same-origin' })
			if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) return 'sent' as const
			if (response.status < 500 && response.status !== 408 && response.status !== 429) return 'refused' as const
		} catch {
			// The network failed on the way: try again.
		}
		const delay = PHOTO_RETRY_DELAYS_MS[attempt]
		if (delay === undefined) return 'failed' as const
		onRetry(attempt + 1)
		await new Promise((resolve) => setTimeout(resolve, delay))
	}
}

/**
 * One angle's photo form. With JavaScript, a chosen photo is made smaller in the browser and put back
 * into its input before the form is sent (docs/decisions/105-photos-in-the-browser.md), the button
 * waiting meanwhile, and a sending that fails on the way is tried again by itself; without it, the
 * photo goes as taken, in a plain form.
 */
function PhotoForm({ angle, label, taken }: { angle: string; label: string; taken: boolean }) {
	const [busy, setBusy] = useState<null | 'preparing' | 'sending' | 'retrying'>(null)
	const [failed, setFailed] = useState(false)
	const plain = useRef(false)
	const navigate = useNavigate()
	async function onChange(event: ChangeEvent<HTMLInputElement>) {
		const input = event.currentTarget
		const file = input.files?.[0]
		setFailed(false)
		if (!file || typeof DataTransfer === 'undefined') return
		setBusy('preparing')
		try {
			const smaller = await resizePhoto(file)
			if (smaller !== file) {
				const transfer = new DataTransfer()
				transfer.items.add(smaller)
				input.files = transfer.files
			}
		} finally {
			setBusy(null)
		}
	}
	async function onSubmit(event: FormEvent<HTMLFormElement>) {
		// The second, plain sending of a refused photo goes as without JavaScript, to show the message.
		if (plain.current) {
			plain.current = false
			return
		}
		event.preventDefault()
		const form = event.currentTarget
		const body = new FormData(form)
		body.set('intent', 'upload')
		setFailed(false)
		setBusy('sending')
		const outcome = await sendPhoto(form, body, () => setBusy('retrying'))
		// At once: a disabled button would leave its intent out of the plain sending below.
		flushSync(() => setBusy(null))
		if (outcome === 'sent') {
			form.reset()
			// The same address again: its loader runs and shows the photo taken, and the toast it left.
			await navigate(window.location.pathname + window.location.search, { replace: true, preventScrollReset: true })
		} else if (outcome === 'refused') {
			plain.current = true
			form.requestSubmit(form.querySelector<HTMLButtonElement>('button[name="intent"]'))
		} else {
			setFailed(true)
		}
	}
	const words = { preparing: 'Preparing…', sending: 'Uploading…', retrying: 'Trying again…' }
	return (
		<Form method="post" encType="multipart/form-data" className="flex flex-wrap items-center gap-2" onSubmit={onSubmit}>
			<input type="hidden" name="angle" value={angle} />
			<PhotoInput label={label} onChange={onChange} />
			<SubmitButton name="intent" value="upload" variant="secondary" pendingText="Uploading…" disabled={busy !== null}>
				{busy ? words[busy] : taken ? 'Replace' : 'Upload'}
			</SubmitButton>
			{failed ? (
				<p role="alert" className="w-full text-sm text-red-700">
					The photo did not reach us after {PHOTO_RETRY_DELAYS_MS.length + 1} tries. Check your connection and press Upload again: the photo
					is still chosen.
				</p>
			) : null}
		</Form>
	)
}

/**
 * Every photo an inspection needs, each its own form so one refused upload loses nothing else, and the
 * form that sends them. `photoUrl` shows a photo already taken (where the viewer may fetch it).
 */
export function InspectionPhotos({
	inspection,
	actionData,
	photoUrl,
	submitLabel = 'Send the photos',
}: {
	inspection: Inspection
	actionData: PhotoError
	photoUrl?: (photoId: string) => string
	submitLabel?: string
}) {
	const editable = inspection.status === 'open' || inspection.status === 'rejected'
	return (
		<>
			<ol className={`grid gap-4 sm:grid-cols-2 ${panelClass}`} aria-label="Photos">
				{inspection.angles.map((angle, i) => (
					<li key={angle.name} className="space-y-1">
						<p className="font-medium">
							{i + 1}. {angle.label}{' '}
							{angle.photo ? <span className="text-sm font-normal text-emerald-800">(taken: {angle.photo.filename})</span> : null}
						</p>
						<p className="text-sm text-slate-600">{angle.hint}</p>
						{angle.photo && photoUrl ? (
							<img src={photoUrl(angle.photo.id)} alt={angle.label} className="h-28 w-auto rounded border border-slate-200 object-cover" />
						) : null}
						{editable ? <PhotoForm angle={angle.name} label={angle.label} taken={angle.photo !== null} /> : null}
						{actionData?.intent === 'upload' && actionData.angle === angle.name ? (
							<p role="alert" className="text-sm text-red-700">
								{actionData.error}
							</p>
						) : null}
					</li>
				))}
			</ol>
			{editable ? (
				<Form method="post" className="mt-6 space-y-2">
					<p className="text-sm text-slate-700">
						{inspection.missing.length
							? `${inspection.missing.length} of ${inspection.angles.length} photos still to take.`
							: 'Every photo is in: send them to our inspector.'}
					</p>
					<SubmitButton name="intent" value="submit" pendingText="Sending…">
						{submitLabel}
					</SubmitButton>
					{actionData?.intent === 'submit' ? (
						<p role="alert" className="text-sm text-red-700">
							{actionData.error}
						</p>
					) : null}
				</Form>
			) : null}
		</>
	)
}

/** What the desk said when it sent the photos back. */
export function RejectionNotice({ inspection }: { inspection: Inspection }) {
	if (inspection.status !== 'rejected') return null
	return (
		<div role="status" className="mb-4 rounded-xl border border-red-200 bg-red-50 p-4 text-red-950">
			<p className="font-semibold">Our inspector sent the photos back: {inspection.reject_reason_label}.</p>
			{inspection.desk_note ? <p className="mt-1 text-sm">{inspection.desk_note}</p> : null}
			<p className="mt-1 text-sm">Take the photos it mentions again, then send them.</p>
		</div>
	)
}
