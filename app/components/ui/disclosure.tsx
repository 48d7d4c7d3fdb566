import type { ReactNode } from 'react'
import { ChevronDown } from '#app/components/ui/icons.tsx'

/**
 * A part of a page closed until asked for, with or without JavaScript (`<details>`). The stylesheet takes
 * away the browser's own triangle (app.css, for the header's menu), so the summary draws a chevron that
 * turns when it is open: without it a closed part reads as a heading over nothing.
 */
export function Disclosure({
	summary,
	className = '',
	summaryClassName = 'font-semibold',
	open,
	children,
}: {
	summary: ReactNode
	className?: string
	summaryClassName?: string
	open?: boolean
	children: ReactNode
}) {
	return (
		<details className={`group ${className}`} open={open}>
			<summary className={`flex cursor-pointer items-center justify-between gap-2 ${summaryClassName}`}>
				{summary}
				<ChevronDown className="size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180" />
			</summary>
			{children}
		</details>
	)
}
