// Photos are made smaller in the browser before they are sent (docs/decisions/105-photos-in-the-browser.md):
// a phone's 12-megapixel photo of 4 to 8 MB becomes about 1600 px on its long edge and under 1 MB, so it
// uploads on a slow network and stays under the server's 5 MB limit. The server checks every byte anyway.

export const PHOTO_MAX_EDGE = 1600
export const PHOTO_MAX_BYTES = 1_000_000
const QUALITIES = [0.85, 0.75, 0.65, 0.55]

/** The size a picture is drawn at: within `max` on its long edge, never enlarged. */
export function fitWithin(width: number, height: number, max = PHOTO_MAX_EDGE) {
	const scale = Math.min(1, max / Math.max(width, height))
	return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) }
}

/** The JPEG name of a resized photo: its own name with .jpg. */
export const jpegName = (name: string) => `${(name || 'photo').replace(/\.[^.]*$/, '') || 'photo'}.jpg`

/**
 * A photo as a JPEG within PHOTO_MAX_EDGE and (where quality allows) PHOTO_MAX_BYTES; the file itself
 * when the browser cannot decode it (HEIC in some browsers) or when it is already small. Orientation is
 * applied by createImageBitmap, as browsers read the EXIF orientation.
 */
export async function resizePhoto(file: File): Promise<File> {
	if (!file.type.startsWith('image/') || typeof createImageBitmap !== 'function') return file
	let bitmap: ImageBitmap
	try {
		bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' })
	} catch {
		return file
	}
	const size = fitWithin(bitmap.width, bitmap.height)
	if (size.width === bitmap.width && size.height === bitmap.height && file.size <= PHOTO_MAX_BYTES) {
		bitmap.close()
		return file
	}
	const canvas = document.createElement('canvas')
	canvas.width = size.width
	canvas.height = size.height
	const context = canvas.getContext('2d')
	if (!context) return file
	context.drawImage(bitmap, 0, 0, size.width, size.height)
	bitmap.close()
	let blob: Blob | null = null
	for (const quality of QUALITIES) {
		blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality))
		if (!blob || blob.size <= PHOTO_MAX_BYTES) break
	}
	return blob ? new File([blob], jpegName(file.name), { type: 'image/jpeg' }) : file
}
