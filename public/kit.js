/*
 * Cover Portal's embedded kit, for a partner's page (docs/decisions/076-kit-frame.md). No dependencies.
 *
 *   <script src="https://PORTAL/kit.js"></script>
 *   const kit = CoverKit.open({
 *     payload: '…',                 // inspection_sdk from POST /api/v1/kit/sessions, made by your server
 *     onSuccess(result) {},         // { session_id, reference, policy_number }
 *     onClose(detail) {},           // the customer closed the kit
 *     onError(error) {},            // { message }
 *   })
 *   kit.close()
 *
 * Messages go only to the portal's exact origin, and only messages from that origin and from the
 * kit's own frame are read. The frame is asked every 500 ms until it answers.
 */
;(() => {
	const script = document.currentScript
	const PORTAL = new URL(script ? script.src : location.href).origin
	const PREFIX = 'cover-kit:'
	const POLL_MS = 500
	const GIVE_UP_MS = 60000

	function open(options) {
		const opts = options || {}
		if (!opts.payload || typeof opts.payload !== 'string') throw new Error('CoverKit.open needs the payload your server made.')
		const overlay = document.createElement('div')
		overlay.setAttribute('role', 'dialog')
		overlay.setAttribute('aria-modal', 'true')
		overlay.setAttribute('aria-label', 'Cover kit')
		overlay.style.cssText = 'position:fixed;inset:0;z-index:2147483647;background:#fff;margin:0;padding:0'
		const frame = document.createElement('iframe')
		frame.src = `${PORTAL}/kit?inspectionSdk=${encodeURIComponent(opts.payload)}&host_origin=${encodeURIComponent(location.origin)}`
		frame.allow = 'camera'
		frame.title = 'Cover kit'
		frame.style.cssText = 'position:absolute;inset:0;width:100%;height:100%;border:0'
		const closer = document.createElement('button')
		closer.type = 'button'
		closer.textContent = '×'
		closer.setAttribute('aria-label', 'Close the kit')
		closer.style.cssText =
			'position:absolute;top:8px;right:8px;z-index:1;width:40px;height:40px;border-radius:20px;border:1px solid #cbd5e1;background:#fff;font:24px/1 sans-serif;cursor:pointer'
		overlay.append(frame, closer)
		document.body.append(overlay)

		let answered = false
		let done = false
		let succeeded = false
		const started = Date.now()
		const call = (name, value) => {
			if (typeof opts[name] === 'function') opts[name](value)
		}
		const poll = setInterval(() => {
			if (answered || done) return clearInterval(poll)
			if (Date.now() - started > GIVE_UP_MS) {
				clearInterval(poll)
				call('onError', { message: 'The kit did not answer. Check your connection and try again.' })
				return
			}
			frame.contentWindow?.postMessage({ type: `${PREFIX}ping` }, PORTAL)
		}, POLL_MS)

		function onMessage(event) {
			// Only the portal, and only this frame: any other page's message is ignored.
			if (event.origin !== PORTAL || event.source !== frame.contentWindow) return
			const data = event.data
			if (!data || typeof data.type !== 'string' || data.type.indexOf(PREFIX) !== 0) return
			answered = true
			const type = data.type.slice(PREFIX.length)
			if (type === 'success' && !succeeded) {
				succeeded = true
				call('onSuccess', { session_id: data.session_id, reference: data.reference, policy_number: data.policy_number })
			} else if (type === 'close') {
				close(data)
			} else if (type === 'error') {
				call('onError', { message: String(data.message || 'The kit could not open.') })
			}
		}

		function close(detail) {
			if (done) return
			done = true
			clearInterval(poll)
			window.removeEventListener('message', onMessage)
			overlay.remove()
			call('onClose', { session_id: detail?.session_id, reference: detail?.reference, completed: succeeded })
		}

		window.addEventListener('message', onMessage)
		closer.addEventListener('click', () => close())
		return { close: () => close() }
	}

	window.CoverKit = { open, origin: PORTAL }
})()
