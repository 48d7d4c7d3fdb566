import type { Icon as IconType } from '#app/components/ui/icons.tsx'
import { SearchX } from '#app/components/ui/icons.tsx'
import type { ReactNode } from 'react'
import { buttonClass } from './form.tsx'
import { Link } from './link.tsx'

/** The one thing to do next from an empty list: a link drawn as a button. */
type Next = { to: string; label: string; kind?: 'primary' | 'secondary' }

/** What a list shows when it has nothing yet: why, and the one thing to do next (`next`, or any `action`). */
export function EmptyState({
	icon: Icon,
	title,
	children,
	next,
	action = next ? (
		<Link to={next.to} className={buttonClass(next.kind ?? 'primary')}>
			{next.label}
		</Link>
	) : null,
}: {
	icon: IconType
	title: string
	children?: ReactNode
	next?: Next
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

/**
 * What a paged, filtered list shows in place of rows (decision 160), in this order:
 * - nothing, when a filter was refused: the field's error says why;
 * - a line, on a page past the last, with the way to the first page (`firstPage`, the same filters);
 * - no match for the filters, with the way back to the whole list;
 * - else the list's own first state (`first`): what it holds once there is something, and how to start.
 */
export function NoRows({
	noun,
	first,
	refused = false,
	page = 1,
	filtered = false,
	clearTo,
	firstPage,
	noMatch = `No ${noun} match these filters.`,
	clearLabel = 'Clear the filters',
}: {
	/** The rows' plural: "invoices". */
	noun: string
	first: ReactNode
	refused?: boolean
	page?: number
	filtered?: boolean
	/** The list with no filter. */
	clearTo?: string
	/** The first page of the list, with the same filters. */
	firstPage?: string
	noMatch?: string
	clearLabel?: string
}) {
	if (refused) return null
	if (page > 1) {
		return (
			<p className="text-sm text-slate-600">
				There are no {noun} on this page.
				{firstPage ? (
					<>
						{' '}
						<Link to={firstPage} className="text-brand-700 underline">
							Go to the first page
						</Link>
					</>
				) : null}
			</p>
		)
	}
	if (filtered)
		return <EmptyState icon={SearchX} title={noMatch} next={clearTo ? { to: clearTo, label: clearLabel, kind: 'secondary' } : undefined} />
	return first
}
