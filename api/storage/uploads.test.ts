import sharp, { type Sharp } from 'sharp'
import { describe, expect, test } from 'vitest'
import { checkUpload, IMAGE_MAX_PIXELS } from './uploads.ts'

const ALL = ['image/jpeg', 'image/png', 'application/pdf']
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
const picture = (format: 'png' | 'jpeg', width = 40, height = 20) =>
	sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } } })[format]()
const bytes = async (image: Sharp) => new Uint8Array(await image.toBuffer())
const text = (s: string) => new TextEncoder().encode(s)

describe('checkUpload', () => {
	test('a real PNG and JPG are decoded and stored re-encoded, in their own format, at their size', async () => {
		for (const format of ['png', 'jpeg'] as const) {
			const original = await bytes(picture(format))
			const checked = await checkUpload(original, ALL)
			expect(checked).toMatchObject({ type: `image/${format}` })
			if (!('bytes' in checked)) throw new Error('refused')
			expect(await sharp(checked.bytes).metadata()).toMatchObject({ format, width: 40, height: 20 })
		}
	})

	test('metadata is dropped, after the orientation it held is applied to the pixels', async () => {
		const original = await bytes(picture('jpeg', 40, 20).withMetadata({ orientation: 6, exif: { IFD0: { Artist: 'Someone at home' } } }))
		expect((await sharp(original).metadata()).exif).toBeDefined()
		const checked = await checkUpload(original, ALL)
		if (!('bytes' in checked)) throw new Error('refused')
		const stored = await sharp(checked.bytes).metadata()
		expect(stored).toMatchObject({ width: 20, height: 40 })
		expect(stored.exif).toBeUndefined()
		expect(stored.orientation).toBeUndefined()
	})

	test('anything after the picture (an HTML page appended to a real PNG) is not stored', async () => {
		const png = await bytes(picture('png'))
		const polyglot = new Uint8Array([...png, ...text('<html><script>alert(document.cookie)</script></html>')])
		const checked = await checkUpload(polyglot, ALL)
		if (!('bytes' in checked)) throw new Error('refused')
		expect(Buffer.from(checked.bytes).includes('<script>')).toBe(false)
	})

	test('a PNG or JPG header on something else (an HTML page) is refused', async () => {
		const html = text('<html><body><script>alert(document.cookie)</script></body></html>')
		expect(await checkUpload(new Uint8Array([...PNG_MAGIC, ...html]), ALL)).toEqual({ problem: 'picture' })
		expect(await checkUpload(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...html]), ALL)).toEqual({ problem: 'picture' })
		// A JPG named by a PNG header is no PNG either.
		const jpg = await bytes(picture('jpeg'))
		expect(await checkUpload(new Uint8Array([...PNG_MAGIC, ...jpg]), ALL)).toEqual({ problem: 'picture' })
	})

	test(`a picture above ${IMAGE_MAX_PIXELS / 1_000_000} megapixels is refused before it is decoded`, async () => {
		const huge = await bytes(picture('png', 10_000, 6_000))
		expect(await checkUpload(huge, ALL)).toEqual({ problem: 'pixels' })
	})

	test('a PDF needs its header, its %%EOF at the end and no HTML; it is stored as it is', async () => {
		const pdf = text('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')
		expect(await checkUpload(pdf, ALL)).toEqual({ type: 'application/pdf', bytes: pdf })
		expect(await checkUpload(text('%PDF-1.4\nand then nothing'), ALL)).toEqual({ problem: 'pdf' })
		expect(await checkUpload(text('%PDF-1.4\n<html><body>hello</body></html>\n%%EOF\n'), ALL)).toEqual({ problem: 'pdf' })
		expect(await checkUpload(text('%PDF-\n%%EOF'), ALL)).toEqual({ problem: 'pdf' })
	})

	test('an unknown type, or one the field does not take, is refused', async () => {
		expect(await checkUpload(text('GIF89a...'), ALL)).toEqual({ problem: 'unknown' })
		expect(await checkUpload(text('%PDF-1.4\n%%EOF\n'), ['image/jpeg', 'image/png'])).toEqual({ problem: 'refused' })
	})
})
