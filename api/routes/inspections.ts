import { z } from 'zod'
import {
	DeskInspectionQuery,
	Inspection,
	InspectionDecisionBody,
	InspectionLink,
	InspectionParams,
	InspectionPhotoFileParams,
	InspectionPhotoParams,
	InspectionSummary,
	LinkParams,
	LinkPhotoParams,
	PolicyInspectionParams,
} from '../contract/inspections.ts'
import type { Context } from 'hono'
import type { Deps } from '../deps.ts'
import { defineDownload, defineRoute, type Env } from '../http.ts'
import { UPLOAD_MAX_BYTES } from '../storage/index.ts'
import {
	completeKitInspection,
	createInspectionLink,
	decideInspection,
	findInspection,
	inspectionByLink,
	kitInspection,
	listInspections,
	policyInspection,
	readInspectionPhoto,
	serializeInspection,
	startInspection,
	submitInspection,
	uploadInspectionPhoto,
} from '../services/inspections.ts'
import { sessionRow } from '../services/kit.ts'
import { formReader } from './claims.ts'

// Pre-inspections (docs/decisions/103 to 106): the business's routes, the hand-off link's (the code is
// the credential), the kit session's (its id is), and the desk's.

const PhotoForm = z.object({
	file: z.file().max(UPLOAD_MAX_BYTES).describe('The photo: JPG or PNG (told by its content), 5 MB at most'),
})

const PHOTO_SUMMARY =
	'multipart/form-data with the photo as `file`; it replaces an earlier photo of the angle. A refused file (not a JPG or PNG by its bytes, damaged, over 5 MB) stores nothing'

const kitSessionParams = z.object({ id: z.uuid({ message: 'Not a valid id.' }) })
const kitPhotoParams = kitSessionParams.extend({ angle: InspectionPhotoParams.shape.angle })

/** One angle's photo from the request's form, wherever it comes from (the business, a hand-off link, the kit), and the inspection after it. */
async function photoAnswer(deps: Deps, row: Parameters<typeof uploadInspectionPhoto>[1], angle: string, c: Context<Env>) {
	const photo = await uploadInspectionPhoto(deps, row, angle, formReader(c))
	return {
		data: await serializeInspection(deps.db, await findInspection(deps.db, null, row.id)),
		message: `${photo.filename} uploaded.`,
	}
}

