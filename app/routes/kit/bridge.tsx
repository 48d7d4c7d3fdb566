import { useEffect } from 'react'
import { KIT_MESSAGE_PREFIX, type KitEvent } from '#app/lib/kit.ts'

/**
 * The kit's side of the frame: it answers the host's polls and tells it the outcome, only ever to the
 * one origin the session was made for, and only to the window that framed it. Without JavaScript
 * nothing is said, and the page itself tells the customer.
 */
export function KitBridge({ hostOrigin, outcome }: { hostOrigin: string | null; outcome: KitEvent | null }) {
	useEffect(() => {
		if (!hostOrigin || window.parent === window) return
		const host = window.parent
		const say = (event: KitEvent) => host.postMessage(event, hostOrigin)
		const onMessage = (event: MessageEvent) => {
			if (event.origin !== hostOrigin || event.source !== host) return
			const type = (event.data as { type?: unknown } | null)?.type
			if (type === `${KIT_MESSAGE_PREFIX}ping`) say({ type: 'cover-kit:ready' })
			if (type === `${KIT_MESSAGE_PREFIX}ping` && outcome) say(outcome)
		}
		window.addEventListener('message', onMessage)
		say({ type: 'cover-kit:ready' })
		if (outcome) say(outcome)
		return () => window.removeEventListener('message', onMessage)
	}, [hostOrigin, outcome])
	return null
}
