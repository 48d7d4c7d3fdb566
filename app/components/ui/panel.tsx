import type { ReactNode } from 'react'

/** The white card a screen's sections sit in. */
export const panelClass = 'rounded-xl border border-slate-200 bg-white p-5'

/** A list of label and value pairs: an account's details, a receipt, a policy. */
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

/** A panel of a page, named by its heading. */
export function Panel({ id, title, action, children }: { id: string; title: string; action?: ReactNode; children: ReactNode }) {
	return (
		<section aria-labelledby={id} className={panelClass}>
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
