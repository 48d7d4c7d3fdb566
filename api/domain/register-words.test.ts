import { describe, expect, test } from 'vitest'
import { PRODUCT_IDS } from '../contract/product-ids.ts'
import { activatedWords, addedWords, enrolledWords, joinsWords, leaveWords } from './register-words.ts'

const ada = { firstName: 'Ada', lastName: 'Obi' }

describe('the register’s words', () => {
	test('a leaving names what happened, who asked and the last day covered', () => {
		expect(leaveWords({ kind: 'removed' }, 'Ngozi', '2026-12-31')).toBe('Removed from the staff list by Ngozi: covered to 31 Dec 2026')
		expect(leaveWords({ kind: 'deactivated' }, 'Ngozi', '2027-01-31')).toBe('Deactivated by Ngozi: covered to 31 Jan 2027')
		expect(leaveWords({ kind: 'replaced', joiner: ada }, 'Ngozi', '2026-12-31')).toBe('Replaced by Ada Obi (Ngozi): covered to 31 Dec 2026')
	})
	test('joining, adding, enrolling and a plan’s activation', () => {
		expect(joinsWords({ firstName: 'Emeka', lastName: 'Eze' }, 'Ngozi')).toBe('Joins in place of Emeka Eze (Ngozi)')
		expect(addedWords('Ngozi', ada)).toBe('Ngozi added Ada Obi to the staff list')
		expect(enrolledWords({ policyNumber: 'CP-HLTH-2026-000029', productId: PRODUCT_IDS.zencarePrime })).toBe(
			'Enrolled on ZenCare Prime staff plan CP-HLTH-2026-000029',
		)
		expect(activatedWords(27)).toBe('Activated for 27 staff')
	})
})