export const inspectionRoutes = [
	defineRoute({
		method: 'get',
		path: '/policies/:policyId/inspection',
		summary: "A policy's pre-inspection: its photos by angle, status and the desk's decision (404 when none was started)",
		tag: 'inspections',
		auth: 'user',
		permission: 'plans.view',
		params: PolicyInspectionParams,
		response: Inspection,
		handler: async ({ params, auth, deps }) => ({
			data: await serializeInspection(deps.db, await policyInspection(deps.db, auth.customerId, params.policyId)),
		}),
	}),
	defineRoute({
		method: 'post',
		path: '/policies/:policyId/inspection',
		summary: 'Start the pre-inspection of own-damage auto cover (once its details are in) or of a gadget; answers the one already started',
		tag: 'inspections',
		auth: 'user',
		permission: 'plans.manage',
		params: PolicyInspectionParams,
		response: Inspection,
		handler: async ({ params, auth, deps }) => ({
			data: await serializeInspection(deps.db, await startInspection(deps, auth, params.policyId)),
			message: 'Pre-inspection started.',
		}),
	}),
	defineRoute({
		method: 'get',
		path: '/inspections',
		summary: "The business's pre-inspections, newest change first (at most 100)",
		tag: 'inspections',
		auth: 'user',
		permission: 'plans.view',
		query: DeskInspectionQuery,
		response: z.array(InspectionSummary),
		handler: async ({ query, auth, deps }) => ({ data: await listInspections(deps.db, auth.customerId, query.status) }),
	}),
	defineRoute({
		method: 'post',
		path: '/inspections/:id/photos/:angle',
		summary: `Upload the photo of one angle of an open or sent-back inspection: ${PHOTO_SUMMARY}`,
		tag: 'inspections',
		auth: 'user',
		permission: 'plans.manage',
		verified: true,
		params: InspectionPhotoParams,
		multipart: { schema: PhotoForm },
		response: Inspection,
		status: 201,
		handler: async ({ params, auth, deps, c }) => {
			const row = await findInspection(deps.db, auth.customerId, params.id)
			return photoAnswer(deps, row, params.angle, c)
		},
	}),
	defineRoute({
		method: 'post',
		path: '/inspections/:id/submit',
		summary: 'Send the photos to the insurer’s inspectors once every angle is in; its hand-off links are spent',
		tag: 'inspections',
		auth: 'user',
		permission: 'plans.manage',
		params: InspectionParams,
		response: Inspection,
		handler: async ({ params, auth, deps }) => {
			const row = await findInspection(deps.db, auth.customerId, params.id)
			return {
				data: await serializeInspection(deps.db, await submitInspection(deps, row, { userId: auth.id, via: `by ${auth.firstName}` })),
				message: 'Photos sent: an inspector will review them.',
			}
		},
	}),
	defineRoute({
		method: 'post',
		path: '/inspections/:id/links',
		summary:
			'A hand-off link for a phone: a code good for 30 minutes and one submission, shown in this answer only; earlier links of the inspection stop working',
		tag: 'inspections',
		auth: 'user',
		permission: 'plans.manage',
		params: InspectionParams,
		response: InspectionLink,
		status: 201,
		handler: async ({ params, auth, deps }) => ({ data: await createInspectionLink(deps, auth, params.id, deps.env.publicUrl) }),
	}),
	defineDownload({
		method: 'get',
		path: '/inspections/:id/photos/:photoId',
		summary: 'A photo of the inspection, to its own business only',
		tag: 'inspections',
		auth: 'user',
		permission: 'plans.view',
		params: InspectionPhotoFileParams,
		download: { contentType: 'application/octet-stream', filename: 'photo' },
		handler: async ({ params, auth, deps }) => {
			const { photo, bytes } = await readInspectionPhoto(deps, params.id, auth.customerId, params.photoId)
			return { content: bytes, filename: photo.filename, contentType: photo.mediaType }
		},
	}),
	// The hand-off link: whoever holds the code may photograph and submit this one inspection, nothing else.
	defineRoute({
		method: 'get',
		path: '/inspection-links/:code',
		summary:
			"The inspection a hand-off code opens. Unknown or replaced: 404; expired or spent: 410; both say 'Inspection link not available, contact support.'",
		tag: 'inspections',
		auth: 'public',
		params: LinkParams,
		response: Inspection,
		handler: async ({ params, deps, c }) => ({
			data: await serializeInspection(deps.db, (await inspectionByLink(deps, params.code, c.get('clientAddress'))).row),
		}),
	}),
	defineRoute({
		method: 'post',
		path: '/inspection-links/:code/photos/:angle',
		summary: `Upload one angle's photo through a hand-off code: ${PHOTO_SUMMARY}`,
		tag: 'inspections',
		auth: 'public',
		params: LinkPhotoParams,
		multipart: { schema: PhotoForm },
		response: Inspection,
		status: 201,
		handler: async ({ params, deps, c }) => {
			const { row } = await inspectionByLink(deps, params.code, c.get('clientAddress'))
			return photoAnswer(deps, row, params.angle, c)
		},
	}),
	defineRoute({
		method: 'post',
		path: '/inspection-links/:code/submit',
		summary: 'Send the photos through a hand-off code; the code is spent',
		tag: 'inspections',
		auth: 'public',
		params: LinkParams,
		response: Inspection,
		handler: async ({ params, deps, c }) => {
			const { row, link } = await inspectionByLink(deps, params.code, c.get('clientAddress'))
			return {
				data: await serializeInspection(deps.db, await submitInspection(deps, row, { userId: link.createdBy, via: 'from a phone' })),
				message: 'Photos sent: an inspector will review them.',
			}
		},
	}),
	// The kit (issue 16): an inspect session of a partner photographs its policy's inspection.
	defineRoute({
		method: 'post',
		path: '/kit/sessions/:id/inspection',
		summary: "An inspect session's inspection, started for the session's policy when it is not yet",
		tag: 'kit',
		auth: 'public',
		params: kitSessionParams,
		response: Inspection,
		handler: async ({ params, deps }) => {
			const session = await sessionRow(deps, params.id, { closed: true })
			return { data: await serializeInspection(deps.db, await kitInspection(deps, session)) }
		},
	}),
	defineRoute({
		method: 'post',
		path: '/kit/sessions/:id/inspection/photos/:angle',
		summary: `Upload one angle's photo in an inspect session: ${PHOTO_SUMMARY}`,
		tag: 'kit',
		auth: 'public',
		params: kitPhotoParams,
		multipart: { schema: PhotoForm },
		response: Inspection,
		status: 201,
		handler: async ({ params, deps, c }) => {
			const session = await sessionRow(deps, params.id)
			const row = await kitInspection(deps, session)
			return photoAnswer(deps, row, params.angle, c)
		},
	}),
	defineRoute({
		method: 'post',
		path: '/kit/sessions/:id/inspection/submit',
		summary: "Send an inspect session's photos: the session completes and the partner's webhook (kit.inspection.submitted) is queued",
		tag: 'kit',
		auth: 'public',
		params: kitSessionParams,
		response: Inspection,
		handler: async ({ params, deps }) => {
			const session = await sessionRow(deps, params.id)
			const row = await kitInspection(deps, session)
			const submitted = await submitInspection(deps, row, { userId: null, via: 'through the kit' })
			await completeKitInspection(deps, session, submitted)
			return { data: await serializeInspection(deps.db, submitted), message: 'Photos sent: an inspector will review them.' }
		},
	}),
	// The insurer's desk (docs/decisions/071-claims-desk-operators.md): its operators review every business's inspections.
	defineRoute({
		method: 'get',
		path: '/desk/inspections',
		summary: 'The inspections queue: every business’s, by status (submitted: oldest submission first), at most 100',
		tag: 'desk',
		auth: 'user',
		permission: 'desk.review',
		query: DeskInspectionQuery,
		response: z.array(InspectionSummary),
		handler: async ({ query, deps }) => ({ data: await listInspections(deps.db, null, query.status) }),
	}),
	defineRoute({
		method: 'get',
		path: '/desk/inspections/:id',
		summary: 'One inspection as the desk reviews it',
		tag: 'desk',
		auth: 'user',
		permission: 'desk.review',
		params: InspectionParams,
		response: Inspection,
		handler: async ({ params, deps }) => ({ data: await serializeInspection(deps.db, await findInspection(deps.db, null, params.id)) }),
	}),
	defineRoute({
		method: 'post',
		path: '/desk/inspections/:id/decision',
		summary:
			'Approve a submitted inspection (own-damage auto cover becomes active and its certificate is mailed) or send it back with a reason code',
		tag: 'desk',
		auth: 'user',
		permission: 'desk.review',
		params: InspectionParams,
		body: InspectionDecisionBody,
		response: Inspection,
		handler: async ({ params, body, auth, deps }) => ({
			data: await serializeInspection(deps.db, await decideInspection(deps, auth, params.id, body)),
			message: body.decision === 'approve' ? 'Inspection approved.' : 'Inspection sent back to the customer.',
		}),
	}),
	defineDownload({
		method: 'get',
		path: '/desk/inspections/:id/photos/:photoId',
		summary: 'A photo of any inspection, for review',
		tag: 'desk',
		auth: 'user',
		permission: 'desk.review',
		params: InspectionPhotoFileParams,
		download: { contentType: 'application/octet-stream', filename: 'photo' },
		handler: async ({ params, deps }) => {
			const { photo, bytes } = await readInspectionPhoto(deps, params.id, null, params.photoId)
			return { content: bytes, filename: photo.filename, contentType: photo.mediaType }
		},
	}),
]
