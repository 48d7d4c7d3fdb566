import { describe, expect, test } from 'vitest'
import { INSPECTION_STATUSES, type InspectionStatus } from '../contract/statuses.ts'
import { productById } from './catalogue/index.ts'
import {
	INSPECTION_TRANSITIONS,
	type InspectionAction,
	type InspectionActor,
	approvalActivates,
	inspectionKindOf,
	inspectionTransition,
	isAngle,
	linkProblem,
	missingAngles,
} from './inspections.ts'
import { formatLinkCode, normalizeLinkCode } from '../contract/inspections.ts'

// Every move the machine allows and who makes it; every other (status, action, actor) is refused.
const ALLOWED: Array<[InspectionStatus, InspectionAction, InspectionActor, InspectionStatus]> = [
	['open', 'upload', 'customer', 'open'],
	['rejected', 'upload', 'customer', 'open'],
	['open', 'submit', 'customer', 'submitted'],
	['rejected', 'submit', 'customer', 'submitted'],
	['submitted', 'approve', 'operator', 'approved'],
	['submitted', 'reject', 'operator', 'rejected'],
]

describe('the inspection state machine', () => {
	test.each(ALLOWED)('%s: %s by the %s → %s', (from, action, actor, to) => {
		expect(inspectionTransition(from, action, actor)).toEqual({ ok: true, next: to })
	})

	test.each(ALLOWED)('%s: %s by the other side is forbidden (403)', (from, action, actor) => {
		const other = actor === 'customer' ? 'operator' : 'customer'
		const result = inspectionTransition(from, action, other)
		expect(result).toMatchObject({ ok: false, status: 403 })
	})

	test('every other status and action is a conflict (409) that names the status', () => {
		const actions = Object.keys(INSPECTION_TRANSITIONS) as InspectionAction[]
		let refused = 0
		for (const status of INSPECTION_STATUSES) {
			for (const action of actions) {
				const actor = INSPECTION_TRANSITIONS[action].by
				if (ALLOWED.some(([f, a]) => f === status && a === action)) continue
				const result = inspectionTransition(status, action, actor)
				expect(result).toMatchObject({ ok: false, status: 409 })
				refused++
			}
		}
		// 4 statuses × 4 actions, less the 6 allowed.
		expect(refused).toBe(10)
	})

	test('approved is final: nothing moves it', () => {
		for (const action of Object.keys(INSPECTION_TRANSITIONS) as InspectionAction[]) {
			expect(inspectionTransition('approved', action, INSPECTION_TRANSITIONS[action].by).ok).toBe(false)
		}
	})
})

describe('what is inspected', () => {
	test('own-damage auto cover is a vehicle inspection that starts the cover; third party is not inspected', () => {
		expect(inspectionKindOf(productById(2))).toBe('vehicle')
		expect(approvalActivates(2)).toBe(true)
		const thirdParty = productById(1)
		expect(thirdParty.category).toBe('auto')
		expect(inspectionKindOf(thirdParty)).toBeNull()
	})

	test('gadgets are inspected but their cover does not wait', () => {
		const gadget = productById(5)
		expect(gadget.category).toBe('gadget')
		expect(inspectionKindOf(gadget)).toBe('gadget')
		expect(approvalActivates(5)).toBe(false)
	})

	test('the angles still missing, in order', () => {
		expect(missingAngles('gadget', ['back', 'front']).map((a) => a.name)).toEqual(['side', 'serial_number'])
		expect(missingAngles('vehicle', [])).toHaveLength(7)
		expect(isAngle('vehicle', 'chassis_number')).toBe(true)
		expect(isAngle('gadget', 'chassis_number')).toBe(false)
	})
})

describe('hand-off links', () => {
	const now = new Date('2026-11-25T12:00:00Z')
	const later = new Date('2026-11-25T12:30:00Z')
	test('a live link has no problem; expired, spent, revoked or missing ones do', () => {
		expect(linkProblem({ expiresAt: later, usedAt: null, revokedAt: null }, now)).toBeNull()
		expect(linkProblem({ expiresAt: later, usedAt: null, revokedAt: null }, later)).toBe('expired')
		expect(linkProblem({ expiresAt: later, usedAt: now, revokedAt: null }, now)).toBe('used')
		expect(linkProblem({ expiresAt: later, usedAt: null, revokedAt: now }, now)).toBe('missing')
		expect(linkProblem(null, now)).toBe('missing')
	})

	test('codes are read as typed, in groups or not, and refused when they cannot be one', () => {
		expect(normalizeLinkCode('abcd-efgh-jkmn')).toBe('ABCDEFGHJKMN')
		expect(normalizeLinkCode(' ABCD EFGH JKMN ')).toBe('ABCDEFGHJKMN')
		expect(normalizeLinkCode('ABCD-EFGH-JKM0')).toBeNull()
		expect(normalizeLinkCode('ABCD')).toBeNull()
		expect(formatLinkCode('ABCDEFGHJKMN')).toBe('ABCD-EFGH-JKMN')
	})
})
