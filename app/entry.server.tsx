import { PassThrough } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from 'react-router'
import { ServerRouter } from 'react-router'
import { NonceProvider } from './lib/nonce.ts'
import { nonceContext, requestIdContext } from './server/context.server.ts'
import { reportPortalError } from './server/error-reporting.server.ts'

// server.ts reads these from the build, so that it sets the very context keys the routes read.
export { clientAddressContext, nonceContext, requestIdContext, transportContext } from './server/context.server.ts'

export const streamTimeout = 10_000

/** A loader, action or render failed: log it, and report it by the rule of section 8. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
	reportPortalError(error, request, (context as RouterContextProvider).get(requestIdContext))
}

export default function handleRequest(
	request: Request,
	responseStatusCode: number,
	responseHeaders: Headers,
	routerContext: EntryContext,
	loadContext: RouterContextProvider,
) {
	// server.ts sends the CSP with this nonce; React Router and React put it on their inline scripts.
	const nonce = loadContext.get(nonceContext)
	return new Promise((resolve, reject) => {
		let shellRendered = false
		const userAgent = request.headers.get('user-agent')
		// Bots and no-JS readers get the whole document at once; browsers get the shell first.
		const readyOption = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady'
		const { pipe, abort } = renderToPipeableStream(
			<NonceProvider value={nonce}>
				<ServerRouter context={routerContext} url={request.url} nonce={nonce} />
			</NonceProvider>,
			{
				nonce,
				[readyOption]() {
					shellRendered = true
					const body = new PassThrough()
					responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
					resolve(
						new Response(createReadableStreamFromReadable(body), {
							headers: responseHeaders,
							status: responseStatusCode,
						}),
					)
					pipe(body)
				},
				onShellError(error: unknown) {
					reject(error)
				},
				onError(error: unknown) {
					responseStatusCode = 500
					if (shellRendered) reportPortalError(error, request, loadContext.get(requestIdContext))
				},
			},
		)
		setTimeout(abort, streamTimeout + 1000)
	})
}
