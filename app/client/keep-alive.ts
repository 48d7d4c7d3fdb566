import { useEffect } from 'react'
import { useLocation, useMatches } from 'react-router'

/** A route module's `handle` that asks to be kept alive (spec section 2). */
export type KeepAliveHandle = { keepAlive?: boolean }

type Kept = { y: number; values: [string, string][] }

/**
 * Spec section 2 marks some screens "kept alive": what was typed and the scroll position survive a
 * trip elsewhere in the same tab (session storage is per tab). A screen opts in with
 * `handle = { keepAlive: true }`; every other screen loads fresh. Passwords, hidden and file fields
 * are never kept.
 */
export function useKeepAlive() {
	const keep = useMatches().some((m) => (m.handle as KeepAliveHandle | undefined)?.keepAlive)
	const { pathname } = useLocation()
	useEffect(() => {
		if (!keep) return
		const key = `kept-alive:${pathname}`
		const main = document.getElementById('main')
		const fields = () =>
			[...(main?.querySelectorAll<HTMLInputElement>('input[name], select[name], textarea[name]') ?? [])].filter(
				(f) => !['password', 'hidden', 'file', 'submit'].includes(f.type),
			)
		try {
			const kept = JSON.parse(sessionStorage.getItem(key) ?? 'null') as Kept | null
			if (kept) {
				const saved = new Map(kept.values)
				for (const field of fields()) {
					const value = saved.get(field.name)
					if (value !== undefined && !field.value) field.value = value
				}
				// After React Router's own scroll to the top of a new page.
				requestAnimationFrame(() => window.scrollTo(0, kept.y))
			}
		} catch {}
		// The position is read as the user scrolls here: by the time this screen unmounts, the address has
		// changed and the next page has moved it.
		let y = window.scrollY
		const onScroll = () => {
			if (window.location.pathname === pathname) y = window.scrollY
		}
		window.addEventListener('scroll', onScroll, { passive: true })
		return () => {
			window.removeEventListener('scroll', onScroll)
			const values = fields()
				.filter((f) => f.value)
				.map((f): [string, string] => [f.name, f.value])
			sessionStorage.setItem(key, JSON.stringify({ y, values } satisfies Kept))
		}
	}, [keep, pathname])
}
