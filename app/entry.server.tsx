import { Writable } from 'node:stream'
import { promisify } from 'node:util'
import { brotliCompress, constants } from 'node:zlib'
import Negotiator from 'negotiator'
import { renderToPipeableStream } from 'react-dom/server'
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from 'react-router'
import { ServerRouter } from 'react-router'
import { NonceProvider } from './lib/nonce.ts'
import { PageMarkup } from './lib/page-markup.ts'
import { StylesheetProvider } from './lib/stylesheet.ts'
import { nonceContext, pageMarkupContext, requestIdContext } from './server/context.server.ts'
import { reportPortalError } from './server/error-reporting.server.ts'
import { type FixedText, gzipAround } from './server/gzip-around.server.ts'
import { stylesheetFor, withFirstPageRules } from './server/stylesheet.server.tsx'

// server.ts reads these from the build, so that it sets the very context keys the routes read.
export {
	clientAddressContext,
	nonceContext,
	pageMarkupContext,
	requestIdContext,
	transportContext,
} from './server/context.server.ts'

export const streamTimeout = 10_000

/** Below this a document is sent as it is: gzip's header and dictionary would outweigh what it saves. */
const COMPRESS_FROM_BYTES = 1024

/** A loader, action or render failed: log it, and report it by the rule of section 8. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
	reportPortalError(error, request, (context as RouterContextProvider).get(requestIdContext))
}

/**
 * The document is rendered whole and sent in one piece, gzipped here when the browser takes gzip
 * (docs/decisions/128-request-path-second-pass.md). No loader hands the page a promise to stream in
 * later, so streaming bought no earlier byte of content; it cost a chunk at a time through three
 * stream layers and the compression middleware, about a fifth of a signed-in page's time.
 */
export default async function handleRequest(
	request: Request,
	responseStatusCode: number,
	responseHeaders: Headers,
	routerContext: EntryContext,
	loadContext: RouterContextProvider,
) {
	// server.ts sends the CSP with this nonce; React Router and React put it on their inline scripts.
	const nonce = loadContext.get(nonceContext)
	// Inline on a browser's first page, a link after it (decision 130).
	const stylesheet = await stylesheetFor(request, responseHeaders)
	return new Promise<Response>((resolve, reject) => {
		let shellRendered = false
		// Cleared when the document is done: a pending timer would hold the whole render for 11 s.
		const deadline = setTimeout(() => abort(), streamTimeout + 1000)
		const chunks: Buffer[] = []
		const document = new Writable({
			write(chunk: Buffer, _encoding, done) {
				chunks.push(chunk)
				done()
			},
			final(done) {
				clearTimeout(deadline)
				const page = Buffer.concat(chunks)
				// A first page: the rules it needs at the start of the body, the scripts after the first frame (decisions 142, 145, 149).
				const sent = stylesheet.inline ? withFirstPageRules(page, stylesheet.inline) : { page, stylesheetAt: -1, gzip: null }
				documentResponse(request, sent, responseHeaders, responseStatusCode).then(resolve, reject)
				done()
			},
		})
		const { pipe, abort } = renderToPipeableStream(
			<NonceProvider value={nonce}>
				<StylesheetProvider value={stylesheet.head}>
					<PageMarkup value={loadContext.get(pageMarkupContext)}>
						<ServerRouter context={routerContext} url={request.url} nonce={nonce} />
					</PageMarkup>
				</StylesheetProvider>
			</NonceProvider>,
			{
				nonce,
				onShellReady() {
					shellRendered = true
				},
				onAllReady() {
					pipe(document)
				},
				onShellError(error: unknown) {
					clearTimeout(deadline)
					reject(error)
				},
				onError(error: unknown) {
					responseStatusCode = 500
					if (shellRendered) reportPortalError(error, request, loadContext.get(requestIdContext))
				},
			},
		)
	})
}

const brotliAsync = promisify(brotliCompress)

/**
 * A first page, with its rules inline, in Brotli at quality 5 (decision 149): a browser gets it once per
 * build, and it is the page that has to arrive in the first round trip. Signed-in home as a first page:
 * 13,240 bytes at quality 5 against 14,690 at 3.
 */
const FIRST_PAGE_QUALITY = 5

/**
 * Brotli at quality 3 for a browser that takes it (decision 130): a page in less than half the time gzip
 * takes at its default level, at about its size. Measured on the signed-in home page (53 KB): 11,292 bytes
 * in 0.30 ms against gzip's 11,337 in 0.68 ms; on /login with its stylesheet inline (44 KB): 10,576 in
 * 0.19 ms against 10,237 in 0.46 ms. Quality 4 was 4% smaller and took twice as long: on a first visit,
 * compressing the inline stylesheet was a fifth of /login's time. A first page now carries only the rules
 * it needs, and is compressed harder (FIRST_PAGE_QUALITY).
 */
function brotli(html: Buffer, quality: number) {
	return brotliAsync(html, {
		params: {
			[constants.BROTLI_PARAM_QUALITY]: quality,
			[constants.BROTLI_PARAM_SIZE_HINT]: html.length,
			[constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
		},
	})
}

/** Compressed on libuv's thread pool: the second core does it while this thread renders the next page (decision 136). */
async function documentResponse(
	request: Request,
	{ page: html, stylesheetAt, gzip: inlineStylesheet }: { page: Buffer; stylesheetAt: number; gzip: FixedText | null },
	headers: Headers,
	status: number,
) {
	headers.set('Content-Type', 'text/html; charset=utf-8')
	headers.append('Vary', 'Accept-Encoding')
	// The compression middleware leaves an answer that already has a Content-Encoding alone.
	const takes = new Negotiator({ headers: { 'accept-encoding': request.headers.get('accept-encoding') ?? '' } })
	// Brotli where the browser ranks both alike, as the compression middleware chooses (@types/negotiator
	// predates negotiator 1's `preferred`).
	const pick = takes.encoding.bind(takes) as (available: string[], options: { preferred: string[] }) => string | undefined
	const encoding = html.length >= COMPRESS_FROM_BYTES ? pick(['br', 'gzip'], { preferred: ['br', 'gzip'] }) : undefined
	const body =
		encoding === 'br'
			? await brotli(html, inlineStylesheet ? FIRST_PAGE_QUALITY : 3)
			: encoding === 'gzip'
				? await gzipAround(html, inlineStylesheet, stylesheetAt)
				: html
	if (encoding === 'br' || encoding === 'gzip') headers.set('Content-Encoding', encoding)
	headers.set('Content-Length', String(body.length))
	return new Response(request.method === 'HEAD' ? null : (body as Uint8Array<ArrayBuffer>), { headers, status })
}
