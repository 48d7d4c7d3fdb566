import sharp from 'sharp'
import { sniffType, type UploadType } from './index.ts'

// What an uploaded document really is (docs/decisions/029-uploaded-documents.md): a picture is decoded
// and encoded again, a PDF's structure is checked, so nothing but a picture or a PDF is ever stored.

/** The most pixels a picture may have: far more than a phone photo of a document, and a bound on memory. */
export const IMAGE_MAX_PIXELS = 50_000_000

/** unknown: not a JPG, PNG or PDF; refused: a type the field does not take; the rest: broken or too big. */
export type UploadProblem = 'unknown' | 'refused' | 'picture' | 'pixels' | 'pdf'

/** Markup that has no business in a PDF: a file holding it may be an HTML page dressed as one. */
const HTML = /<(?:!doctype|html|head|body|script|iframe|object|embed|svg|meta)[\s>/]/i

/** A PDF: its header first, its end-of-file marker in its last kilobyte, and no HTML anywhere in it. */
function isPdf(bytes: Uint8Array) {
	const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1')
	return /^%PDF-\d\.\d/.test(text) && text.slice(-1024).includes('%%EOF') && !HTML.test(text)
}

/** A picture decoded within IMAGE_MAX_PIXELS and encoded again in its own format, its metadata dropped. */
async function reencode(bytes: Uint8Array, type: 'image/jpeg' | 'image/png'): Promise<Uint8Array | UploadProblem> {
	const image = sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' })
	let format: string | undefined
	try {
		// Only the header is read here: sharp refuses a picture above the limit before decoding a pixel.
		format = (await image.metadata()).format
	} catch (error) {
		return /pixel limit/i.test(String(error)) ? 'pixels' : 'picture'
	}
	if (format !== (type === 'image/png' ? 'png' : 'jpeg')) return 'picture'
	try {
		// The photo's orientation is applied to its pixels before the metadata that held it is dropped.
		const oriented = image.autoOrient()
		const encoded = type === 'image/png' ? oriented.png() : oriented.jpeg({ quality: 90 })
		return new Uint8Array(await encoded.toBuffer())
	} catch {
		return 'picture'
	}
}

/**
 * An uploaded document as it is to be stored, or why it is refused: its type by its content and among
 * those `accept`ed, a picture re-encoded (sharp works on libuv's threads, off the request thread), a
 * PDF kept as it is once its structure holds.
 */
export async function checkUpload(
	bytes: Uint8Array,
	accept: readonly string[],
): Promise<{ type: UploadType; bytes: Uint8Array } | { problem: UploadProblem }> {
	const type = sniffType(bytes)
	if (!type) return { problem: 'unknown' }
	if (!accept.includes(type)) return { problem: 'refused' }
	if (type === 'application/pdf') return isPdf(bytes) ? { type, bytes } : { problem: 'pdf' }
	const picture = await reencode(bytes, type)
	return typeof picture === 'string' ? { problem: picture } : { type, bytes: picture }
}
