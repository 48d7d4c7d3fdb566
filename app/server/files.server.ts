import { ApiCallError } from './api.server.ts'

type Download = {
	/** The file's name: the API's, or this when it gives none; with `rename`, this whatever the API says. */
	filename: string
	rename?: boolean
	/**
	 * What the API's 400 means: the address names no file (a 404, the default), or the download's
	 * query is refused (a 400 with the API's message).
	 */
	badRequest?: 404 | 400
}

const plainText = (message: string, status: number) =>
	new Response(`${message}\n`, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })

/**
 * A file the API sends (a certificate, a document, a CSV), streamed on as a download; one that is not
 * there is a 404 in the API's words, one not issued yet a 409. It is always an attachment, whatever the
 * API said: an uploaded document is never shown as a page of the portal's origin (decision 029); nosniff
 * comes with every answer of the portal (server/security-headers.ts), so it is not set twice here. A lost
 * session is rethrown for the guard.
 */
export async function passOnFile(fetchFile: () => Promise<Response>, download: Download) {
	let file: Response
	try {
		file = await fetchFile()
	} catch (error) {
		if (error instanceof ApiCallError && !error.logout && (error.status === 404 || error.status === 400)) {
			return plainText(error.message, error.status === 400 ? (download.badRequest ?? 404) : 404)
		}
		// Not issued yet (a pending policy's certificate): the API's reason, as a 409.
		if (error instanceof ApiCallError && !error.logout && error.status === 409) return plainText(error.message, 409)
		throw error
	}
	const given = download.rename ? undefined : file.headers.get('content-disposition')?.match(/filename="([^"]*)"/)?.[1]
	const filename = (given || download.filename).replace(/[^\w.-]/g, '_')
	return new Response(file.body, {
		headers: {
			'Content-Type': file.headers.get('content-type') ?? 'application/octet-stream',
			'Content-Disposition': `attachment; filename="${filename}"`,
			'Cache-Control': 'private, no-store',
		},
	})
}
