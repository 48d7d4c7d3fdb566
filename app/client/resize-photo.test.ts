import { describe, expect, test } from 'vitest'
import { fitWithin, jpegName } from './resize-photo.ts'

describe('resizing photos before upload', () => {
	test('the long edge comes down to 1600 px, the ratio kept', () => {
		expect(fitWithin(4032, 3024)).toEqual({ width: 1600, height: 1200 })
		expect(fitWithin(3024, 4032)).toEqual({ width: 1200, height: 1600 })
	})
	test('a small photo is never enlarged', () => {
		expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 })
	})
	test('a resized photo is named as the JPEG it became', () => {
		expect(jpegName('IMG_2041.HEIC')).toBe('IMG_2041.jpg')
		expect(jpegName('')).toBe('photo.jpg')
	})
})
