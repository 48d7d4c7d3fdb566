import QRCode from 'qrcode'
import { data } from 'react-router'
import type { Inspection } from '#api/contract/inspections.ts'
import { ApiCallError } from './api.server.ts'

type PhotoCalls = {
	upload: (angle: string, form: FormData) => Promise<{ data: Inspection; message?: string }>
	submit: () => Promise<{ data: Inspection; message?: string }>
}

/**
 * The photo forms of an inspection, wherever they are shown (the business's page, the phone's link,
 * the kit): `upload` sends one angle's photo on, `submit` sends them all to the desk. A refusal comes
 * back beside its form (400 with the intent and angle); anything but the API's answer is thrown.
 */
export async function inspectionPhotoAction(form: FormData, calls: PhotoCalls) {
	const intent = String(form.get('intent') ?? '')
	const angle = String(form.get('angle') ?? '')
	try {
		if (intent === 'submit') return { ok: true as const, intent, result: await calls.submit() }
		if (intent !== 'upload')
			return { ok: false as const, reply: data({ intent, angle, error: 'Send the form from its page.' }, { status: 400 }) }
		const upload = new FormData()
		const file = form.get('file')
		if (file instanceof File) upload.set('file', file)
		return { ok: true as const, intent, result: await calls.upload(angle, upload) }
	} catch (error) {
		if (!(error instanceof ApiCallError) || error.logout) throw error
		const message = error.fieldErrors[0]?.message ?? error.message
		return {
			ok: false as const,
			status: error.status,
			reply: data({ intent, angle, error: message }, { status: error.status >= 500 ? 502 : error.status }),
		}
	}
}

/** The hand-off link as a QR code: an SVG in a data: URL, which the CSP's img-src allows and no script draws. */
export async function qrCodeOf(url: string) {
	const svg = await QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })
	return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`
}
