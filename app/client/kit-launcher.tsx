import { useEffect, useRef, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { KIT_MESSAGE_PREFIX, KIT_POLL_MS, KIT_QUERY, withoutKitQuery } from '#app/lib/kit.ts'

/**
 * The portal as the kit's host (spec section 2): `?inspectionSdk=…` on an app-shell route opens the kit
 * full screen in a frame of the portal's own origin; closing or completing takes the payload out of the
 * address. Without JavaScript the document's head sends the browser to the kit page itself (root.tsx).
 */
export function KitLauncher() {
	const location = useLocation()
	const navigate = useNavigate()
	const [payload, setPayload] = useState<string | null>(null)
	const frame = useRef<HTMLIFrameElement>(null)
	const launched = new URLSearchParams(location.search).get(KIT_QUERY)

	useEffect(() => {
		if (launched && !location.pathname.startsWith('/kit')) setPayload(launched)
	}, [launched, location.pathname])

	useEffect(() => {
		if (!payload) return
		const origin = window.location.origin
		const clearQuery = () => {
			const url = new URL(window.location.href)
			if (url.searchParams.has(KIT_QUERY)) void navigate(withoutKitQuery(url), { replace: true })
		}
		let answered = false
		const poll = setInterval(() => {
			if (answered) return clearInterval(poll)
			frame.current?.contentWindow?.postMessage({ type: `${KIT_MESSAGE_PREFIX}ping` }, origin)
		}, KIT_POLL_MS)
		const onMessage = (event: MessageEvent) => {
			if (event.origin !== origin || !frame.current || event.source !== frame.current.contentWindow) return
			const type = (event.data as { type?: unknown } | null)?.type
			if (typeof type !== 'string' || !type.startsWith(KIT_MESSAGE_PREFIX)) return
			answered = true
			if (type === `${KIT_MESSAGE_PREFIX}success`) clearQuery()
			if (type === `${KIT_MESSAGE_PREFIX}close`) {
				setPayload(null)
				clearQuery()
			}
		}
		window.addEventListener('message', onMessage)
		return () => {
			clearInterval(poll)
			window.removeEventListener('message', onMessage)
		}
	}, [payload, navigate])

	if (!payload) return null
	const close = () => {
		setPayload(null)
		const url = new URL(window.location.href)
		if (url.searchParams.has(KIT_QUERY)) void navigate(withoutKitQuery(url), { replace: true })
	}
	const src = `/kit?${new URLSearchParams({ [KIT_QUERY]: payload, host_origin: window.location.origin })}`
	return (
		<div role="dialog" aria-modal="true" aria-label="Cover kit" className="fixed inset-0 z-50 bg-white">
			<iframe ref={frame} src={src} title="Cover kit" allow="camera" className="absolute inset-0 h-full w-full border-0" />
			<button
				type="button"
				onClick={close}
				aria-label="Close the kit"
				className="absolute right-2 top-2 z-10 h-10 w-10 rounded-full border border-slate-300 bg-white text-2xl leading-none"
			>
				×
			</button>
		</div>
	)
}
