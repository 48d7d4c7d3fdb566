import { expect, test } from 'vitest'
import { productById } from './catalogue/index.ts'
import { addMonths, coverPeriod, initialStatus, isStaffPlan, lagosDate, policyNumber } from './policies.ts'

test('policy numbers name the line, the year and a six-digit sequence', () => {
	expect(policyNumber('auto', 2026, 123)).toBe('CP-AUTO-2026-000123')
	expect(policyNumber('health', 2026, 1_234_567)).toBe('CP-HLTH-2026-1234567')
})

test('Lagos dates are an hour ahead of UTC', () => {
	expect(lagosDate(new Date('2026-03-31T22:59:00Z'))).toBe('2026-03-31')
	expect(lagosDate(new Date('2026-03-31T23:00:00Z'))).toBe('2026-04-01')
})

test('cover runs from its first day to its last, both included', () => {
	expect(coverPeriod('2026-01-15', { months: 12 })).toEqual({ start: '2026-01-15', end: '2027-01-14' })
	expect(coverPeriod('2026-01-31', { months: 1 })).toEqual({ start: '2026-01-31', end: '2026-02-27' })
	expect(coverPeriod('2026-12-30', { days: 10 })).toEqual({ start: '2026-12-30', end: '2027-01-08' })
	expect(addMonths('2024-02-29', 12)).toBe('2025-02-28')
})

test('a business standard health plan is a subscription; the rest are policies', () => {
	expect(isStaffPlan('business', productById(32), 'standard')).toBe(true)
	expect(isStaffPlan('business', productById(32), 'family')).toBe(false)
	expect(isStaffPlan('individual', productById(32), 'standard')).toBe(false)
	expect(isStaffPlan('business', productById(1), undefined)).toBe(false)
	expect(initialStatus(productById(1), 'policy')).toBe('pending')
	expect(initialStatus(productById(41), 'policy')).toBe('active')
	// A staff plan waits for its activation sheet (docs/decisions/016-batch-upload.md).
	expect(initialStatus(productById(32), 'plan')).toBe('pending')
})
