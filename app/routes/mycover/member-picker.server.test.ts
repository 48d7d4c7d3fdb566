import { describe, expect, it } from 'vitest'
import { isId, readChosen } from './member-picker.server.ts'
import { MAX_CHOSEN } from './member-picker.tsx'

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`

describe('the member picker’s choice', () => {
	it('takes ids only, as the address or a form carries them', () => {
		expect(isId(id(1))).toBe(true)
		expect(isId(id(1).toUpperCase())).toBe(true)
		// The looser check plan migration had let these through to the API.
		expect(isId('------------------------------------')).toBe(false)
		expect(isId(`${id(1)}0`)).toBe(false)
		expect(isId(`x${id(1).slice(1)}`)).toBe(false)
		expect(isId('')).toBe(false)
		expect(isId(null)).toBe(false)
	})

	it('keeps each chosen member once, in order, and drops what is not an id', () => {
		const params = new URLSearchParams([
			['member', id(2)],
			['member', 'nobody'],
			['member', id(1)],
			['member', id(2)],
		])
		expect(readChosen(params)).toEqual({ chosen: [id(2), id(1)], overChosen: false })
	})

	it('keeps the first MAX_CHOSEN and says there were more; a confirmed preview is not capped', () => {
		const form = new FormData()
		for (let n = 0; n <= MAX_CHOSEN; n++) form.append('member', id(n))
		const capped = readChosen(form)
		expect(capped.chosen).toHaveLength(MAX_CHOSEN)
		expect(capped.chosen[0]).toBe(id(0))
		expect(capped.overChosen).toBe(true)
		expect(readChosen(form, Number.POSITIVE_INFINITY)).toEqual({
			chosen: Array.from({ length: MAX_CHOSEN + 1 }, (_, n) => id(n)),
			overChosen: false,
		})
	})
})
