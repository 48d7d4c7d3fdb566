import type { ReactNode } from 'react'

/** A list of label and value pairs, as the settings tabs show an account's details. */
export function Details({ items }: { items: Array<{ label: string; value: ReactNode }> }) {
	return (
		<dl className="grid gap-4 sm:grid-cols-2">
			{items.map((item) => (
				<div key={item.label}>
					<dt className="text-sm text-slate-600">{item.label}</dt>
					<dd className="font-medium break-words">{item.value}</dd>
				</div>
			))}
		</dl>
	)
}

/** A panel of a settings tab, named by its heading. */
export function Panel({ id, title, action, children }: { id: string; title: string; action?: ReactNode; children: ReactNode }) {
	return (
		<section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-5">
			<div className="mb-4 flex flex-wrap items-center justify-between gap-3">
				<h2 id={id} className="text-lg font-semibold">
					{title}
				</h2>
				{action}
			</div>
			{children}
		</section>
	)
}

export const NOT_GIVEN = <span className="font-normal text-slate-600">Not given</span>

/** A day as people in Nigeria read it, in Lagos time: '21 Nov 2026'. */
export function formatDate(iso: string) {
	return new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Africa/Lagos' })
}

export const tableClass = 'w-full min-w-[36rem] border-collapse text-left text-sm'
export const thClass = 'border-b border-slate-200 px-3 py-2 font-semibold text-slate-700'
export const tdClass = 'border-b border-slate-100 px-3 py-2 align-top'

/** A table's column headings; `actions` adds a last, visually empty one for a row's buttons and links. */
export function TableHead({ columns, actions = false }: { columns: readonly string[]; actions?: boolean }) {
	return (
		<thead>
			<tr>
				{columns.map((h) => (
					<th key={h} scope="col" className={thClass}>
						{h}
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
