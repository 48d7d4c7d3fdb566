import { useEffect, useRef, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { KIT_MESSAGE_PREFIX, KIT_POLL_MS, KIT_QUERY, withoutKitQuery } from '#app/lib/kit.ts'

/**
 * The portal as the kit's host (spec section 2): `?inspectionSdk=…` on an app-shell route opens the kit
 * full screen in a frame of the portal's own origin; completing takes the payload out of the address,
 * and closing takes the frame away too. Without JavaScript the document's head sends the browser to
 * the kit page itself (root.tsx).
 */
export function KitLauncher() {
	const { search, pathname } = useLocation()
	const navigate = useNavigate()
	const [payload, setPayload] = useState<string | null>(null)
	const frame = useRef<HTMLIFrameElement>(null)
	const launched = new URLSearchParams(search).get(KIT_QUERY)

	useEffect(() => {
		if (launched && !pathname.startsWith('/kit')) setPayload(launched)
	}, [launched, pathname])

	useEffect(() => {
		if (!payload) return
		const origin = location.origin
		const clear = () => location.search.includes(KIT_QUERY) && navigate(withoutKitQuery(new URL(location.href)), { replace: true })
		let answered = false
		const poll = setInterval(() => {
			if (answered) clearInterval(poll)
			else frame.current?.contentWindow?.postMessage({ type: `${KIT_MESSAGE_PREFIX}ping` }, origin)
		}, KIT_POLL_MS)
		const onMessage = (event: MessageEvent) => {
			if (event.origin !== origin || !frame.current || event.source !== frame.current.contentWindow) return
			const type = event.data?.type
			if (typeof type !== 'string' || !type.startsWith(KIT_MESSAGE_PREFIX)) return
			answered = true
			if (type.endsWith('success')) clear()
			if (type.endsWith('close')) {
				setPayload(null)
				clear()
			}
		}
		addEventListener('message', onMessage)
		return () => {
			clearInterval(poll)
			removeEventListener('message', onMessage)
		}
	}, [payload, navigate])

	if (!payload) return null
	return (
		<div role="dialog" aria-modal="true" aria-label="Cover kit" className="fixed inset-0 z-50 bg-white">
			<iframe
				ref={frame}
				src={`/kit?${new URLSearchParams({ [KIT_QUERY]: payload, host_origin: location.origin })}`}
				title="Cover kit"
				allow="camera"
				className="absolute inset-0 h-full w-full border-0"
			/>
			<button
				type="button"
				onClick={() => {
					setPayload(null)
					navigate(withoutKitQuery(new URL(location.href)), { replace: true })
				}}
				aria-label="Close the kit"
				className="absolute right-2 top-2 h-10 w-10 rounded-full border bg-white text-2xl"
			>
				×
			</button>
		</div>
	)
}
