import { expect, test } from 'vitest'
import { containsPattern } from './like.ts'

test("a search's words match literally inside a LIKE pattern", () => {
	expect(containsPattern('ade')).toBe('%ade%')
	expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%')
})
