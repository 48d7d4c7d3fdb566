import type { ReactNode } from 'react'

/** A plain table, scrolling inside its own box when it is wider than the screen; prefer ResponsiveTable. */
export const tableClass = 'w-full min-w-[36rem] border-collapse text-left text-sm'
export const thClass = 'border-b border-slate-200 px-3 py-2 font-semibold text-slate-700'
export const tdClass = 'border-b border-slate-100 px-3 py-2 align-top'

export type Column = string | { label: string; align?: 'right'; hidden?: boolean }

const columnOf = (c: Column) => (typeof c === 'string' ? { label: c } : c)

/** A table's column headings; `actions` adds a last, visually empty one for a row's buttons and links. */
export function TableHead({ columns, actions = false }: { columns: readonly Column[]; actions?: boolean }) {
	return (
		<thead>
			<tr>
				{columns.map(columnOf).map(({ label, align, hidden }) => (
					<th key={label} scope="col" className={`${thClass} ${align === 'right' ? 'text-right' : ''}`}>
						{hidden ? <span className="sr-only">{label}</span> : label}
					</th>
				))}
				{actions ? (
					<th scope="col" className={thClass}>
						<span className="sr-only">Actions</span>
					</th>
				) : null}
			</tr>
		</thead>
	)
}

/**
 * From 640 px a table; below, each row a card of label and value pairs (the `table-cards` rules in
 * app.css), so a phone cuts nothing off. CSS only: it works without JavaScript, and one DOM serves
 * both. Its caption is for screen readers; its rows are `Cell`s.
 */
export function ResponsiveTable({
	caption,
	columns,
	actions = false,
	children,
}: {
	caption: ReactNode
	columns: readonly Column[]
	actions?: boolean
	children: ReactNode
}) {
	return (
		// Positioned, so that what a cell hides off screen (an `sr-only` label is positioned absolutely) scrolls
		// and clips with the table instead of widening the page at a tablet's width.
		<div className="relative sm:overflow-x-auto">
			<table className="table-cards w-full border-collapse text-left text-sm sm:min-w-[36rem]">
				<caption className="sr-only">{caption}</caption>
				<TableHead columns={columns} actions={actions} />
				<tbody>{children}</tbody>
			</table>
		</div>
	)
}

/**
 * One cell; `label` is its column's heading, shown beside the value on a phone (leave it out for a
 * row's actions). `header` makes it the row's heading cell. `tableOnly` leaves it off a phone's card,
 * for what only a table needs (a row's number: the card is its own row).
 */
export function Cell({
	label,
	header = false,
	tableOnly = false,
	className = '',
	children,
}: {
	label?: string
	header?: boolean
	tableOnly?: boolean
	className?: string
	children: ReactNode
}) {
	const props = { 'data-label': label, 'data-table-only': tableOnly || undefined, className: `${tdClass} ${className}` }
	return header ? (
		<th scope="row" {...props} className={`${props.className} font-medium`}>
			{children}
		</th>
	) : (
		<td {...props}>{children}</td>
	)
}
