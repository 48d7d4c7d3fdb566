import { useEffect, useState } from 'react'
import { useLocation } from 'react-router'

export const OFFLINE_TEXT = 'You are currently offline'
export const ONLINE_AGAIN_TEXT = 'Welcome Back'
export const VERSION_CHECK_MS = 5 * 60 * 1000
const NEW_CONTENT_PROMPT = 'New content is available. Would you like to refresh?'

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
 * The browser-only parts of the shell: the service worker at /sw.js and its update prompt, the
 * periodic check of builds/latest.json. A failed chunk load is app/entry.client.tsx's.
 */
export function AppShellEffects() {
	const location = useLocation()
	const [stale, setStale] = useState(false)

	useEffect(() => {
		if (!('serviceWorker' in navigator) || import.meta.env.DEV) return
		// Reload only for an update the user accepted: the first install claiming the page must not
		// reload it under someone who is already typing.
		let accepted = false
		navigator.serviceWorker.register('/sw.js').then(
			(registration) => {
				const prompt = (worker: ServiceWorker | null) => {
					if (worker && navigator.serviceWorker.controller && window.confirm(NEW_CONTENT_PROMPT)) {
						accepted = true
						worker.postMessage({ type: 'SKIP_WAITING' })
					}
				}
				prompt(registration.waiting)
				registration.addEventListener('updatefound', () => {
					const worker = registration.installing
					worker?.addEventListener('statechange', () => worker.state === 'installed' && prompt(worker))
				})
			},
			() => {},
		)
		navigator.serviceWorker.addEventListener('controllerchange', () => {
			if (accepted) {
				accepted = false
				window.location.reload()
			}
		})
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

	return null
}
