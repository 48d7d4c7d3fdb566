import { promisify } from 'node:util'
import { constants, crc32, deflateRaw, deflateRawSync, gzip } from 'node:zlib'

/**
 * gzip for a page that carries a long fixed text, the stylesheet inline on a first page (decision 130):
 * the text is compressed once, and each page compresses only what stands before and after it. A gzip
 * member's deflate data may be made of pieces each compressor ended with a sync flush (an empty stored
 * block that ends on a byte): the pieces are whole blocks, and none refers back into another. Without
 * this, a first visit's `/login` spent a fifth of its time compressing the same 34 KB of CSS again.
 */

/** Whether `text` stands in `page` at `at`, byte for byte: a caller's offset is checked, not trusted. */
function holds(page: Buffer, text: Buffer, at: number) {
	return at >= 0 && text.equals(page.subarray(at, at + text.length))
}

/** gzip's fixed header: deflate, no name or time, unknown system. */
const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff])

const gzipAsync = promisify(gzip)
const deflateRawAsync = promisify(deflateRaw)

export type FixedText = { text: Buffer; deflated: Buffer }

/** A text to splice in: its deflate blocks, made once, ending on a byte with more to come. */
export function fixedText(text: string): FixedText {
	const bytes = Buffer.from(text, 'utf8')
	return { text: bytes, deflated: deflateRawSync(bytes, { level: 9, finishFlush: constants.Z_SYNC_FLUSH }) }
}

/**
 * The page gzipped, with the fixed text's blocks put in as they are; the whole page gzipped if it does not
 * carry it. `knownAt` is where the caller already found the text (firstPageOrder does), which saves a
 * search. The compressing is done on libuv's thread pool, off the thread that renders (decision 136).
 */
export async function gzipAround(page: Buffer, fixed: FixedText | null, knownAt = -1): Promise<Buffer> {
	const at = !fixed ? -1 : holds(page, fixed.text, knownAt) ? knownAt : page.indexOf(fixed.text)
	if (!fixed || at < 0) return gzipAsync(page)
	const [before, after] = await Promise.all([
		deflateRawAsync(page.subarray(0, at), { finishFlush: constants.Z_SYNC_FLUSH }),
		deflateRawAsync(page.subarray(at + fixed.text.length)),
	])
	const trailer = Buffer.alloc(8)
	trailer.writeUInt32LE(crc32(page), 0)
	trailer.writeUInt32LE(page.length % 2 ** 32, 4)
	return Buffer.concat([HEADER, before, fixed.deflated, after, trailer])
}
