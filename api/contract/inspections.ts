import { z } from 'zod'
import { Id } from './common.ts'
import { INSPECTION_STATUSES } from './statuses.ts'

// Pre-inspections (docs/decisions/103-pre-inspections.md, 104-inspection-links.md): what the API
// answers and takes, and the words both sides show. The rules that move them are in api/domain/inspections.ts.

export type InspectionKind = 'vehicle' | 'gadget'

/** The photos each kind needs, in the order the customer takes them (issue 15). */
export const INSPECTION_ANGLES = {
	vehicle: [
		{ name: 'front', label: 'Front of the vehicle', hint: 'Stand back so the whole front and the number plate are in view.' },
		{ name: 'chassis_number', label: 'Chassis number', hint: 'Close up, so every character can be read.' },
		{ name: 'left', label: 'Left side', hint: 'The whole side, front to back.' },
		{ name: 'rear', label: 'Rear of the vehicle', hint: 'The whole back and the number plate.' },
		{ name: 'right', label: 'Right side', hint: 'The whole side, front to back.' },
		{ name: 'dashboard', label: 'Dashboard', hint: 'With the engine on, so the mileage and warning lights show.' },
		{ name: 'interior', label: 'Interior', hint: 'The seats and the inside of the doors.' },
	],
	gadget: [
		{ name: 'front', label: 'Front of the device', hint: 'Screen switched on, so any crack shows.' },
		{ name: 'back', label: 'Back of the device', hint: 'The whole back, the camera included.' },
		{ name: 'side', label: 'Side of the device', hint: 'One side with its buttons.' },
		{ name: 'serial_number', label: 'Serial number or IMEI', hint: 'The settings screen or the label, so it can be read.' },
	],
} as const satisfies Record<InspectionKind, ReadonlyArray<{ name: string; label: string; hint: string }>>

export type InspectionAngle = (typeof INSPECTION_ANGLES)[InspectionKind][number]['name']

/** The reasons the desk gives when it sends an inspection back; the customer reads the label. */
export const INSPECTION_REJECT_REASONS = {
	unclear_photos: 'Some photos are blurred, dark or cut off',
	wrong_item: 'The photos do not show the insured vehicle or device',
	number_unreadable: 'The chassis, serial number or IMEI cannot be read',
	existing_damage: 'The photos show damage that must be repaired before cover starts',
} as const
export type InspectionRejectReason = keyof typeof INSPECTION_REJECT_REASONS

export const INSPECTION_REJECT_REASON_VALUES = Object.keys(INSPECTION_REJECT_REASONS) as [
	InspectionRejectReason,
	...InspectionRejectReason[],
]

/** The spec's words (section 5) for a link that is missing, expired or spent. */
export const INSPECTION_LINK_MESSAGE = 'Inspection link not available, contact support.'

/** The alphabet of a link's code: no 0/O, 1/I/L, so one typed from a screen is read right. */
export const LINK_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'
export const LINK_CODE_LENGTH = 12

/** A code as typed: spaces and dashes dropped, upper case; null when it cannot be one. */
export function normalizeLinkCode(typed: string) {
	const code = typed.replace(/[\s-]/g, '').toUpperCase()
	if (code.length !== LINK_CODE_LENGTH) return null
	for (const ch of code) if (!LINK_CODE_ALPHABET.includes(ch)) return null
	return code
}

/** A code shown in groups of four, as people copy it: ABCD-EFGH-JKMN. */
export const formatLinkCode = (code: string) => code.match(/.{1,4}/g)!.join('-')

/** A hand-off link lives 30 minutes (issue 15). */
export const INSPECTION_LINK_MINUTES = 30

const Photo = z.object({ id: Id, filename: z.string(), media_type: z.string(), size: z.number().int() })

/** An inspection as its business (or the holder of its link) and the desk see it. */
export const Inspection = z.object({
	id: Id,
	policy_id: Id,
	policy_number: z.string(),
	product_name: z.string(),
	business: z.string(),
	kind: z.enum(['vehicle', 'gadget']),
	status: z.enum(INSPECTION_STATUSES),
	/** Whether approval starts the cover (own-damage auto) or only records the item's condition. */
	activates_cover: z.boolean(),
	/** What identifies the item: its plate or its device, from the activation details. */
	item: z.string().nullable(),
	angles: z.array(
		z.object({
			name: z.string(),
			label: z.string(),
			hint: z.string(),
			photo: Photo.nullable(),
		}),
	),
	missing: z.array(z.string()),
	reject_reason: z.enum(INSPECTION_REJECT_REASON_VALUES).nullable(),
	reject_reason_label: z.string().nullable(),
	desk_note: z.string().nullable(),
	submitted_at: z.iso.datetime({ offset: true }).nullable(),
	reviewed_at: z.iso.datetime({ offset: true }).nullable(),
	updated_at: z.iso.datetime({ offset: true }),
})
export type Inspection = z.output<typeof Inspection>

export const InspectionSummary = Inspection.pick({
	id: true,
	policy_id: true,
	policy_number: true,
	product_name: true,
	business: true,
	kind: true,
	status: true,
	item: true,
	submitted_at: true,
	updated_at: true,
})

/** A hand-off link: the code is in this answer and nowhere after it (only its hash is kept). */
export const InspectionLink = z.object({ code: z.string(), url: z.string(), expires_at: z.iso.datetime({ offset: true }) })

export const InspectionParams = z.object({ id: Id })
export const PolicyInspectionParams = z.object({ policyId: Id })
export const InspectionPhotoParams = z.object({
	id: Id,
	angle: z.string().regex(/^[a-z_]{1,30}$/, 'Not a photo of this inspection.'),
})
export const InspectionPhotoFileParams = z.object({ id: Id, photoId: Id })
export const LinkParams = z.object({ code: z.string().max(40) })
export const LinkPhotoParams = z.object({
	code: z.string().max(40),
	angle: z.string().regex(/^[a-z_]{1,30}$/, 'Not a photo of this inspection.'),
})
export const LinkPhotoFileParams = z.object({ code: z.string().max(40), photoId: Id })

export const InspectionDecisionBody = z.discriminatedUnion(
	'decision',
	[
		z.object({ decision: z.literal('approve'), note: z.string().trim().max(1000).optional() }),
		z.object({
			decision: z.literal('reject'),
			reason_code: z.enum(INSPECTION_REJECT_REASON_VALUES, { error: 'Choose the reason for sending it back.' }),
			note: z.string().trim().max(1000).optional(),
		}),
	],
	{ error: 'Choose approve or send back.' },
)

export const DeskInspectionQuery = z.object({ status: z.enum(INSPECTION_STATUSES).optional() })
