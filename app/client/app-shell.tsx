import { useEffect, useRef, useState } from 'react'
import { useLocation } from 'react-router'
import { DANGER_TITLE, MESSAGES } from '#app/lib/errors.ts'
import type { Toast } from '#app/server/toast.server.ts'

export const OFFLINE_TEXT = 'You are currently offline'
export const ONLINE_AGAIN_TEXT = 'Welcome Back'
export const VERSION_CHECK_MS = 5 * 60 * 1000
export const NEW_CONTENT_PROMPT = 'New content is available. Would you like to refresh?'

/** 'You are currently offline' while offline; 'Welcome Back' for a moment when the connection returns. */
export function OfflineBanner() {
	const [state, setState] = useState<'online' | 'offline' | 'back'>('online')
	useEffect(() => {
		let timer: ReturnType<typeof setTimeout> | undefined
		const offline = () => setState('offline')
		const online = () => {
			setState('back')
			timer = setTimeout(() => setState('online'), 3_000)
		}
		if (!navigator.onLine) offline()
		window.addEventListener('offline', offline)
		window.addEventListener('online', online)
		return () => {
			clearTimeout(timer)
			window.removeEventListener('offline', offline)
			window.removeEventListener('online', online)
		}
	}, [])
	if (state === 'online') return null
	return (
		<div
			role="status"
			className={`px-4 py-2 text-center text-sm font-medium ${state === 'offline' ? 'bg-slate-900 text-white' : 'bg-emerald-700 text-white'}`}
		>
			{state === 'offline' ? OFFLINE_TEXT : ONLINE_AGAIN_TEXT}
		</div>
	)
}

/**
 * A form sent while the browser is offline would only reach the error page and lose what was typed:
 * it is held back instead, with section 8's message, and the form stays as it is.
 */
export function useOfflineSubmitNotice(): Toast[] {
	const [notices, setNotices] = useState<Toast[]>([])
	useEffect(() => {
		const onSubmit = (event: SubmitEvent) => {
			if (navigator.onLine) return
			event.preventDefault()
			event.stopImmediatePropagation()
			setNotices([{ id: `offline-${Date.now()}`, type: 'danger', title: DANGER_TITLE, description: MESSAGES.offline }])
		}
		// Capturing on window runs before React's own listener on the document.
		window.addEventListener('submit', onSubmit, true)
		return () => window.removeEventListener('submit', onSubmit, true)
	}, [])
	return notices
}

/**
 * The browser-only parts of the shell: the service worker at /sw.js and the prompt when a new one
 * waits, and the periodic check of builds/latest.json. A failed chunk load is app/entry.client.tsx's.
 */
export function AppShellEffects() {
	const location = useLocation()
	const [stale, setStale] = useState(false)
	const [waiting, setWaiting] = useState<ServiceWorker | null>(null)
	const registration = useRef<ServiceWorkerRegistration | null>(null)
	const accepted = useRef(false)

	useEffect(() => {
		if (!('serviceWorker' in navigator) || import.meta.env.DEV) return
		const container = navigator.serviceWorker
		// Only an update the user accepted reloads: the first install taking the page must not reload it
		// under someone who is already typing.
		container.addEventListener('controllerchange', () => accepted.current && window.location.reload())
		const offer = (worker: ServiceWorker | null) => worker && container.controller && setWaiting(worker)
		// Registered once the page has loaded, so the precache never competes with the first paint.
		const register = () =>
			container.register('/sw.js').then(
				(found: ServiceWorkerRegistration | undefined) => {
					// A browser driven by a test tool (Playwright's serviceWorkers: 'block') answers with nothing.
					if (!found) return
					registration.current = found
					offer(found.waiting)
					found.onupdatefound = () => {
						const worker = found.installing
						if (worker) worker.onstatechange = () => worker.state === 'installed' && offer(worker)
					}
				},
				() => {},
			)
		if (document.readyState === 'complete') register()
		else window.addEventListener('load', register)
	}, [])

	useEffect(() => {
		const current = (window as { __reactRouterManifest?: { version?: string } }).__reactRouterManifest?.version
		if (!current) return
		const check = () =>
			fetch('/builds/latest.json', { cache: 'no-store' })
				.then((r) => (r.ok ? r.json() : null))
				.then((latest: { version?: string } | null) => {
					if (!latest?.version || latest.version === current) return
					document.documentElement.dataset.newVersion = latest.version
					setStale(true)
					// The new build brings a new worker: look for it now rather than at the next page load.
					void registration.current?.update().catch(() => {})
				})
				.catch(() => {})
		const timer = setInterval(check, VERSION_CHECK_MS)
		return () => clearInterval(timer)
	}, [])

	// A new version reloads at the next navigation, never under a user who is typing.
	// biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only; a version found stale mid-page waits for it
	useEffect(() => {
		if (stale) window.location.reload()
	}, [location.pathname])

	if (!waiting) return null
	return (
		<div
			role="alertdialog"
			aria-labelledby="new-content"
			className="fixed inset-x-4 bottom-4 z-50 mx-auto flex max-w-lg flex-wrap items-center gap-3 rounded-lg border border-slate-300 bg-white px-4 py-3 text-sm shadow-lg"
		>
			<p id="new-content" className="font-medium">
				{NEW_CONTENT_PROMPT}
			</p>
			<div className="flex gap-2">
				<button
					type="button"
					className="min-h-11 rounded-md bg-brand-700 px-4 font-semibold text-white"
					onClick={() => {
						accepted.current = true
						waiting.postMessage({ type: 'SKIP_WAITING' })
					}}
				>
					Refresh
				</button>
				<button type="button" className="min-h-11 rounded-md border border-slate-300 px-4" onClick={() => setWaiting(null)}>
					Not now
				</button>
			</div>
		</div>
	)
}
