import { describe, expect, test } from 'vitest'
import { PERIOD_LABELS, PERIOD_VALUES, isPeriod, periodLabel, periodMonths } from '#app/lib/periods.ts'

describe('periods', () => {
	test.each([
		['annual', 12, 'Annual'],
		['bi-annual', 6, 'Bi-annual'],
		['quarterly', 3, 'Quarterly'],
		['monthly', 1, 'Monthly'],
	] as const)('%s lasts %d months and reads %j', (period, months, label) => {
		expect(periodMonths(period)).toBe(months)
		expect(periodLabel(period)).toBe(label)
		expect(PERIOD_LABELS[period]).toBe(label)
	})

	test('are offered longest first', () => {
		expect(PERIOD_VALUES).toEqual(['annual', 'bi-annual', 'quarterly', 'monthly'])
	})

	test('isPeriod accepts only the four keys', () => {
		expect(isPeriod('bi-annual')).toBe(true)
		expect(isPeriod('biannual')).toBe(false)
		expect(isPeriod('Annual')).toBe(false)
		expect(isPeriod('toString')).toBe(false)
		expect(isPeriod(12)).toBe(false)
		expect(isPeriod(undefined)).toBe(false)
	})
})
