import { expect, test } from 'vitest'
import { VerificationCode } from '#api/contract/documents.ts'
import { newVerificationCode } from './documents.ts'

test('a code typed from paper is read in any case, with or without dashes, O as 0 and I or L as 1', () => {
	expect(VerificationCode.parse('7kq2m9xd4tab')).toBe('7KQ2-M9XD-4TAB')
	expect(VerificationCode.parse(' 7KQ2-M9XD-4TAB ')).toBe('7KQ2-M9XD-4TAB')
	expect(VerificationCode.parse('7kq2-m9xd-4tlo')).toBe('7KQ2-M9XD-4T10')
})

test('anything else is not a code', () => {
	for (const typed of ['', 'ABC', '7KQ2-M9XD-4TAB-1', '7KQ2-M9XD-4TA!', '7KQ2-M9XD-4TAU']) {
		expect(VerificationCode.safeParse(typed).success).toBe(false)
	}
})

test('new codes read as codes and differ', () => {
	const codes = Array.from({ length: 200 }, newVerificationCode)
	for (const code of codes) expect(VerificationCode.parse(code)).toBe(code)
	expect(new Set(codes).size).toBe(200)
})
