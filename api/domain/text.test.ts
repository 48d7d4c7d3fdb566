import { expect, test } from 'vitest'
import { capitalized, inSentence } from './text.ts'

test('a label is lowered for a sentence, its abbreviations kept', () => {
	expect(inSentence('Brand and model')).toBe('brand and model')
	expect(inSentence('Chassis number (VIN)')).toBe('chassis number (VIN)')
	expect(inSentence('IMEI or serial number')).toBe('IMEI or serial number')
	expect(inSentence('A')).toBe('a')
	expect(inSentence('')).toBe('')
})

test('a word starts a sentence', () => {
	expect(capitalized('visa card')).toBe('Visa card')
	expect(capitalized('')).toBe('')
})
