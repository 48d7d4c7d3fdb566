import { useContext, useEffect, useMemo, useState } from 'react'
import { UNSAFE_DataRouterStateContext } from 'react-router'
import type { Toast } from '#app/server/toast.server.ts'

/** Spec section 9: notifications last 3 s; at most 3 messages and 1 error popup. */
export const TOAST_MS = 3_000
export const MAX_MESSAGES = 3
export const MAX_ERROR_POPUPS = 1

export function visibleToasts(toasts: Toast[]) {
	const errors = toasts.filter((t) => t.type === 'danger').slice(-MAX_ERROR_POPUPS)
	const messages = toasts.filter((t) => t.type !== 'danger').slice(-MAX_MESSAGES)
	return [...errors, ...messages]
}

type WithNotifications = { notifications?: Toast[] }

/**
 * The notifications a failed action returned (`notifications` in its data), whichever route's action
 * it was: a failed form keeps its page and values, so its messages cannot be flashed for the next
 * page. React Router has no public hook for every route's action data; its router state holds them,
 * on the server (JavaScript off) as in the browser.
 */
export function useActionNotifications(): Toast[] {
	const actionData = useContext(UNSAFE_DataRouterStateContext)?.actionData
	return useMemo(() => Object.values(actionData ?? {}).flatMap((d) => (d as WithNotifications | null)?.notifications ?? []), [actionData])
}

const STYLE = {
	success: 'border-emerald-300 bg-emerald-50 text-emerald-900',
	warning: 'border-amber-300 bg-amber-50 text-amber-900',
	danger: 'border-red-300 bg-red-50 text-red-900',
} as const

/**
 * Without JavaScript these are banners at the top of the page. With it they leave after 3 s,
 * or at once with the close button.
 */
export function Toasts({ toasts }: { toasts: Toast[] }) {
	const [shown, setShown] = useState(() => visibleToasts(toasts))
	useEffect(() => {
		setShown(visibleToasts(toasts))
		if (!toasts.length) return
		const timer = setTimeout(() => setShown([]), TOAST_MS)
		return () => clearTimeout(timer)
	}, [toasts])
	if (!shown.length) return null
	return (
		<div className="mx-auto w-full max-w-3xl space-y-2 px-4 pt-3" data-testid="toasts">
			{shown.map((t) => (
				<div
					key={t.id}
					role={t.type === 'danger' ? 'alert' : 'status'}
					className={`flex items-start justify-between gap-3 rounded-md border px-4 py-3 text-sm shadow-sm ${STYLE[t.type]}`}
				>
					<div>
						{t.title ? <p className="font-semibold">{t.title}</p> : null}
						<p>{t.description}</p>
					</div>
					<button
						type="button"
						className="js-only -m-1 rounded p-1 text-lg leading-none"
						aria-label="Dismiss"
						onClick={() => setShown((s) => s.filter((x) => x.id !== t.id))}
					>
						×
					</button>
				</div>
			))}
		</div>
	)
}
