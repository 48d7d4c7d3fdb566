// Spec section 2's query helpers: `page` for a list's page, `dialog` for the dialog a screen opens, and
// `form` with `form_method` for the form a screen or dialog opens and whether it creates or edits
// (docs/decisions/115-client-small-things.md). Links built with them work without JavaScript: the
// server reads the same parameters and renders what they ask for.

export type FormMethod = 'create' | 'edit'
type Changes = Partial<Record<'page' | 'dialog' | 'form' | 'form_method', string | number | null>>

/** `href` (a path with its query) with some parameters set, or removed when null. Others stay. */
export function withQuery(href: string, changes: Changes) {
	const [path, search = ''] = href.split('?', 2) as [string, string?]
	const query = new URLSearchParams(search)
	for (const [key, value] of Object.entries(changes)) {
		if (value === null || value === undefined || value === '') query.delete(key)
		else query.set(key, String(value))
	}
	const rest = query.toString()
	return rest ? `${path}?${rest}` : path
}

/** A list's page; page 1 is the list without the parameter. */
export const pageHref = (href: string, page: number) => withQuery(href, { page: page > 1 ? page : null })

/**
 * A filtered list's address: its path with the filters that are set, in their order, then the page past
 * the first. The list's pages, its CSV export and its way back to page 1 all use it.
 */
export function filteredHref(path: string, filters: Record<string, string | null | undefined>, page = 1) {
	const search = new URLSearchParams()
	for (const [key, value] of Object.entries(filters)) if (value) search.set(key, value)
	const query = search.toString()
	return pageHref(query ? `${path}?${query}` : path, page)
}

/** Open a dialog by name, or close it (null): a dialog's form goes with it. */
export const dialogHref = (href: string, dialog: string | null) =>
	withQuery(href, dialog ? { dialog } : { dialog: null, form: null, form_method: null })

/** Open a form by name, saying whether it creates or edits. */
export const formHref = (href: string, form: string, method: FormMethod = 'create') => withQuery(href, { form, form_method: method })

/** The page asked for: a whole number from 1 to 10,000, else 1. */
export function readPage(query: URLSearchParams, name = 'page') {
	const page = Number(query.get(name) ?? '1')
	return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1
}

/** The dialog asked for, when it is one the screen has. */
export function readDialog<T extends string>(query: URLSearchParams, known: readonly T[]): T | null {
	const dialog = query.get('dialog')
	return known.includes(dialog as T) ? (dialog as T) : null
}

/** The form asked for, when it is one the screen has, and whether it creates (the default) or edits. */
export function readForm<T extends string>(query: URLSearchParams, known: readonly T[]): { form: T; method: FormMethod } | null {
	const form = query.get('form')
	if (!known.includes(form as T)) return null
	return { form: form as T, method: query.get('form_method') === 'edit' ? 'edit' : 'create' }
}
