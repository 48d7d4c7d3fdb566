import { data } from 'react-router'
import { ApiCallError } from '#app/server/api.server.ts'
import type { InsurerCalls } from '#app/server/insurer.server.ts'

export const POLICY_NOT_FOUND = 'We could not find that policy.'

/** The policy of the URL with its details, or a 404 page: another business's policy is not there. */
export async function loadPolicy(api: InsurerCalls, id: string) {
	try {
		return (await api.getPolicy(id)).data
	} catch (error) {
		if (error instanceof ApiCallError && (error.status === 404 || error.status === 400)) throw data(POLICY_NOT_FOUND, { status: 404 })
		throw error
	}
}

/**
 * A file the API sends, passed on as a download; a policy or document that is not there is a 404, one
 * not issued yet (a pending policy's certificate) a 409 with the API's message. It is always an attachment
 * the browser must not sniff, whatever the API said: an uploaded document is never shown as a page of the
 * portal's origin (decision 029).
 */
export async function passOnFile(fetchFile: () => Promise<Response>, fallbackName: string) {
	let file: Response
	try {
		file = await fetchFile()
	} catch (error) {
		if (error instanceof ApiCallError && !error.logout && (error.status === 404 || error.status === 400)) {
			return new Response(`${error.message}\n`, { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
		}
		if (error instanceof ApiCallError && !error.logout && error.status === 409) {
			return new Response(`${error.message}\n`, { status: 409, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
		}
		throw error
	}
	const filename = (file.headers.get('content-disposition')?.match(/filename="([^"]*)"/)?.[1] || fallbackName).replace(/[^\w.-]/g, '_')
	return new Response(file.body, {
		headers: {
			'Content-Type': file.headers.get('content-type') ?? 'application/octet-stream',
			'Content-Disposition': `attachment; filename="${filename}"`,
			'X-Content-Type-Options': 'nosniff',
			'Cache-Control': 'private, no-store',
		},
	})
}
