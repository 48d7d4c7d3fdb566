import { PassThrough } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import type { EntryContext, RouterContextProvider } from 'react-router'
import { ServerRouter } from 'react-router'

// server.ts reads this from the build, so that it sets the very context key the routes read.
export { clientAddressContext, transportContext } from './server/context.server.ts'

export const streamTimeout = 10_000

export default function handleRequest(
	request: Request,
	responseStatusCode: number,
	responseHeaders: Headers,
	routerContext: EntryContext,
	_loadContext: RouterContextProvider,
) {
	return new Promise((resolve, reject) => {
		let shellRendered = false
		const userAgent = request.headers.get('user-agent')
		// Bots and no-JS readers get the whole document at once; browsers get the shell first.
		const readyOption = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady'
		const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} />, {
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
				if (shellRendered) console.error(error)
			},
		})
		setTimeout(abort, streamTimeout + 1000)
	})
}
