import { type ReactNode, useEffect, useRef } from 'react'
import { useNavigate } from 'react-router'
import { Link } from '#app/components/ui/link.tsx'

/**
 * A dialog opened by the `dialog` query parameter and rendered on the server (spec section 2), so it
 * works without JavaScript: closing is a link to `closeTo`. With JavaScript it becomes modal (focus
 * kept inside, Escape closes) through the native <dialog> element. Either way the dialog takes the
 * focus as it opens (`autofocus`, which needs no script), so the keyboard's next stop is its Close link
 * and then its form, not the page under it.
 */
export function Dialog({ title, closeTo, children }: { title: string; closeTo: string; children: ReactNode }) {
	const ref = useRef<HTMLDialogElement>(null)
	const navigate = useNavigate()
	useEffect(() => {
		const dialog = ref.current
		if (!dialog) return
		if (dialog.open) dialog.close()
		dialog.showModal()
		return () => dialog.close()
	}, [])
	return (
		<dialog
			ref={ref}
			open
			tabIndex={-1}
			// biome-ignore lint/a11y/noAutofocus: a dialog that opens takes the focus, as showModal() gives it; without JavaScript only the attribute does
			autoFocus
			aria-labelledby="dialog-title"
			onCancel={(event) => {
				event.preventDefault()
				navigate(closeTo, { replace: true, preventScrollReset: true })
			}}
			className="fixed inset-0 z-40 m-auto w-[min(32rem,calc(100%-2rem))] rounded-xl border border-slate-200 bg-white p-0 shadow-xl backdrop:bg-slate-900/50"
		>
			<div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4">
				<h2 id="dialog-title" className="text-lg font-semibold">
					{title}
				</h2>
				<Link to={closeTo} replace preventScrollReset aria-label="Close" className="-m-2 rounded p-2 text-xl leading-none text-slate-600">
					×
				</Link>
			</div>
			<div className="px-5 py-4">{children}</div>
		</dialog>
	)
}
