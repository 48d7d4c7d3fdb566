import { expect, test } from 'vitest'
import { plural } from './plural.ts'

test('one is singular, every other count plural, with the plural given where it is not an s', () => {
	expect(plural(1, 'staff plan')).toBe('1 staff plan')
	expect(plural(0, 'staff plan')).toBe('0 staff plans')
	expect(plural(5, 'staff plan')).toBe('5 staff plans')
	expect(plural(1, 'person', 'people')).toBe('1 person')
	expect(plural(12, 'person', 'people')).toBe('12 people')
	// Grouped as every count in the portal is.
	expect(plural(1_234, 'provider')).toBe('1,234 providers')
})
