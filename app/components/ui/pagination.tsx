import { Link } from '#app/components/ui/link.tsx'

/** The first and last pages, and two either side of the current one. */
export function shownPages(page: number, pageCount: number) {
	const pages = new Set([1, pageCount])
	for (let p = page - 2; p <= page + 2; p++) if (p > 1 && p < pageCount) pages.add(p)
	return [...pages].sort((a, b) => a - b)
}

/** Page links of a list: plain links, so they work without JavaScript and can be bookmarked. */
export function Pagination({
	label,
	page,
	pageCount,
	href,
}: {
	label: string
	page: number
	pageCount: number
	href: (page: number) => string
}) {
	if (pageCount <= 1) return null
	const linkClass = 'block rounded-md px-3 py-2 text-brand-700 underline'
	return (
		<nav aria-label={label} className="mt-4">
			<ul className="flex flex-wrap items-center gap-1 text-sm">
				{page > 1 ? (
					<li>
						<Link to={href(page - 1)} className={linkClass}>
							Previous
						</Link>
					</li>
				) : null}
				{shownPages(page, pageCount).map((p, index, pages) => (
					<li key={p} className="flex items-center">
						{index > 0 && p - pages[index - 1]! > 1 ? <span className="px-1 text-slate-600">…</span> : null}
						<Link
							to={href(p)}
							aria-current={p === page ? 'page' : undefined}
							aria-label={`Page ${p}`}
							className={`block min-w-9 rounded-md px-3 py-2 text-center ${p === page ? 'bg-brand-700 font-semibold text-white' : 'text-brand-700 underline'}`}
						>
							{p}
						</Link>
					</li>
				))}
				{page < pageCount ? (
					<li>
						<Link to={href(page + 1)} className={linkClass}>
							Next
						</Link>
					</li>
				) : null}
			</ul>
		</nav>
	)
}

/**
 * Page buttons of a list inside a form: each sends the form by GET to `action` with its page, so what was
 * chosen on the form goes along, with or without JavaScript.
 */
export function PageButtons({ label, page, pageCount, action }: { label: string; page: number; pageCount: number; action: string }) {
	if (pageCount <= 1) return null
	const button = (p: number, text: string, current = false) => (
		<button
			type="submit"
			formMethod="get"
			formAction={action}
			formNoValidate
			name="page"
			value={p}
			aria-current={current ? 'page' : undefined}
			aria-label={text === String(p) ? `Page ${p}` : undefined}
			className={`block min-h-11 min-w-11 rounded-md px-3 py-2 text-center ${current ? 'bg-brand-700 font-semibold text-white' : 'text-brand-700 underline'}`}
		>
			{text}
		</button>
	)
	return (
		<nav aria-label={label} className="mt-4">
			<ul className="flex flex-wrap items-center gap-1 text-sm">
				{page > 1 ? <li>{button(page - 1, 'Previous')}</li> : null}
				{shownPages(page, pageCount).map((p, index, pages) => (
					<li key={p} className="flex items-center">
						{index > 0 && p - pages[index - 1]! > 1 ? <span className="px-1 text-slate-600">…</span> : null}
						{button(p, String(p), p === page)}
					</li>
				))}
				{page < pageCount ? <li>{button(page + 1, 'Next')}</li> : null}
			</ul>
		</nav>
	)
}
