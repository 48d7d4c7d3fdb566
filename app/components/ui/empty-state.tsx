import type { Icon as IconType } from '#app/components/ui/icons.tsx'
import type { ReactNode } from 'react'

/** What a list shows when it has nothing yet: why, and the one thing to do next. */
export function EmptyState({
	icon: Icon,
	title,
	children,
	action,
}: {
	icon: IconType
	title: string
	children?: ReactNode
	action?: ReactNode
}) {
	return (
		<div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-slate-300 px-4 py-8 text-center">
			<Icon aria-hidden className="size-10 text-slate-500" strokeWidth={1.5} />
			<p className="font-semibold text-slate-900">{title}</p>
			{children ? <div className="max-w-prose text-sm text-slate-600">{children}</div> : null}
			{action ? <div className="mt-2">{action}</div> : null}
		</div>
	)
}
