import type { InspectionStatus } from '../contract/statuses.ts'
import { INSPECTION_ANGLES, type InspectionAngle, type InspectionKind } from '../contract/inspections.ts'
import { needsInspection } from './policy-state.ts'

// A pre-inspection's rules, without I/O (docs/decisions/103-pre-inspections.md and 104-inspection-links.md).

/** Who moves an inspection: the policy's business (or whoever holds its phone link), or the insurer's desk. */
export type InspectionActor = 'customer' | 'operator'

export type InspectionAction = 'upload' | 'submit' | 'approve' | 'reject'

type Rule = { from: readonly InspectionStatus[]; to: InspectionStatus; by: InspectionActor }

/**
 * The whole machine. A rejected inspection is taken again: a new photo opens it, and it is submitted
 * again once every angle is in (the photos the desk did not object to stay).
 */
export const INSPECTION_TRANSITIONS: Record<InspectionAction, Rule> = {
	upload: { from: ['open', 'rejected'], to: 'open', by: 'customer' },
	submit: { from: ['open', 'rejected'], to: 'submitted', by: 'customer' },
	approve: { from: ['submitted'], to: 'approved', by: 'operator' },
	reject: { from: ['submitted'], to: 'rejected', by: 'operator' },
}

const STATUS_WORDS: Record<InspectionStatus, string> = {
	open: 'waiting for its photos',
	submitted: 'with the inspector',
	approved: 'approved',
	rejected: 'sent back',
}

export type InspectionTransition = { ok: true; next: InspectionStatus } | { ok: false; status: 403 | 409; message: string }

export function inspectionTransition(status: InspectionStatus, action: InspectionAction, actor: InspectionActor): InspectionTransition {
	const rule = INSPECTION_TRANSITIONS[action]
	if (rule.by !== actor) {
		return {
			ok: false,
			status: 403,
			message: actor === 'customer' ? "Only the insurer's inspectors can do this." : 'Only the customer can do this.',
		}
	}
	if (!rule.from.includes(status)) {
		return { ok: false, status: 409, message: `This inspection is ${STATUS_WORDS[status]}: it cannot be changed that way now.` }
	}
	return { ok: true, next: rule.to }
}

/**
 * Which cover is pre-inspected: own-damage auto cover, which waits for it to start (decision 078), and
 * gadgets, whose condition before any loss is recorded (their cover does not wait). Others: none.
 */
export function inspectionKindOf(product: { id: number; category: string }): InspectionKind | null {
	if (needsInspection(product.id)) return 'vehicle'
	if (product.category === 'gadget') return 'gadget'
	return null
}

/** Whether approving this inspection starts the cover (own-damage auto) or only records it. */
export const approvalActivates = (productId: number) => needsInspection(productId)

export function isAngle(kind: InspectionKind, name: string): name is InspectionAngle {
	return INSPECTION_ANGLES[kind].some((a) => a.name === name)
}

/** The angles still without a photo, in order. */
export function missingAngles(kind: InspectionKind, uploaded: readonly string[]) {
	return INSPECTION_ANGLES[kind].filter((a) => !uploaded.includes(a.name))
}

export type LinkFacts = { expiresAt: Date; usedAt: Date | null; revokedAt: Date | null } | null

/** Why a hand-off link cannot be used now, or null when it can. */
export function linkProblem(link: LinkFacts, now: Date): 'missing' | 'expired' | 'used' | null {
	if (!link || link.revokedAt) return 'missing'
	if (link.usedAt) return 'used'
	if (link.expiresAt.getTime() <= now.getTime()) return 'expired'
	return null
}
