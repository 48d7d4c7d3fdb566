import { expect, test } from 'vitest'
import { plateKey, plateTakenMessage, policyCoveringPlate } from './vehicles.ts'

const TODAY = '2026-11-23'
const policy = (policyNumber: string, plate: string | null, over: Partial<{ status: 'pending' | 'active'; coverEnd: string }> = {}) => ({
	policyNumber,
	status: 'active' as const,
	coverEnd: '2027-11-22',
	activation: plate ? { registration_number: plate } : null,
	...over,
})

test('a plate is the same plate however it is spaced or cased', () => {
	expect(plateKey('KJA 123 AB')).toBe('KJA123AB')
	expect(plateKey(' kja-123ab ')).toBe('KJA123AB')
})

test('a live policy on the same plate is found; others are not', () => {
	const live = policy('CP-AUTO-2026-000001', 'KJA 123 AB')
	expect(policyCoveringPlate('kja123ab', [policy('CP-AUTO-2026-000002', 'LAG 555 XY'), live], TODAY)).toBe(live)
	expect(policyCoveringPlate('ABC 999 ZZ', [live], TODAY)).toBeNull()
})

test('a pending policy, one whose cover has ended, and one without a plate stand in no one’s way', () => {
	expect(policyCoveringPlate('KJA 123 AB', [policy('P1', 'KJA 123 AB', { status: 'pending' })], TODAY)).toBeNull()
	expect(policyCoveringPlate('KJA 123 AB', [policy('P2', 'KJA 123 AB', { coverEnd: '2026-11-22' })], TODAY)).toBeNull()
	expect(policyCoveringPlate('KJA 123 AB', [policy('P3', 'KJA 123 AB', { coverEnd: TODAY })], TODAY)).not.toBeNull()
	expect(policyCoveringPlate('KJA 123 AB', [policy('P4', null)], TODAY)).toBeNull()
	expect(policyCoveringPlate('  ', [policy('P5', 'KJA 123 AB')], TODAY)).toBeNull()
})

test('the refusal names the plate and the policy', () => {
	expect(plateTakenMessage(' KJA 123 AB ', 'CP-AUTO-2026-000001')).toBe(
		'This vehicle (plate KJA 123 AB) is already covered by policy CP-AUTO-2026-000001.',
	)
})
